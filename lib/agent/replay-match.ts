/**
 * Matching a recorded step's element to an element of the page as it is now, deterministically: the snapshot's
 * role (text fields as one family) and accessible name, compared after the one cleaner's invisible characters,
 * spaces and case are set aside; several alike are told apart by the text of their table row; anything else
 * (none, or still several) is no match, and the model is asked. Never by CSS selector, id or position.
 */
import type { RecordedTarget } from '../core/recording';
import { stripInvisibleChars } from '../page/strip-invisible-chars';

/** What of a snapshot element the matcher reads (PageElement's fields). */
export interface MatchableElement {
  ref: string;
  role: string;
  name: string;
  row?: string;
  writeOnly?: true;
  disabled?: boolean;
}

const TEXT_ROLES = new Set(['textbox', 'searchbox']);

/** Text compared as a person reads it: no invisible characters, runs of space as one, case set aside. */
export const normalizeText = (text: string | undefined) =>
  stripInvisibleChars(text ?? '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLocaleLowerCase('en');

const sameRole = (a: string, b: string) => a === b || (TEXT_ROLES.has(a) && TEXT_ROLES.has(b));

/** The ref of the one element that is `target` now, or undefined when none or several are. */
export function matchTarget(
  target: RecordedTarget,
  elements: readonly MatchableElement[],
  opts: { writeOnly?: boolean } = {},
): string | undefined {
  const name = normalizeText(target.name);
  const alike = elements.filter(
    (e) =>
      !e.disabled &&
      !!e.writeOnly === !!opts.writeOnly &&
      sameRole(e.role, target.role) &&
      normalizeText(e.name) === name,
  );
  // An unnamed element is told apart only by its row: a bare "first unnamed button" would be a guess.
  const named = name ? alike : alike.filter((e) => target.row !== undefined && e.row !== undefined);
  if (named.length === 1) return named[0]!.ref;
  if (named.length === 0 || target.row === undefined) return undefined;
  const row = normalizeText(target.row);
  const inRow = named.filter((e) => normalizeText(e.row) === row);
  return inRow.length === 1 ? inRow[0]!.ref : undefined;
}

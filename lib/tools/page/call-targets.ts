/**
 * What a consequential page call names and where it can send the page, worked out from its arguments (and,
 * for the destination, from what the page answered about those elements). Pure: the approval's locate step
 * uses these before any card is shown.
 */
import type { IdentifyInput } from '../../page/page-command';
import type { ShownIdentity } from '../../page/shown-identity';
import type { SnapshotSummary } from './page-target-store';

type Args = Record<string, unknown>;
const args = (input: unknown): Args => (typeof input === 'object' && input !== null ? (input as Args) : {});
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** A key press that activates what has the focus: Enter (links, buttons, a field's form) or Space (buttons). */
const isEnter = (key: string) => /(^|\+)enter$/i.test(key);
const isSpace = (key: string) => /(^|\+)(space| )$/i.test(key);

/** The elements, forms and focus a call acts on, as the page's identify command takes them. */
export function namedBy(toolName: string, input: unknown): IdentifyInput {
  const o = args(input);
  switch (toolName) {
    case 'click':
      return { refs: [str(o.key)].filter((r) => r !== undefined) };
    case 'submit_form':
      return { refs: [], forms: [str(o.form)].filter((r) => r !== undefined) };
    case 'fill_form':
      return { refs: [], fields: typeof o.updates === 'object' && o.updates !== null ? Object.keys(o.updates) : [] };
    case 'press':
      return str(o.ref) === undefined ? { refs: [], focus: true } : { refs: [str(o.ref)!] };
    default:
      return { refs: [str(o.ref)].filter((r) => r !== undefined) };
  }
}

/**
 * Where the call can send the page, from what the page says now: a link's URL (click, Enter on it), the
 * action URL of the form a submit button, submit_form or Enter in a field submits, and where the form of a
 * password field sends it. Undefined for calls that stay on the page.
 */
export function destinationOf(
  toolName: string,
  input: unknown,
  shown: ShownIdentity[] | undefined,
): { url: string; method?: string } | undefined {
  const [first] = shown ?? [];
  if (!first) return undefined;
  const form =
    first.action === undefined ? undefined : { url: first.action, ...(first.method ? { method: first.method } : {}) };
  const link = first.href === undefined ? undefined : { url: first.href };
  switch (toolName) {
    case 'click':
      // A text field in a form has a destination (Enter sends it) but clicking it sends nothing.
      return link ?? (first.role === 'button' ? form : undefined);
    case 'submit_form':
    case 'fill_password':
      return form;
    case 'press': {
      const key = str(args(input).key) ?? '';
      if (isEnter(key)) return link ?? form;
      return isSpace(key) && first.role === 'button' ? form : undefined;
    }
    default:
      return undefined;
  }
}

/**
 * The refusal of a call naming a ref or key the run's last snapshot of this tab and frame never listed (the
 * model's guess, a ref of another tab, a region or a role name): refused before any card, so the user is never
 * asked about something the model was not shown. Undefined when every name was listed.
 */
export function unlistedRefRefusal(
  toolName: string,
  input: unknown,
  summary: SnapshotSummary | undefined,
): string | undefined {
  const named = namedBy(toolName, input);
  const fields = new Set([...(summary?.fieldKeys ?? []), ...(summary?.writeOnlyKeys ?? [])]);
  const clickable = new Set(summary?.buttons.map((b) => b.key) ?? []);
  const forms = new Set(summary?.forms.map((f) => f.key) ?? []);
  const listed = (ref: string) => {
    if (toolName === 'click') return clickable.has(ref);
    if (toolName === 'fill_password') return summary?.writeOnlyKeys?.includes(ref) ?? false;
    return fields.has(ref) || clickable.has(ref);
  };
  const missing = [
    ...named.refs.filter((r) => !listed(r)),
    ...(named.fields ?? []).filter((r) => !fields.has(r)),
    ...(named.forms ?? []).filter((f) => !forms.has(f)),
  ];
  if (!missing.length) return undefined;
  const what = toolName === 'submit_form' ? 'a form' : toolName === 'fill_form' ? 'a field' : 'an element';
  const list = missing
    .slice(0, 5)
    .map((r) => JSON.stringify(r.slice(0, 80)))
    .join(', ');
  return (
    `${toolName} refused: ${list} ${missing.length === 1 ? 'is' : 'are'} not ${what} the last page snapshot of this tab listed, so the user was not asked and nothing was done. ` +
    'Use only refs (and form keys) from the latest get_page_state or get_form_state of this page.'
  );
}

/**
 * The access gate: how much the agent may do on a site, and the refusal a call gets when it asks for more.
 * 'full' lets every tool through (to its approval card), 'read' only tools that change nothing (`readOnly`),
 * 'none' nothing at all on that site, not even reads. Several sources may each narrow it (the user's "Read only"
 * switch, later an organisation's per-site policy); the narrowest wins, so no source can widen another. The run
 * asks `accessFor(site)` for every call, in the background, whatever the model asked for.
 */
import type { Tool } from '../tools/define-tool';
import { ToolError } from '../tools/tool-error';
import type { AccessRefusalKind } from '../core/run-part';

export type SiteAccess = 'none' | 'read' | 'full';

/** Whose rule set a level: the user's own "Read only" switch, or the organisation's policy (which the user cannot change). */
export type AccessSource = 'user' | 'organisation';

/** A level with who set it; a bare level is the user's. */
export type SiteAccessBy = { level: SiteAccess; by: AccessSource };

/** How much access the run has on a site (an injected dependency of the runtime). */
export type AccessFor = (site: string | undefined) => Promise<SiteAccess | SiteAccessBy>;

const rank: Record<SiteAccess, number> = { none: 0, read: 1, full: 2 };

const withSource = (a: SiteAccess | SiteAccessBy): SiteAccessBy =>
  typeof a === 'string' ? { level: a, by: 'user' } : a;

/** The narrowest of the levels given; with none given, 'full' (nothing narrowed it). */
export function narrowestAccess(...levels: SiteAccess[]): SiteAccess {
  return levels.reduce<SiteAccess>((a, b) => (rank[b] < rank[a] ? b : a), 'full');
}

/**
 * The narrowest of the levels given, with who set it: where the user's switch and the organisation narrow alike,
 * the organisation's is named (turning the switch off would not change it).
 */
export function narrowestAccessBy(...levels: (SiteAccess | SiteAccessBy)[]): SiteAccessBy {
  return levels.map(withSource).reduce<SiteAccessBy>(
    (a, b) => {
      if (rank[b.level] !== rank[a.level]) return rank[b.level] < rank[a.level] ? b : a;
      return b.by === 'organisation' && b.level !== 'full' ? b : a;
    },
    { level: 'full', by: 'user' },
  );
}

/**
 * A call the access gate refused: a ToolError journaled as its kind ('read-only', 'no-access', or the
 * organisation's), so its card can say why. A type and a factory, not a subclass (issue 20: one ToolError class);
 * `isAccessRefusal(error.outcome)` tells one apart.
 */
export type AccessRefusal = ToolError & { readonly outcome: AccessRefusalKind };

const refusal = (kind: AccessRefusalKind, message: string): AccessRefusal =>
  new ToolError(message, { outcome: kind }) as AccessRefusal;

const where = (site: string | undefined) => (site ? ` on ${site}` : '');

/** The refusal for calling `tool` with `access` on `site`, or undefined when the call may go on (to its approval). */
export function accessRefusal(
  tool: Pick<Tool, 'name' | 'readOnly'>,
  access: SiteAccess | SiteAccessBy,
  site?: string,
): AccessRefusal | undefined {
  const { level, by } = withSource(access);
  const org = by === 'organisation';
  if (level === 'full') return undefined;
  if (level === 'none')
    return refusal(
      org ? 'org-no-access' : 'no-access',
      org
        ? `Refused: the user's organisation gives Tabwise no access${where(site)} (a policy the user cannot change), so ${tool.name} was not run and nothing was read or changed. Do not retry; tell the user.`
        : `Refused: Tabwise has no access${where(site)}, so ${tool.name} was not run and nothing was read or changed. Do not retry; tell the user.`,
    );
  if (tool.readOnly) return undefined;
  return refusal(
    org ? 'org-read-only' : 'read-only',
    (org
      ? `Refused: the user's organisation has made this site read only${where(site)} (a policy the user cannot change). `
      : `Refused: read only is on${where(site)}. `) +
      `${tool.name} can change things (write, click, type, submit, navigate or save), so it was not run and nothing changed. ` +
      'You may still read (read_page, get_form_state, search, fetch_url). Do not retry; tell the user what you would have done.',
  );
}

/** The access gate's refusal for a call, asking `accessFor` the call's site. It fails closed: no answer, no access. */
export async function checkAccess(
  accessFor: AccessFor,
  tool: Pick<Tool, 'name' | 'readOnly'>,
  site: string | undefined,
): Promise<AccessRefusal | undefined> {
  let access: SiteAccess | SiteAccessBy;
  try {
    access = await accessFor(site);
  } catch (error) {
    return refusal(
      'no-access',
      `Refused: Tabwise could not tell what it may do${where(site)} (${error instanceof Error ? error.message : String(error)}), so ${tool.name} was not run.`,
    );
  }
  return accessRefusal(tool, access, site);
}

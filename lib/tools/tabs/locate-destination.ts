/** Where navigate and open_tab would go, decided before anyone is asked: refusals here are never shown as cards. */
import type { ActionTarget, ToolContext } from '../define-tool';
import { ToolError } from '../tool-error';
import { checkHttpUrl } from './check-http-url';
import type { RunTabAccess } from './run-tab-access';

/** The destination's origin, or a ToolError: not http(s), or an origin the user already denied in this run. */
export async function locateDestination(
  access: RunTabAccess,
  url: string,
  ctx: ToolContext,
): Promise<ActionTarget & { url: string }> {
  const checked = checkHttpUrl(url);
  if (!checked.ok) throw new ToolError(checked.reason);
  const { deniedOrigins } = await access.facts(ctx);
  if (deniedOrigins.includes(checked.origin)) {
    throw new ToolError(
      `Refused: the user denied going to ${checked.origin} earlier in this run, so nothing was done. Do not try it again; ask the user instead.`,
    );
  }
  return { origin: checked.origin, url: checked.url };
}

/** Whether going to `url` must be asked: only for an origin not yet in the run. */
export async function asksForDestination(access: RunTabAccess, url: string, ctx: ToolContext): Promise<boolean> {
  const checked = checkHttpUrl(url);
  if (!checked.ok) return true;
  return !(await access.knownOrigins(ctx)).has(checked.origin);
}

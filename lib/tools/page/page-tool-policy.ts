import type { ShownIdentity } from '../../page/shown-identity';
import type { ActionTarget, CallPolicy } from '../define-tool';

/** The hex SHA-256 of `text`. */
async function sha256(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The page tool a located call_page_tool names (its identity as the card shows it). */
export const shownTool = (target: ActionTarget | undefined): ShownIdentity | undefined =>
  target?.shown?.find((s) => s.kind === 'tool');

/**
 * How a page tool call is asked: a tool the page does not call read-only is asked every time ("always allow"
 * is neither offered nor honoured); a read-only one is asked once a run per site, with "always allow" on it.
 * Both are keyed on a hash of the tool as the card shows it (name, description, schema, read-only, where its
 * form submits), so a tool the page re-registers with other words or another schema is asked again.
 */
export async function pageToolPolicy(target: ActionTarget | undefined): Promise<CallPolicy | undefined> {
  const tool = shownTool(target);
  if (!tool) return undefined;
  const readOnly = tool.role === 'read-only tool';
  const hash = await sha256(
    JSON.stringify([tool.ref, tool.role, tool.name, tool.schema ?? '', tool.action ?? '', tool.method ?? '']),
  );
  return { key: `call_page_tool:${tool.ref}:${hash.slice(0, 32)}`, alwaysAsk: !readOnly, askOncePerRun: readOnly };
}

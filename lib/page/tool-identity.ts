import type { PageToolInfo } from './page-tool-info';
import type { ShownIdentity } from './shown-identity';

/**
 * What an approval card shows of a page tool, as a shown identity: its name, whether it says it is read-only,
 * its description, its schema and (for a form) where it submits. Kept with the approval and compared again
 * when the tool is called, so a tool re-registered with another description or schema after the card is refused.
 */
export const toolIdentity = (t: PageToolInfo): ShownIdentity => ({
  kind: 'tool',
  ref: t.name,
  role: t.readOnly ? 'read-only tool' : 'tool',
  name: t.description,
  schema: JSON.stringify(t.inputSchema),
  ...(t.action !== undefined ? { action: t.action } : {}),
  ...(t.method !== undefined ? { method: t.method } : {}),
});

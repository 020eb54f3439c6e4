/**
 * The composer's "Attach" menu: resources the connected MCP servers list, and one resource's text fetched
 * by the background as a marked untrusted-data block (capped there) to put into the message.
 */
import { signal } from '@preact/signals';
import { sendToBackground } from '../../lib/background/send-to-background';
import type { McpResourceGroup } from '../../lib/tools/mcp/mcp-hub';

export function createMcpAttachState() {
  const groups = signal<McpResourceGroup[]>([]);
  const error = signal<string | null>(null);
  return {
    groups,
    error,
    load: async () => {
      try {
        groups.value = await sendToBackground('mcp.resources', {});
      } catch (e) {
        // The menu is an extra: without it the composer works as before; the reason is kept for the console.
        console.warn('listing MCP resources failed', e);
      }
    },
    /** The resource's block, or null (with `error` set) when the server could not give it. */
    read: async (serverId: string, uri: string): Promise<string | null> => {
      error.value = null;
      try {
        return (await sendToBackground('mcp.readResource', { serverId, uri })).text;
      } catch (e) {
        error.value = e instanceof Error ? e.message : String(e);
        return null;
      }
    },
  };
}

/** Which MCP servers the policy lets the user attach. Pure. */
import type { ManagedPolicy } from './managed-policy';

/**
 * Whether an MCP server at `url` may be attached: no list, every server; else one entry must have its origin
 * and a path the server's path starts at (a segment boundary: /mcp allows /mcp and /mcp/x, not /mcpx).
 */
export function isMcpServerAllowed(policy: ManagedPolicy, url: string): boolean {
  const allowed = policy.allowedMcpServers;
  if (!allowed) return true;
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return false;
  }
  return allowed.some((entry) => {
    const e = new URL(entry);
    if (e.origin !== target.origin) return false;
    const base = e.pathname.replace(/\/+$/, '');
    return base === '' || target.pathname === base || target.pathname.startsWith(`${base}/`);
  });
}

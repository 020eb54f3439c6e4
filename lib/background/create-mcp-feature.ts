/**
 * The MCP client's wiring: servers in their own database, their headers sealed with the same key as the
 * providers' API keys (in the main database), connections made by the hub when first needed.
 */
import type { Db } from '../storage/db';
import { decryptSecret, encryptSecret } from '../storage/secrets';
import { createMcpHub, type McpHub } from '../tools/mcp/mcp-hub';
import { createMcpServerStore, openMcpDb } from '../tools/mcp/mcp-server-store';

/** `secretsDb`: the worker's connection to the main database (no second connection for the headers' key). */
export function createMcpFeature(deps: {
  now: () => number;
  generateId: () => string;
  secretsDb: Promise<Db>;
  /** Whether the organisation's policy allows a server's URL. */
  isAllowed?: (url: string) => Promise<boolean>;
}): McpHub {
  const { secretsDb, ...hubDeps } = deps;
  const store = createMcpServerStore(openMcpDb(), {
    encrypt: async (plain) => encryptSecret(await secretsDb, plain),
    decrypt: async (secret) => decryptSecret(await secretsDb, secret),
  });
  const hub = createMcpHub({ store, ...hubDeps });
  // Tests and the bench reach the worker's hub the way they reach the context menu (no product code uses it).
  Object.assign(globalThis, { tabwiseMcp: hub });
  return hub;
}

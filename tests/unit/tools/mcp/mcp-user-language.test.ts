/** What Settings → Tools and the approval card show of MCP is in the user's language; what the model reads stays English. */
import { McpError, ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMcpTool } from '../../../../lib/tools/mcp/create-mcp-tool';
import { describeMcpFailure } from '../../../../lib/tools/mcp/describe-mcp-failure';
import { mcpOriginError } from '../../../../lib/tools/mcp/guard-origin-fetch';
import { mcpServerInputSchema } from '../../../../lib/tools/mcp/mcp-server-record';
import { readMcpTools } from '../../../../lib/tools/mcp/read-mcp-tools';
import type { ToolContext } from '../../../../lib/tools/define-tool';
import { inGerman } from '../../providers/in-german';

const issues = (input: unknown) => mcpServerInputSchema.safeParse(input).error?.issues.map((i) => i.message);
const server = { id: 's1', name: 'fake', url: 'http://127.0.0.1:9000/mcp', timeoutMs: 30_000 };

describe('MCP text the user reads', () => {
  afterEach(() => vi.restoreAllMocks());

  it('validation messages come from the locale when the form is checked, not when the module loads', () => {
    expect(issues({ name: ' ', url: 'http://mcp.example.com/' })).toEqual([
      'Give the server a name',
      'Use an https:// URL (plain http:// only for 127.0.0.1 or localhost), without a user name or password',
    ]);
    inGerman();
    expect(issues({ name: ' ', url: 'https://mcp.example.com/', timeoutMs: 10 })).toEqual([
      'Geben Sie dem Server einen Namen',
      'Mindestens 1 Sekunde',
    ]);
  });

  it("a failure has an English reason for the model and a translated one for Settings; the server's own words stay as written", () => {
    inGerman();
    const auth = describeMcpFailure(Object.assign(new Error('Unauthorized'), { code: 401 }), 30_000);
    expect(auth).toEqual({
      kind: 'auth-failed',
      reason: 'the server refused the credentials (HTTP 401); check the token or headers',
      shown: 'Der Server hat die Zugangsdaten abgelehnt (HTTP 401); prüfen Sie Token oder Header',
    });
    expect(describeMcpFailure(new McpError(ErrorCode.RequestTimeout, 'timed out'), 5_000)).toMatchObject({
      reason: 'no answer within 5 s',
      shown: 'Keine Antwort innerhalb von 5 s',
    });
    expect(describeMcpFailure(mcpOriginError('https://evil.example', 'http://127.0.0.1:9000'), 1).shown).toMatch(
      /^Anfrage an https:\/\/evil\.example abgelehnt/,
    );
    const own = describeMcpFailure(new McpError(ErrorCode.InvalidParams, 'bad widget'), 1);
    expect(own.shown).toBe(own.reason);
  });

  it("says why a tool is not offered, and previews a call, in the user's language", async () => {
    inGerman();
    const [tool] = readMcpTools('srv', [{ name: 'x', inputSchema: { type: 'string' } }]);
    expect(tool!.problem).toBe('Nicht angeboten: Sein Eingabeschema muss "type": "object" haben (es hat "string").');
    const echo = createMcpTool(
      server,
      { name: 'echo', qualifiedName: 'mcp__fake__echo', description: '', inputSchema: { type: 'object' } },
      { enabled: true, policy: 'ask' },
      async () => ({}),
    );
    expect(await echo.preview!({ text: 'hi' }, {} as ToolContext)).toMatch(
      /^echo auf dem MCP-Server „fake“ \(127\.0\.0\.1:9000\)\n/,
    );
    expect(echo.description).toMatch(/^Tool "echo" of the MCP server "fake"/);
  });
});

/** links.checkEgress: the data-flow match over what a conversation's runs read, for a link in an answer. */
import { describe, expect, it } from 'vitest';
import { createMemoryRunJournal } from '../../../../lib/agent/memory-run-journal';
import type { ToolCallRecord } from '../../../../lib/agent/run-journal';
import { createLinkHandlers } from '../../../../lib/background/handlers/link-handlers';

const SECRET = 'ACCT-99417-ZQ';

async function journalWith(
  runs: Array<{ id: string; conversationId: string; parent?: string; calls: Array<Partial<ToolCallRecord>> }>,
) {
  const journal = createMemoryRunJournal();
  for (const r of runs) {
    await journal.write({
      run: {
        id: r.id,
        conversationId: r.conversationId,
        messageId: `m-${r.id}`,
        model: { provider: 'p', modelId: 'x' },
        settings: {},
        status: 'finished',
        createdAt: 1,
        updatedAt: 1,
        ...(r.parent ? { parent: { runId: r.parent, toolCallId: 't', agentPath: ['researcher'] } } : {}),
      },
      toolCalls: r.calls.map((c, i) => ({
        runId: r.id,
        step: 0,
        order: i,
        toolCallId: `${r.id}-${i}`,
        toolName: 'read_page',
        rawInput: '{}',
        status: 'done',
        ...c,
      })),
    });
  }
  return journal;
}

describe('links.checkEgress', () => {
  it("names the origin a link's address carries read text from, in its query, path or fragment, encoded or not", async () => {
    const journal = await journalWith([
      {
        id: 'r1',
        conversationId: 'c',
        calls: [
          { output: `Statement. Your account number is ${SECRET}.`, reads: [{ origin: 'https://bank.example' }] },
        ],
      },
    ]);
    const h = createLinkHandlers({ journal });
    for (const url of [
      `https://evil.example/?s=${SECRET}`,
      `https://evil.example/c/${SECRET.toLowerCase()}`,
      `https://evil.example/#${encodeURIComponent(`id ${SECRET}`)}`,
    ]) {
      expect(await h['links.checkEgress']({ conversationId: 'c', url })).toEqual({ from: ['https://bank.example'] });
    }
    expect(await h['links.checkEgress']({ conversationId: 'c', url: 'https://evil.example/docs?page=2' })).toEqual({
      from: [],
    });
    // Back to the site it was read on: not a flow to anyone new.
    expect(
      await h['links.checkEgress']({ conversationId: 'c', url: `https://bank.example/search?q=${SECRET}` }),
    ).toEqual({ from: [] });
  });

  it("reads every run of the conversation, sub-agents included, and no other conversation's", async () => {
    const journal = await journalWith([
      {
        id: 'r1',
        conversationId: 'c',
        calls: [{ output: 'nothing here', reads: [{ origin: 'https://news.example' }] }],
      },
      {
        id: 'sub',
        conversationId: 'c',
        parent: 'r1',
        calls: [{ output: 'x', reads: [{ origin: 'https://mail.example', text: `code ${SECRET}` }] }],
      },
      {
        id: 'other',
        conversationId: 'd',
        calls: [{ output: `token 55119-QQQQ`, reads: [{ origin: 'https://other.example' }] }],
      },
      // A failed call's output reached the model too (a page's or server's words can be quoted in it): it counts.
      {
        id: 'r2',
        conversationId: 'c',
        calls: [{ output: 'failed 77812-ABCD', isError: true, reads: [{ origin: 'https://err.example' }] }],
      },
    ]);
    const h = createLinkHandlers({ journal });
    expect(await h['links.checkEgress']({ conversationId: 'c', url: `https://evil.example/?a=${SECRET}` })).toEqual({
      from: ['https://mail.example'],
    });
    expect(await h['links.checkEgress']({ conversationId: 'c', url: 'https://evil.example/?a=55119-QQQQ' })).toEqual({
      from: [],
    });
    expect(await h['links.checkEgress']({ conversationId: 'c', url: 'https://evil.example/?a=77812-ABCD' })).toEqual({
      from: ['https://err.example'],
    });
  });
});

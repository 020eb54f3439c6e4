import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { textReply, toolCallsReply } from '../../../lib/agent/testing/fake-chat-model';
import { defineTool, type Tool } from '../../../lib/tools/define-tool';
import { setup, until } from './harness';

/** A fetch-like tool asked once a run per site: it lands on its URL's origin. */
function fetchLike() {
  const executions: string[] = [];
  const tool = defineTool({
    name: 'fetch_like',
    description: 'Fetches a URL (a test double).',
    input: z.object({ url: z.string() }),
    readOnly: true,
    needsApproval: true,
    askOncePerRun: true,
    locate: async (input) => ({ origin: new URL(input.url).origin }),
    execute: (input) => {
      executions.push(input.url);
      return 'ok';
    },
  }) as Tool;
  return { tool, executions };
}

const fetchCall = (id: string, url: string) => toolCallsReply([{ id, name: 'fetch_like', input: { url } }]);
const asked = (s: ReturnType<typeof setup>) => s.events.filter((e) => e.type === 'approval-requested');

describe('askOncePerRun', () => {
  it('asks once per site in a run, again for another site, and again in the next run', async () => {
    const f = fetchLike();
    const s = setup({
      tools: [f.tool],
      scripts: [
        fetchCall('a', 'https://a.example/1'),
        fetchCall('b', 'https://a.example/2'),
        fetchCall('c', 'https://b.example/1'),
        textReply('done'),
        fetchCall('d', 'https://a.example/3'),
        textReply('done'),
      ],
    });
    const h = await s.start('read them', {});
    await until(() => asked(s).length === 1);
    await s.runtime.resolveApproval(h.runId, 'a', 'approved');
    await until(() => asked(s).length === 2);
    expect(asked(s)[1]).toMatchObject({ toolCallId: 'c', origin: 'https://b.example' });
    await s.runtime.resolveApproval(h.runId, 'c', 'approved');
    await h.done;
    expect(f.executions).toEqual(['https://a.example/1', 'https://a.example/2', 'https://b.example/1']);

    const h2 = await s.start('again', {});
    await until(() => asked(s).length === 3);
    expect(asked(s)[2]).toMatchObject({ toolCallId: 'd', origin: 'https://a.example' });
    await s.runtime.resolveApproval(h2.runId, 'd', 'denied');
    await h2.done;
    expect(f.executions).toHaveLength(3);
  });

  it('a denial on a site is not taken as an approval for the next call there', async () => {
    const f = fetchLike();
    const s = setup({
      tools: [f.tool],
      scripts: [fetchCall('a', 'https://a.example/1'), fetchCall('b', 'https://a.example/2'), textReply('done')],
    });
    const h = await s.start('read', {});
    await until(() => asked(s).length === 1);
    await s.runtime.resolveApproval(h.runId, 'a', 'denied');
    await until(() => asked(s).length === 2);
    await s.runtime.resolveApproval(h.runId, 'b', 'approved');
    await h.done;
    expect(f.executions).toEqual(['https://a.example/2']);
  });
});

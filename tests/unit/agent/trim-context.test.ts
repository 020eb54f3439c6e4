import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../lib/core/chat-message';
import { estimateTokens } from '../../../lib/agent/estimate-tokens';
import { trimContext } from '../../../lib/agent/trim-context';
import { textReply } from '../../../lib/agent/testing/fake-chat-model';
import { setup, userMessage } from './harness';

const user = userMessage;
const assistant = (text: string, reasoning?: string): ChatMessage => ({
  role: 'assistant',
  content: [...(reasoning ? [{ type: 'reasoning' as const, text: reasoning }] : []), { type: 'text', text }],
});
const call = (id: string): ChatMessage => ({
  role: 'assistant',
  content: [{ type: 'tool-call', toolCallId: id, toolName: 't', input: {} }],
});
const result = (id: string, output: string): ChatMessage => ({
  role: 'tool',
  content: [{ type: 'tool-result', toolCallId: id, toolName: 't', output }],
});

describe('trimContext', () => {
  it('leaves history alone when it fits', () => {
    const msgs = [user('hi'), assistant('hello')];
    expect(trimContext(msgs, 1000, estimateTokens)).toEqual({ messages: msgs });
  });

  it('shortens a huge tool result first, with a note', () => {
    const msgs = [user('read'), call('a'), result('a', 'x'.repeat(20_000)), user('now?')];
    const r = trimContext(msgs, 2000, estimateTokens);
    const out = r.messages[2]!.content[0]!;
    expect(out.type === 'tool-result' && out.output.length).toBeLessThan(3000);
    expect(out.type === 'tool-result' && out.output).toMatch(/characters trimmed to fit the context window/);
    expect(r.note).toMatch(/shortened 1 large tool result/);
  });

  it('drops old reasoning and then old tool results, oldest first, before any turn', () => {
    const msgs = [
      user('q1'),
      assistant('a1', 'r'.repeat(4000)),
      call('a'),
      result('a', 'y'.repeat(300)),
      call('b'),
      result('b', 'z'.repeat(300)),
      user('latest question'),
    ];
    const r = trimContext(msgs, 150, estimateTokens);
    expect(r.messages).toHaveLength(msgs.length); // no turn dropped
    expect(r.messages[1]!.content.some((p) => p.type === 'reasoning')).toBe(false);
    const a = r.messages[3]!.content[0]!;
    expect(a.type === 'tool-result' && a.output).toMatch(/^\[Result removed to fit the context window/);
    expect(r.messages[5]!.content[0]).toMatchObject({ output: 'z'.repeat(300) }); // the newer one survives
    expect(r.note).toBe(
      "Context trimmed to fit the model's window: removed 1 old reasoning block(s); replaced 1 old tool result(s) with a stub.",
    );
    expect(r.messages.at(-1)).toEqual(user('latest question'));
  });

  it('drops whole old turns last, never the latest user message, and says so at the start', () => {
    const msgs = [
      user('old '.repeat(500)),
      assistant('old answer '.repeat(200)),
      user('middle '.repeat(300)),
      assistant('ok'),
      user('latest'),
    ];
    const r = trimContext(msgs, 120, estimateTokens);
    expect(r.messages.at(-1)!.content.at(-1)).toEqual({ type: 'text', text: 'latest' });
    expect(r.messages[0]!.role).toBe('user');
    expect(r.messages[0]!.content[0]).toMatchObject({
      type: 'text',
      text: expect.stringMatching(/^\[Context trimmed.*dropped \d+ earliest message/),
    });
  });

  it('keeps the latest user message even when it alone is too big', () => {
    const r = trimContext([user('a'), assistant('b'), user('z'.repeat(10_000))], 100, estimateTokens);
    expect(r.messages.at(-1)!.content.at(-1)).toEqual({ type: 'text', text: 'z'.repeat(10_000) });
  });

  it('is applied by the runtime with a visible context-trimmed event', async () => {
    const s = setup({ scripts: [textReply('ok')] });
    const h = await s.runtime.startRun({
      conversationId: 'c',
      model: { provider: 'fake', modelId: 'm' },
      settings: { contextWindowTokens: 6000, maxOutputTokens: 100 },
      messages: [user('a'.repeat(40_000)), assistant('b'), user('question')],
    });
    await h.done;
    expect(s.events.find((e) => e.type === 'context-trimmed')).toMatchObject({
      step: 0,
      note: expect.stringMatching(/Context trimmed/),
    });
    const sent = s.model.calls[0]!.messages;
    expect(sent).toHaveLength(1); // only the latest user message fits, with the note in front of it
    expect(sent[0]!.content.map((p) => (p.type === 'text' ? p.text : ''))).toEqual([
      expect.stringMatching(/^\[Context trimmed/),
      'question',
    ]);
    expect((await s.journal.read(h.runId))!.steps[0]!.trimNote).toMatch(/Context trimmed/);
  });
});

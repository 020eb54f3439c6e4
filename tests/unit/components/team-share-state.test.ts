import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTeamShareState, lastAnswerWithPassages } from '../../../components/sidepanel/team-share-state';

const preview = {
  source: 'page',
  body: { scope: 'team', teamId: 't1', title: 'Notes', text: 'The token is [redacted]' },
  team: { id: 't1', name: 'Red' },
  teams: [
    { id: 't1', name: 'Red' },
    { id: 't2', name: 'Blue' },
  ],
  host: 'team.example',
};
const doc = (status: string) => ({ id: 'd1', title: 'Notes', status, error: null, chunkCount: 3 });

/** The state over a scripted background: each request's answers in order, and the requests it got. */
function setUp(answers: Record<string, Array<unknown | Error>>) {
  const calls: { name: string; data: unknown }[] = [];
  const send = vi.fn(async (name: string, data: unknown) => {
    calls.push({ name, data });
    const next = answers[name]?.shift();
    if (next instanceof Error) throw next;
    return next;
  });
  const state = createTeamShareState(() => 'c1', { send: send as never, pollMs: 1000 });
  return { state, calls };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('Share to team in the panel', () => {
  it('a choice shows its preview and sends nothing; Share sends exactly the body shown, then follows the queue', async () => {
    const { state, calls } = setUp({
      'team.sharePreview': [preview],
      'team.share': [{ outcome: 'sent', document: doc('queued'), duplicate: false }],
      'team.shareStatus': [doc('indexing'), doc('indexed')],
    });
    await state.choose({ source: 'tab', tabId: 4 });
    expect(state.preview.value).toEqual(preview);
    expect(state.phase.value).toEqual({ kind: 'preview' });
    expect(calls.map((c) => c.name)).toEqual(['team.sharePreview']);

    await state.share();
    expect(calls[1]).toEqual({
      name: 'team.share',
      data: { source: 'page', body: preview.body, conversationId: 'c1' },
    });
    expect(state.phase.value).toMatchObject({ kind: 'sent', document: { status: 'queued' } });
    await vi.advanceTimersByTimeAsync(1000);
    expect(state.phase.value).toMatchObject({ kind: 'sent', document: { status: 'indexing' } });
    await vi.advanceTimersByTimeAsync(1000);
    expect(state.phase.value).toMatchObject({ kind: 'sent', document: { status: 'indexed', chunkCount: 3 } });
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls.filter((c) => c.name === 'team.shareStatus')).toHaveLength(2);
  });

  it('another of the user’s teams picked on the card: the card names it and Share sends the body to it', async () => {
    const { state, calls } = setUp({
      'team.sharePreview': [preview],
      'team.share': [{ outcome: 'sent', document: doc('indexed'), duplicate: false }],
    });
    await state.choose({ source: 'tab', tabId: 4 });
    state.chooseTeam('t2');
    expect(state.preview.value!.team).toEqual({ id: 't2', name: 'Blue' });
    // A team not offered changes nothing.
    state.chooseTeam('t9');
    expect(state.preview.value!.team.id).toBe('t2');
    await state.share();
    expect(calls[1]!.data).toEqual({ source: 'page', body: { ...preview.body, teamId: 't2' }, conversationId: 'c1' });
    // Once sent, the team no longer changes.
    state.chooseTeam('t1');
    expect(state.preview.value!.team.id).toBe('t2');
  });

  it('a busy server: its wait is shown and the share goes again by itself when it is over', async () => {
    const { state, calls } = setUp({
      'team.sharePreview': [preview],
      'team.share': [
        { outcome: 'busy', retryAfterS: 5, message: 'team.example is busy' },
        { outcome: 'sent', document: doc('indexed'), duplicate: true },
      ],
    });
    await state.choose({ source: 'tab', tabId: 4 });
    await state.share();
    expect(state.phase.value).toMatchObject({ kind: 'busy' });
    await vi.advanceTimersByTimeAsync(4900);
    expect(calls.filter((c) => c.name === 'team.share')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(200);
    expect(calls.filter((c) => c.name === 'team.share')).toHaveLength(2);
    expect(state.phase.value).toMatchObject({ kind: 'sent', duplicate: true });
  });

  it('a failure keeps the preview for a retry; Cancel gives up a wait and sends nothing more', async () => {
    const { state, calls } = setUp({
      'team.sharePreview': [preview],
      'team.share': [new Error('Could not reach team.example.'), { outcome: 'busy', retryAfterS: 5, message: '' }],
    });
    await state.choose({ source: 'tab', tabId: 4 });
    await state.share();
    expect(state.phase.value).toEqual({ kind: 'error', message: 'Could not reach team.example.' });
    expect(state.preview.value).toEqual(preview);
    await state.share();
    expect(state.phase.value).toMatchObject({ kind: 'busy' });
    state.cancel();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls.filter((c) => c.name === 'team.share')).toHaveLength(2);
    expect(state.preview.value).toBeNull();
    expect(state.phase.value).toBeNull();
  });

  it('a refused preview says why and has nothing to send', async () => {
    const { state } = setUp({ 'team.sharePreview': [new Error('This page cannot be shared.')] });
    await state.choose({ source: 'tab', tabId: 4 });
    expect(state.phase.value).toEqual({ kind: 'error', message: 'This page cannot be shared.' });
    expect(state.preview.value).toBeNull();
  });
});

describe('the answer whose passages the menu offers', () => {
  const found = { kind: 'tool', toolCallId: 't', toolName: 'search_history', status: 'done' } as const;
  it('the last finished answer whose search_history calls (a sub-agent’s too) found passages', () => {
    expect(
      lastAnswerWithPassages([
        { id: 'a1', role: 'assistant', status: 'complete', parts: [found] },
        { id: 'u1', role: 'user', status: 'complete' },
        {
          id: 'a2',
          role: 'assistant',
          status: 'complete',
          parts: [{ ...found, toolName: 'delegate', nested: [found] }],
        },
        { id: 'a3', role: 'assistant', status: 'complete', parts: [{ ...found, status: 'error' }] },
        { id: 'a4', role: 'assistant', status: 'streaming', parts: [found] },
      ]),
    ).toBe('a2');
    expect(lastAnswerWithPassages([{ id: 'a1', role: 'assistant', status: 'complete', parts: [] }])).toBeUndefined();
  });
});

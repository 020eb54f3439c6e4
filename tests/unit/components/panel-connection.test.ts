import { signal } from '@preact/signals';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyPanelMessage } from '../../../components/sidepanel/apply-panel-message';
import { createChatActions, type ChatActionDeps } from '../../../components/sidepanel/chat-actions';
import { createChatSignals } from '../../../components/sidepanel/chat-signals';
import { createPanelConnection } from '../../../components/sidepanel/panel-connection';
import type { PanelCommand } from '../../../lib/background/panel-port';
import type { ConversationRecord } from '../../../lib/storage/records';

/** A Port the test can disconnect, recording what the panel posts on it. */
function fakePort() {
  const posted: unknown[] = [];
  const onDisconnect: (() => void)[] = [];
  return {
    posted,
    drop: () => onDisconnect.forEach((f) => f()),
    port: {
      postMessage: (m: unknown) => posted.push(m),
      onMessage: { addListener: () => undefined },
      onDisconnect: { addListener: (f: () => void) => onDisconnect.push(f) },
    },
  };
}

describe('the panel connection', () => {
  let ports: ReturnType<typeof fakePort>[];
  beforeEach(() => {
    vi.useFakeTimers();
    ports = [];
    vi.stubGlobal('chrome', {
      runtime: {
        connect: () => {
          const p = fakePort();
          ports.push(p);
          return p.port;
        },
      },
    });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('reconnects at once when a message is sent while the worker is stopped, not after the reconnect delay', () => {
    const connection = createPanelConnection({
      onMessage: () => undefined,
      subscribeTo: () => 'c1',
      connected: signal(false),
    });
    connection.connect();
    ports[0]!.drop(); // Chrome stopped the worker
    connection.post({ type: 'send', conversationId: 'c1', text: 'hi', clientId: 'm1' });
    expect(ports).toHaveLength(2);
    expect(ports[1]!.posted).toEqual([
      { type: 'subscribe', conversationId: 'c1' },
      { type: 'send', conversationId: 'c1', text: 'hi', clientId: 'm1' },
    ]);
    vi.advanceTimersByTime(500);
    expect(ports).toHaveLength(2); // the pending reconnect was cancelled, not run a second time
  });

  it('still reconnects by itself after the delay when nothing is sent', () => {
    const connection = createPanelConnection({
      onMessage: () => undefined,
      subscribeTo: () => null,
      connected: signal(false),
    });
    connection.connect();
    ports[0]!.drop();
    expect(ports).toHaveLength(1);
    vi.advanceTimersByTime(100);
    expect(ports).toHaveLength(2);
  });
});

describe('a message sent before the panel shows the conversation it reopens on', () => {
  beforeEach(() => {
    vi.stubGlobal('chrome', {
      runtime: { connect: () => fakePort().port },
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  function panel(reopen: string | null) {
    const s = createChatSignals();
    const posted: PanelCommand[] = [];
    const post = (c: PanelCommand) => posted.push(c);
    const connection = createPanelConnection({
      onMessage: () => undefined,
      subscribeTo: () => reopen,
      connected: s.connected,
      asked: s.asked,
    });
    const page = { forSend: () => undefined } as unknown as ChatActionDeps['page'];
    const actions = createChatActions(s, { post, page, refreshConversations: async () => undefined });
    const snapshot = (conversation: ConversationRecord | null) =>
      applyPanelMessage(
        s,
        { type: 'snapshot', conversation, messages: [], running: false },
        { post, refreshConversations: async () => undefined, remember: () => undefined },
      );
    connection.connect();
    return { s, posted, actions, snapshot, connection };
  }
  const sends = (posted: PanelCommand[]) =>
    posted.filter((c): c is Extract<PanelCommand, { type: 'send' }> => c.type === 'send');

  it('goes to that conversation, not to a new one nobody sees', async () => {
    const { posted, actions, snapshot } = panel('c1');
    await actions.send('First words');
    expect(sends(posted).map((c) => c.conversationId)).toEqual(['c1']);
    expect(sends(posted)[0]).not.toHaveProperty('model');
    snapshot({ id: 'c1', title: 'Earlier', createdAt: 1, updatedAt: 1 });
    await actions.send('Second words');
    expect(sends(posted).map((c) => c.conversationId)).toEqual(['c1', 'c1']);
  });

  it('starts a new conversation when there is none to reopen, or the one asked for is gone', async () => {
    const fresh = panel(null);
    await fresh.actions.send('Hello');
    expect(sends(fresh.posted).map((c) => c.conversationId)).toEqual([null]);
    const gone = panel('deleted');
    gone.snapshot(null);
    await gone.actions.send('Hello');
    expect(sends(gone.posted).map((c) => c.conversationId)).toEqual([null]);
  });

  it('after New, before its snapshot, goes to a new conversation', async () => {
    const { s, posted, actions, snapshot, connection } = panel('c1');
    snapshot({ id: 'c1', title: 'Earlier', createdAt: 1, updatedAt: 1 });
    connection.post({ type: 'subscribe', conversationId: null });
    s.conversation.value = null;
    await actions.send('Hello');
    expect(sends(posted).map((c) => c.conversationId)).toEqual([null]);
  });
});

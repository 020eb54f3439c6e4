import { signal } from '@preact/signals';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyAck, applyPanelMessage } from '../../../components/sidepanel/apply-panel-message';
import { createChatActions, type ChatActionDeps } from '../../../components/sidepanel/chat-actions';
import { createChatSignals } from '../../../components/sidepanel/chat-signals';
import { createPanelConnection } from '../../../components/sidepanel/panel-connection';
import type { PanelCommand, PanelMessage } from '../../../lib/background/panel-port';
import type { ConversationRecord } from '../../../lib/storage/records';

/**
 * A Port the test can disconnect, recording what the panel posts on it. `die()` is the worker stopping before
 * the panel hears of it: what is posted then is lost without a word (`drop()` is Chrome telling the panel later);
 * `refuse()` is Chrome already knowing, where postMessage throws.
 */
function fakePort(refuseAfter = Infinity) {
  const posted: unknown[] = [];
  const lost: unknown[] = [];
  const onDisconnect: (() => void)[] = [];
  const onMessage: ((m: PanelMessage) => void)[] = [];
  let state: 'open' | 'dead' | 'refusing' = 'open';
  return {
    posted,
    lost,
    die: () => void (state = 'dead'),
    refuse: () => void (state = 'refusing'),
    drop: () => {
      state = 'dead';
      onDisconnect.forEach((f) => f());
    },
    /** The worker answers on this Port. */
    answer: (m: PanelMessage) => onMessage.forEach((f) => f(m)),
    port: {
      postMessage: (m: unknown) => {
        if (posted.length >= refuseAfter) state = 'refusing';
        if (state === 'refusing') throw new Error('Attempting to use a disconnected port object');
        (state === 'dead' ? lost : posted).push(m);
      },
      onMessage: { addListener: (f: (m: PanelMessage) => void) => onMessage.push(f) },
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

describe('a command that must arrive, over a Port that dies at each point', () => {
  let ports: ReturnType<typeof fakePort>[];
  let connectFails = 0;
  /** How many posts the next Port takes before Chrome refuses the rest (it learnt the worker stopped). */
  let nextRefusesAfter = Infinity;
  beforeEach(() => {
    vi.useFakeTimers();
    ports = [];
    connectFails = 0;
    vi.stubGlobal('chrome', {
      runtime: {
        connect: () => {
          if (connectFails > 0 && connectFails--) throw new Error('Could not establish connection');
          const p = fakePort(nextRefusesAfter);
          nextRefusesAfter = Infinity;
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

  const decision = { type: 'approval', runId: 'r1', toolCallId: 't1', decision: 'approved' } as const;
  const approvals = (p: ReturnType<typeof fakePort>) =>
    p.posted.filter((m): m is PanelCommand => (m as PanelCommand).type === 'approval');

  function connection() {
    const acked: [PanelCommand, PanelMessage][] = [];
    const messages: PanelMessage[] = [];
    let n = 0;
    const c = createPanelConnection({
      onMessage: (m) => messages.push(m),
      onAck: (command, ack) => acked.push([command, ack]),
      subscribeTo: () => 'c1',
      connected: signal(false),
      newAckId: () => `a${++n}`,
    });
    c.connect();
    return { c, acked, messages };
  }
  const decided = { type: 'ack', ackId: 'a1', approval: { outcome: 'decided', decision: 'approved' } } as const;

  it('dead before the post (Chrome refuses it): sent on the next Port at once', () => {
    const { c } = connection();
    ports[0]!.refuse();
    c.post(decision);
    expect(ports).toHaveLength(2);
    expect(approvals(ports[1]!)).toEqual([{ ...decision, ackId: 'a1' }]);
    expect(ports[1]!.posted[0]).toEqual({ type: 'subscribe', conversationId: 'c1' });
  });

  it('dead before the post, without a word: lost on that Port, sent again once the Port reconnects', () => {
    const { c, acked } = connection();
    ports[0]!.die();
    c.post(decision);
    expect(ports[0]!.lost).toEqual([{ ...decision, ackId: 'a1' }]);
    expect(c.unacknowledged()).toBe(1);
    ports[0]!.drop(); // Chrome tells the panel only now
    vi.advanceTimersByTime(100);
    expect(approvals(ports[1]!)).toEqual([{ ...decision, ackId: 'a1' }]);
    ports[1]!.answer(decided);
    expect(acked).toEqual([[{ ...decision, ackId: 'a1' }, decided]]);
    expect(c.unacknowledged()).toBe(0);
  });

  it('dies after the post, before the ack: sent again with the same ackId; acknowledged once', () => {
    const { c, acked, messages } = connection();
    c.post(decision);
    expect(approvals(ports[0]!)).toHaveLength(1);
    ports[0]!.drop();
    vi.advanceTimersByTime(100);
    expect(approvals(ports[1]!)).toEqual([{ ...decision, ackId: 'a1' }]);
    const repeated = { ...decided, approval: { ...decided.approval, repeated: true as const } };
    ports[1]!.answer(repeated);
    ports[1]!.answer(repeated); // a second ack for the same command settles nothing more
    expect(acked).toHaveLength(1);
    expect(messages).toEqual([]); // acks are the connection's, not the chat's
    // Acknowledged: a later reconnect does not send it again.
    ports[1]!.drop();
    vi.advanceTimersByTime(100);
    expect(approvals(ports[2]!)).toEqual([]);
  });

  it('dies during the reconnect, again and again: each new Port gets it until one acknowledges it', () => {
    const { c, acked } = connection();
    c.post(decision);
    ports[0]!.drop();
    connectFails = 1; // the first reconnect cannot reach the worker at all
    vi.advanceTimersByTime(100);
    expect(ports).toHaveLength(1);
    vi.advanceTimersByTime(100);
    expect(ports).toHaveLength(2);
    // The new worker dies before it answers (what it was sent is lost, and Chrome says so later) …
    ports[1]!.die();
    ports[1]!.drop();
    // … and the Port after it takes the subscribe, then refuses the resend.
    nextRefusesAfter = 1;
    vi.advanceTimersByTime(100);
    expect(ports[2]!.posted).toEqual([{ type: 'subscribe', conversationId: 'c1' }]);
    vi.advanceTimersByTime(100);
    expect(approvals(ports[3]!)).toEqual([{ ...decision, ackId: 'a1' }]);
    ports[3]!.answer(decided);
    expect(acked).toHaveLength(1);
    expect(c.unacknowledged()).toBe(0);
  });

  it('Stop is kept too; commands that need no ack are not sent twice', () => {
    const { c } = connection();
    c.post({ type: 'stop', conversationId: 'c1' });
    c.post({ type: 'regenerate', conversationId: 'c1' });
    ports[0]!.drop();
    vi.advanceTimersByTime(100);
    expect(ports[1]!.posted).toEqual([
      { type: 'subscribe', conversationId: 'c1' },
      { type: 'stop', conversationId: 'c1', ackId: 'a1' },
    ]);
  });

  it('several kept commands are sent again in the order they were given', () => {
    const { c } = connection();
    ports[0]!.die();
    c.post(decision);
    c.post({ ...decision, toolCallId: 't2', decision: 'denied' });
    c.post({ type: 'stop', conversationId: 'c1' });
    ports[0]!.drop();
    vi.advanceTimersByTime(100);
    expect(ports[1]!.posted.map((m) => (m as { ackId?: string }).ackId ?? 'subscribe')).toEqual([
      'subscribe',
      'a1',
      'a2',
      'a3',
    ]);
  });
});

describe('the card after a decision is acknowledged', () => {
  function panel() {
    const s = createChatSignals();
    const posted: PanelCommand[] = [];
    const page = { forSend: () => undefined } as unknown as ChatActionDeps['page'];
    const effects = {
      post: (c: PanelCommand) => posted.push(c),
      refreshConversations: async () => undefined,
      remember: () => undefined,
    };
    const actions = createChatActions(s, {
      post: effects.post,
      page,
      refreshConversations: effects.refreshConversations,
    });
    return { s, posted, actions, effects };
  }

  it('sending until the ack, then what became of it', () => {
    const { s, actions, effects } = panel();
    actions.decide('r1', 't1', 'approved');
    expect(s.sentDecisions.of('r1', 't1')).toEqual({ decision: 'approved' });
    const command = { type: 'approval', runId: 'r1', toolCallId: 't1', decision: 'approved', ackId: 'a1' } as const;
    applyAck(s, command, { type: 'ack', ackId: 'a1', approval: { outcome: 'closed' } }, effects);
    expect(s.sentDecisions.of('r1', 't1')).toEqual({ decision: 'approved', outcome: { outcome: 'closed' } });
  });

  it('an error gives the card back its buttons and says why', () => {
    const { s, posted, actions, effects } = panel();
    actions.decide('r1', 't1', 'denied');
    const command = { type: 'approval', runId: 'r1', toolCallId: 't1', decision: 'denied', ackId: 'a1' } as const;
    applyAck(s, command, { type: 'ack', ackId: 'a1', error: 'The journal could not be read' }, effects);
    expect(s.sentDecisions.of('r1', 't1')).toBeUndefined();
    expect(s.notice.value).toBe('The journal could not be read');
    expect(posted.at(-1)).toEqual({ type: 'subscribe', conversationId: null });
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

/**
 * The panel's Port to the background: commands sent before it is open wait in an outbox; when the worker stops
 * (idle, update, or killed) the Port reconnects and subscribes again, and the snapshot restores what is shown.
 *
 * A Port can be dead before its onDisconnect fires: what is posted then is lost without a word. So the commands
 * that must arrive (a decision on a card, Stop) carry an `ackId` and are kept until the worker acknowledges them,
 * and sent again on every reconnect until then; the worker handles a second copy as the first (see
 * handle-panel-command.ts), so each takes effect once.
 */
import type { Signal } from '@preact/signals';
import { PANEL_PORT, type PanelCommand, type PanelMessage } from '../../lib/background/panel-port';

export type PanelAck = Extract<PanelMessage, { type: 'ack' }>;

/** The commands kept until acknowledged. */
const MUST_ARRIVE: ReadonlySet<PanelCommand['type']> = new Set(['approval', 'stop']);

export interface PanelConnectionDeps {
  onMessage(message: PanelMessage): void;
  /** A command that must arrive was handled by the worker (with what became of it). */
  onAck?(command: PanelCommand, ack: PanelAck): void;
  /** The conversation to subscribe to on (re)connecting. */
  subscribeTo(): string | null;
  connected: Signal<boolean>;
  /** Each conversation the panel asks to show (every subscribe it posts), until its snapshot arrives. */
  asked?: Signal<string | null>;
  /** Ids for commands that must arrive (unique across the panel's reloads: a worker may see both). */
  newAckId?: () => string;
}

const RECONNECT_MS = 100;

export function createPanelConnection({
  onMessage,
  onAck,
  subscribeTo,
  connected,
  asked,
  newAckId = () => crypto.randomUUID(),
}: PanelConnectionDeps) {
  let port: chrome.runtime.Port | null = null;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  const outbox: PanelCommand[] = [];
  /** Sent (or to be sent) and not acknowledged yet, in the order the user gave them. */
  const unacked = new Map<string, PanelCommand>();

  function reconnectIn(ms: number) {
    clearTimeout(reconnectTimer);
    reconnectTimer = setTimeout(connect, ms);
  }

  /** `p` is gone (its onDisconnect fired, or posting on it threw): the next Port takes over. */
  function lost(p: chrome.runtime.Port) {
    if (port !== p) return;
    port = null;
    connected.value = false;
    reconnectIn(RECONNECT_MS);
  }

  /** Posts on `p`; false when `p` turned out to be dead. */
  function postOn(p: chrome.runtime.Port, command: PanelCommand): boolean {
    try {
      p.postMessage(command);
      return true;
    } catch {
      // Chrome throws on a Port it already knows is disconnected; what must arrive is still kept in `unacked`.
      lost(p);
      return false;
    }
  }

  function received(m: PanelMessage) {
    if (m.type !== 'ack') return onMessage(m);
    const command = unacked.get(m.ackId);
    // A second ack (a copy that reached a worker that had handled the first) has nothing left to settle.
    if (!command) return;
    unacked.delete(m.ackId);
    onAck?.(command, m);
  }

  function connect() {
    clearTimeout(reconnectTimer);
    reconnectTimer = undefined;
    let p: chrome.runtime.Port;
    try {
      p = chrome.runtime.connect({ name: PANEL_PORT });
    } catch {
      // The worker could not be reached at all (it is being replaced): try again shortly.
      return reconnectIn(RECONNECT_MS);
    }
    port = p;
    connected.value = true;
    p.onMessage.addListener((m: PanelMessage) => received(m));
    p.onDisconnect.addListener(() => lost(p));
    const conversationId = subscribeTo();
    if (asked) asked.value = conversationId;
    if (!postOn(p, { type: 'subscribe', conversationId })) return;
    for (const c of unacked.values()) if (!postOn(p, c)) return;
    while (outbox.length) {
      if (!postOn(p, outbox[0]!)) return;
      outbox.shift();
    }
  }

  return {
    connect,
    post(command: PanelCommand) {
      if (command.type === 'subscribe' && asked) asked.value = command.conversationId;
      const kept = MUST_ARRIVE.has(command.type);
      if (kept) {
        const ackId = newAckId();
        command = { ...command, ackId } as PanelCommand;
        unacked.set(ackId, command);
      }
      if (port && postOn(port, command)) return;
      if (!kept) outbox.push(command);
      // The worker stopped: a message waiting to go wakes it now rather than after the reconnect delay.
      if (reconnectTimer !== undefined) connect();
    },
    /** How many commands that must arrive are not acknowledged yet. */
    unacknowledged: () => unacked.size,
  };
}

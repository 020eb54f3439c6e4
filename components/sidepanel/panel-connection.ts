/**
 * The panel's Port to the background: commands sent before it is open wait in an outbox; when the worker stops
 * (idle, update, or killed) the Port reconnects and subscribes again, and the snapshot restores what is shown.
 */
import type { Signal } from '@preact/signals';
import { PANEL_PORT, type PanelCommand, type PanelMessage } from '../../lib/background/panel-port';

export interface PanelConnectionDeps {
  onMessage(message: PanelMessage): void;
  /** The conversation to subscribe to on (re)connecting. */
  subscribeTo(): string | null;
  connected: Signal<boolean>;
  /** Each conversation the panel asks to show (every subscribe it posts), until its snapshot arrives. */
  asked?: Signal<string | null>;
}

export function createPanelConnection({ onMessage, subscribeTo, connected, asked }: PanelConnectionDeps) {
  let port: chrome.runtime.Port | null = null;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  const outbox: PanelCommand[] = [];

  function connect() {
    clearTimeout(reconnectTimer);
    reconnectTimer = undefined;
    const p = chrome.runtime.connect({ name: PANEL_PORT });
    port = p;
    connected.value = true;
    p.onMessage.addListener((m: PanelMessage) => onMessage(m));
    p.onDisconnect.addListener(() => {
      port = null;
      connected.value = false;
      reconnectTimer = setTimeout(connect, 100);
    });
    const conversationId = subscribeTo();
    if (asked) asked.value = conversationId;
    p.postMessage({ type: 'subscribe', conversationId } satisfies PanelCommand);
    for (const c of outbox.splice(0)) p.postMessage(c);
  }

  return {
    connect,
    post(command: PanelCommand) {
      if (command.type === 'subscribe' && asked) asked.value = command.conversationId;
      if (port) port.postMessage(command);
      else {
        outbox.push(command);
        // The worker stopped: a message waiting to go wakes it now rather than after the reconnect delay.
        if (reconnectTimer !== undefined) connect();
      }
    },
  };
}

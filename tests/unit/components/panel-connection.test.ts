import { signal } from '@preact/signals';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPanelConnection } from '../../../components/sidepanel/panel-connection';

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

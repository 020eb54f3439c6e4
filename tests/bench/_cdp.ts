/**
 * A minimal DevTools-protocol client over Node's WebSocket, for attaching to the extension's service worker
 * (Playwright only opens CDP sessions on pages). Run with NODE_OPTIONS=--experimental-websocket on Node 20.
 */
export interface CdpClient {
  send<T = unknown>(method: string, params?: Record<string, unknown>): Promise<T>;
  /** Calls `listener` with the params of every event named `method`. */
  on(method: string, listener: (params: unknown) => void): void;
  close(): void;
}

export async function connectCdp(wsUrl: string): Promise<CdpClient> {
  const ws = new WebSocket(wsUrl);
  await new Promise<void>((resolve, reject) => {
    ws.addEventListener('open', () => resolve(), { once: true });
    ws.addEventListener('error', () => reject(new Error(`cannot connect to ${wsUrl}`)), { once: true });
  });
  let next = 0;
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  const listeners = new Map<string, Array<(params: unknown) => void>>();
  ws.addEventListener('message', (e) => {
    const msg = JSON.parse(String(e.data)) as {
      id?: number;
      method?: string;
      params?: unknown;
      result?: unknown;
      error?: { message: string };
    };
    if (msg.id === undefined) {
      for (const l of listeners.get(msg.method ?? '') ?? []) l(msg.params);
      return;
    }
    const p = pending.get(msg.id);
    pending.delete(msg.id);
    if (msg.error) p?.reject(new Error(msg.error.message));
    else p?.resolve(msg.result);
  });
  return {
    send<T>(method: string, params: Record<string, unknown> = {}) {
      const id = ++next;
      ws.send(JSON.stringify({ id, method, params }));
      return new Promise<T>((resolve, reject) => pending.set(id, { resolve: resolve as (v: unknown) => void, reject }));
    },
    on(method, listener) {
      listeners.set(method, [...(listeners.get(method) ?? []), listener]);
    },
    close: () => ws.close(),
  };
}

/** The DevTools WebSocket URL of the extension's service worker. */
export async function serviceWorkerDebuggerUrl(port: number, extensionId: string): Promise<string> {
  const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as {
    type: string;
    url: string;
    webSocketDebuggerUrl: string;
  }[];
  const sw = targets.find((t) => t.type === 'service_worker' && t.url.startsWith(`chrome-extension://${extensionId}/`));
  if (!sw) throw new Error('service worker target not found');
  return sw.webSocketDebuggerUrl;
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Microseconds the profiled thread spent busy (every sample except "(idle)"). */
export function busyMicros(profile: Profile): number {
  const idle = new Set(profile.nodes.filter((n) => n.callFrame.functionName === '(idle)').map((n) => n.id));
  let busy = 0;
  profile.samples.forEach((node, i) => {
    // timeDeltas[i] is the time since the previous sample; attribute it to this sample's node.
    if (!idle.has(node)) busy += profile.timeDeltas[i] ?? 0;
  });
  return busy;
}

/** The functions with the most self time in a profile (for finding where the worker's CPU goes). */
export function topSelfTime(
  profile: Profile & { nodes: (ProfileNode & { callFrame: { url?: string; lineNumber?: number } })[] },
  n = 15,
): string[] {
  const byNode = new Map<number, number>();
  profile.samples.forEach((node, i) => byNode.set(node, (byNode.get(node) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const byName = new Map<string, number>();
  for (const node of profile.nodes) {
    const t = byNode.get(node.id);
    if (!t) continue;
    const f = node.callFrame as { functionName: string; url?: string; lineNumber?: number };
    const key = `${f.functionName || '(anonymous)'} ${(f.url ?? '').split('/').pop()}:${f.lineNumber ?? ''}`;
    byName.set(key, (byName.get(key) ?? 0) + t);
  }
  return [...byName.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, us]) => `${(us / 1000).toFixed(1).padStart(8)} ms  ${k}`);
}

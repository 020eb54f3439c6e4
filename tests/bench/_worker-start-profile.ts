/**
 * Where a stopped service worker's start goes: launches the built extension, stops its worker, records a browser
 * trace with V8's sampling profiler while the next message wakes it and is answered, and attributes the worker's
 * samples (every stack through background.js) through the source map: self time by package or lib folder, time
 * by the innermost lib/ file on each stack, and by its line (which of our modules' start-up work costs what:
 * zod schemas, Intl's first call, IndexedDB opens). Not a bench (no figure is compared): a tool for working on
 * cold start. Needs a build whose background.js has its .map beside it:
 *   TABWISE_SOURCEMAP=1 npx wxt build && NODE_OPTIONS=--experimental-websocket npx tsx tests/bench/_worker-start-profile.ts [--runs N] [--callers lib/util/t.ts]
 */
import { readFileSync } from 'node:fs';
import { SourceMapConsumer } from 'source-map';
import { extensionDir, launchExtension } from '../harness/launch-extension';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface TraceEvent {
  name: string;
  pid: number;
  tid: number;
  id?: string;
  args?: { data?: { cpuProfile?: { nodes?: Node[]; samples?: number[] }; timeDeltas?: number[] } };
}

/** The CPU samples of the trace's profiles (ProfileChunk events, one profile per thread), attributed by source. */
function attribute(events: TraceEvent[]) {
  const self = new Map<string, number>();
  const lib = new Map<string, number>();
  const lines = new Map<string, number>();
  let busy = 0;
  const profiles = new Map<string, { nodes: Map<number, Node>; parent: Map<number, number> }>();
  for (const e of events) {
    if (e.name !== 'ProfileChunk') continue;
    const key = `${e.pid}:${e.id}`;
    const p = profiles.get(key) ?? { nodes: new Map(), parent: new Map() };
    profiles.set(key, p);
    const data = e.args?.data;
    for (const n of data?.cpuProfile?.nodes ?? []) {
      p.nodes.set(n.id, n);
      const parentId = (n as Node & { parent?: number }).parent;
      if (parentId !== undefined) p.parent.set(n.id, parentId);
    }
    const samples = data?.cpuProfile?.samples ?? [];
    samples.forEach((id, i) => {
      const dt = (data?.timeDeltas?.[i] ?? 0) / 1000;
      const chain: Node[] = [];
      for (let at: number | undefined = id; at !== undefined; at = p.parent.get(at)) {
        const n = p.nodes.get(at);
        if (n) chain.push(n);
      }
      // Only the service worker's samples: a stack that runs through background.js.
      if (!chain.some((n) => n.callFrame.url?.endsWith('/background.js'))) return;
      busy += dt;
      const { pkg } = sourceOf(chain[0]!.callFrame);
      self.set(pkg, (self.get(pkg) ?? 0) + dt);
      const files = chain.map((n) => sourceOf(n.callFrame).file);
      const first = files.find(Boolean);
      if (first) lib.set(first, (lib.get(first) ?? 0) + dt);
      // --callers FILE: who called into FILE, by the first other lib/ line above it on the stack.
      if (CALLERS && first === CALLERS) {
        const up = chain.find((n) => {
          const f = sourceOf(n.callFrame).file;
          return f && f !== CALLERS;
        });
        if (up) {
          const at = map.originalPositionFor({ line: up.callFrame.lineNumber + 1, column: up.callFrame.columnNumber });
          const key = `${sourceOf(up.callFrame).file}:${at.line} ${up.callFrame.functionName || '(top)'}`;
          callers.set(key, (callers.get(key) ?? 0) + dt);
        }
      }
      const leaf = chain.find((n) => sourceOf(n.callFrame).file);
      if (leaf) {
        const at = map.originalPositionFor({
          line: leaf.callFrame.lineNumber + 1,
          column: leaf.callFrame.columnNumber,
        });
        const key = `${sourceOf(leaf.callFrame).file}:${at.line} ${leaf.callFrame.functionName || '(top)'}`;
        lines.set(key, (lines.get(key) ?? 0) + dt);
      }
    });
  }
  return { busy, self, lib, lines };
}

const callersAt = process.argv.indexOf('--callers');
const CALLERS = callersAt === -1 ? undefined : process.argv[callersAt + 1];
const callers = new Map<string, number>();

const runsAt = process.argv.indexOf('--runs');
const RUNS = runsAt === -1 ? 3 : Number(process.argv[runsAt + 1]);
const map = await new SourceMapConsumer(JSON.parse(readFileSync(`${extensionDir}/background.js.map`, 'utf8')));

/** "nm/zod", "lib/agent/…": where a generated position comes from. */
function sourceOf(frame: Node['callFrame']): { pkg: string; file: string } {
  if (!frame.url?.endsWith('/background.js'))
    return { pkg: frame.url ? '(other script)' : frame.functionName, file: '' };
  const at = map.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
  const src = (at.source ?? '(unmapped)').replace(/^(\.\.\/)+/, '');
  const nm = src.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const parts = src.slice(nm + 13).split('/');
    return { pkg: `nm/${parts[0]!.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]}`, file: '' };
  }
  return {
    pkg: src.split('/').slice(0, 2).join('/'),
    file: src.startsWith('lib/') || src.startsWith('entrypoints/') ? src : '',
  };
}

const ext = await launchExtension({ debuggingPort: true });
try {
  const version = (await (await fetch(`http://127.0.0.1:${ext.debuggingPort}/json/version`)).json()) as {
    webSocketDebuggerUrl: string;
  };
  const ws = new WebSocket(version.webSocketDebuggerUrl);
  await new Promise((resolve) => ws.addEventListener('open', resolve, { once: true }));
  let next = 0;
  const pending = new Map<number, (v: unknown) => void>();
  let onTrace: (events: TraceEvent[]) => void = () => {};
  let onTraceDone: () => void = () => {};
  ws.addEventListener('message', (e) => {
    const msg = JSON.parse(String(e.data)) as {
      id?: number;
      result?: unknown;
      method?: string;
      params?: { value?: TraceEvent[] };
    };
    if (msg.id !== undefined) pending.get(msg.id)?.(msg.result);
    if (msg.method === 'Tracing.dataCollected') onTrace(msg.params!.value ?? []);
    if (msg.method === 'Tracing.tracingComplete') onTraceDone();
  });
  const send = <T>(method: string, params: object = {}, sessionId?: string) =>
    new Promise<T>((resolve) => {
      const id = ++next;
      pending.set(id, resolve as (v: unknown) => void);
      ws.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }));
    });

  const page = await ext.context.newPage();
  await page.goto(`chrome-extension://${ext.extensionId}/options.html`);
  const cdp = await ext.context.newCDPSession(page);
  await cdp.send('ServiceWorker.enable');
  const selfByPkg = new Map<string, number>();
  const byLibFile = new Map<string, number>();
  const byLine = new Map<string, number>();
  for (let run = 0; run < RUNS; run++) {
    await cdp.send('ServiceWorker.stopAllWorkers');
    await page.waitForTimeout(500);
    const events: TraceEvent[] = [];
    onTrace = (batch) => events.push(...batch);
    const done = new Promise<void>((resolve) => (onTraceDone = resolve));
    await send('Tracing.start', {
      traceConfig: { includedCategories: ['disabled-by-default-v8.cpu_profiler', 'v8.execute', 'devtools.timeline'] },
      transferMode: 'ReportEvents',
    });
    const t0 = performance.now();
    // The first message wakes the worker (as a panel's would).
    await page.evaluate(() => chrome.runtime.sendMessage({ tabwise: 'background', name: 'settings.get', data: {} }));
    const answeredMs = performance.now() - t0;
    await page.waitForTimeout(200);
    await send('Tracing.end');
    await done;
    const { busy, self, lib, lines } = attribute(events);
    for (const [k, v] of lines) byLine.set(k, (byLine.get(k) ?? 0) + v);
    for (const [k, v] of self) selfByPkg.set(k, (selfByPkg.get(k) ?? 0) + v);
    for (const [k, v] of lib) byLibFile.set(k, (byLibFile.get(k) ?? 0) + v);
    console.log(
      `run ${run + 1}: answered ${answeredMs.toFixed(0)} ms after the message; background.js busy ${busy.toFixed(1)} ms`,
    );
  }
  const top = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `${(v / RUNS).toFixed(1).padStart(7)} ms  ${k}`)
      .join('\n');
  console.log(`\nself time by package or folder (mean of ${RUNS}):\n${top(selfByPkg, 20)}`);
  console.log(`\ntime under the first lib/ file on the stack (mean of ${RUNS}):\n${top(byLibFile, 25)}`);
  console.log(`\ntime under the first lib/ function on the stack, by its line (mean of ${RUNS}):\n${top(byLine, 25)}`);
  if (CALLERS) console.log(`\ncallers of ${CALLERS}, by line (mean of ${RUNS}):\n${top(callers, 25)}`);
  ws.close();
} finally {
  await ext.close();
}

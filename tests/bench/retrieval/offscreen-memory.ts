/**
 * The retrieval bench's memory part: what the product's own offscreen document holds for a 100k-chunk index.
 * The bench page writes a synthetic index into the product's index database ('tabwise-index') as the engine
 * saves it; the offscreen document, started by the background as it always is (an `index.stats` request),
 * restores it from IndexedDB, the path a browser start takes. Over CDP to that document's target: garbage
 * collected, then its JS heap (Runtime.getHeapUsage usedSize) plus the backing stores of its array buffers and
 * WebAssembly memories (a heap snapshot's JSArrayBufferData), with the index empty and then full; the difference over the chunks
 * is `offscreen_bytes_per_chunk_100k`. The embedding worker is a thread of its own and is not started here.
 */
import type { Page } from '@playwright/test';
import { connectCdp, type CdpClient } from '../_cdp';
import { callBackground } from '../../harness/extension-helpers';
import type { LaunchedExtension } from '../../harness/launch-extension';

/** Bytes after a collection: JS heap in use, array-buffer and Wasm-memory backing stores. */
export interface DocumentMemory {
  heap: number;
  buffers: number;
}

interface HeapUsage {
  usedSize: number;
  totalSize: number;
  embedderHeapUsedSize?: number;
  backingStorageSize?: number;
}

async function targetOf(port: number, url: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as {
      url: string;
      webSocketDebuggerUrl: string;
    }[];
    const t = targets.find((x) => x.url === url);
    if (t) return t.webSocketDebuggerUrl;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('offscreen document target not found');
}

/** A heap snapshot's self sizes by node type and constructor name, largest first: where the bytes go. */
export type HeapRows = Array<{ what: string; count: number; bytes: number }>;

/**
 * Collects garbage, then reads the JS heap in use (Runtime.getHeapUsage) and, from a heap snapshot, the
 * backing stores of array buffers: getHeapUsage's backingStorageSize leaves out WebAssembly memories (the
 * vector store's codes live in one), the snapshot's JSArrayBufferData nodes do not.
 */
export async function measureDocument(cdp: CdpClient): Promise<DocumentMemory & { rows: HeapRows }> {
  let last = Infinity;
  let usage: HeapUsage = { usedSize: 0, totalSize: 0 };
  for (let i = 0; i < 6; i++) {
    await cdp.send('HeapProfiler.collectGarbage');
    usage = await cdp.send<HeapUsage>('Runtime.getHeapUsage');
    if (usage.usedSize >= last * 0.999) break;
    last = usage.usedSize;
  }
  const rows = await heapByConstructor(cdp);
  const buffers = rows.find((r) => r.what === 'native system / JSArrayBufferData')?.bytes ?? 0;
  return { heap: usage.usedSize, buffers, rows };
}

async function heapByConstructor(cdp: CdpClient): Promise<HeapRows> {
  const parts: string[] = [];
  cdp.on('HeapProfiler.addHeapSnapshotChunk', (p) => parts.push((p as { chunk: string }).chunk));
  await cdp.send('HeapProfiler.enable');
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  const snap = JSON.parse(parts.join('')) as {
    snapshot: { meta: { node_fields: string[]; node_types: [string[]] } };
    nodes: number[];
    strings: string[];
  };
  const fields = snap.snapshot.meta.node_fields;
  const types = snap.snapshot.meta.node_types[0];
  const [ti, ni, si] = ['type', 'name', 'self_size'].map((f) => fields.indexOf(f)) as [number, number, number];
  const sums = new Map<string, { count: number; bytes: number }>();
  for (let i = 0; i < snap.nodes.length; i += fields.length) {
    const type = types[snap.nodes[i + ti]!]!;
    // Strings and code by kind; objects by constructor.
    const what = type === 'object' || type === 'native' ? `${type} ${snap.strings[snap.nodes[i + ni]!]}` : type;
    const s = sums.get(what) ?? { count: 0, bytes: 0 };
    s.count++;
    s.bytes += snap.nodes[i + si]!;
    sums.set(what, s);
  }
  return [...sums].map(([what, s]) => ({ what, ...s })).sort((a, b) => b.bytes - a.bytes);
}

/**
 * Empty, then full: the offscreen document as the background starts it, with `chunks` synthetic 384-d chunks
 * restored the second time. `store(modelId)` writes the index (the bench page's `bench-store`).
 */
export async function offscreenMemory(
  ext: LaunchedExtension,
  page: Page,
  chunks: number,
  store: (modelId: string, dims: number) => Promise<unknown>,
): Promise<{ empty: DocumentMemory; full: DocumentMemory; restored: number; bytesPerChunk: number }> {
  const port = ext.debuggingPort;
  if (port === undefined) throw new Error('launch the extension with debuggingPort: true');
  // A model that is never fetched: stats never loads it, and nothing may reach the network.
  const model = { id: 'Xenova/all-MiniLM-L6-v2', dtype: 'q8', localModelUrl: '', allowRemote: false } as const;
  // Retention and the size cap kept off these 100k chunks of 2023: eviction must not run while they are read.
  await callBackground(page, 'index.settings.update', { model, retentionDays: 3650, maxChunks: 1_000_000 });
  const modelId = `${model.id}@${model.dtype}`;
  const measure = async () => {
    const stats = await callBackground<{ chunks: number }>(page, 'index.stats', {});
    const cdp = await connectCdp(await targetOf(port, `chrome-extension://${ext.extensionId}/offscreen.html`));
    try {
      // Settle: the restore's IndexedDB reads and the first save's timers end before the reading.
      await new Promise((r) => setTimeout(r, 1500));
      const { rows, ...memory } = await measureDocument(cdp);
      // Where the bytes go: the largest kinds of the snapshot (self sizes).
      if (stats.chunks > 0)
        for (const row of rows.slice(0, 12))
          console.log(
            `offscreen heap at ${stats.chunks} chunks: ${row.what}: ${row.count} nodes, ${(row.bytes / 1e6).toFixed(1)} MB`,
          );
      return { stats, memory };
    } finally {
      cdp.close();
    }
  };
  const empty = await measure();
  await store(modelId, 384);
  // Restart the document, as a browser start would, so it restores the stored index.
  const worker = ext.context.serviceWorkers()[0]!;
  await worker.evaluate(() => chrome.offscreen.closeDocument());
  const full = await measure();
  if (full.stats.chunks !== chunks)
    throw new Error(`the offscreen document restored ${full.stats.chunks} chunks, expected ${chunks}`);
  const grown = full.memory.heap + full.memory.buffers - (empty.memory.heap + empty.memory.buffers);
  // A change and its save (one page deleted through the background): the snapshot a save makes is let go.
  await callBackground(page, 'index.delete', { kind: 'page', url: 'https://site0.test/page/0' });
  const saved = await measure();
  console.log(
    `offscreen document after deleting a page and saving: ${((saved.memory.heap + saved.memory.buffers) / 1e6).toFixed(1)} MB (${((full.memory.heap + full.memory.buffers) / 1e6).toFixed(1)} MB before)`,
  );
  return { empty: empty.memory, full: full.memory, restored: full.stats.chunks, bytesPerChunk: grown / chunks };
}

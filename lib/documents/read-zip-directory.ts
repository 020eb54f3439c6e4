/**
 * A zip's table of contents, read from its central directory without inflating anything: the names of its
 * parts (to tell a Word file from an Excel file from any other zip) and the sizes they claim once inflated (to
 * refuse a zip bomb before a parser inflates it). Office files are zips; mammoth and exceljs inflate whole
 * parts, so the sizes are checked here first.
 */
export interface ZipEntry {
  name: string;
  compressedSize: number;
  uncompressedSize: number;
  /** 0 stored, 8 deflated (the two an Office file uses). */
  method: number;
  /** Where the part's local header starts (its data follows the header). */
  localHeaderOffset: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;

/** The entries, or undefined when the bytes hold no readable central directory (not a zip, or a damaged one). */
export function readZipDirectory(bytes: Uint8Array): ZipEntry[] | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end record sits in the last 22 bytes plus a comment of at most 65,535.
  const stop = Math.max(0, bytes.length - 22 - 65_535);
  let end = -1;
  for (let i = bytes.length - 22; i >= stop; i--)
    if (view.getUint32(i, true) === EOCD) {
      end = i;
      break;
    }
  if (end < 0) return undefined;
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const entries: ZipEntry[] = [];
  const names = new TextDecoder();
  for (let n = 0; n < count; n++) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== CENTRAL) return undefined;
    const method = view.getUint16(at + 10, true);
    const compressedSize = view.getUint32(at + 20, true);
    const uncompressedSize = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    if (at + 46 + nameLength > bytes.length) return undefined;
    entries.push({
      name: names.decode(bytes.subarray(at + 46, at + 46 + nameLength)),
      compressedSize,
      uncompressedSize,
      method,
      localHeaderOffset: view.getUint32(at + 42, true),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

const LOCAL = 0x04034b50;

/**
 * One part's bytes inflated, never more than the size the directory claims for it (a directory that lies about a
 * part's size cannot make it inflate past the limits checked against that size). Uses the browser's own inflater.
 */
export async function inflateZipEntry(bytes: Uint8Array, entry: ZipEntry): Promise<Uint8Array> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const at = entry.localHeaderOffset;
  if (at + 30 > bytes.length || view.getUint32(at, true) !== LOCAL) throw new Error(`damaged part "${entry.name}"`);
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  const data = bytes.subarray(start, start + entry.compressedSize);
  if (data.length < entry.compressedSize) throw new Error(`damaged part "${entry.name}"`);
  if (entry.method === 0) return data.slice(0, entry.uncompressedSize);
  if (entry.method !== 8) throw new Error(`part "${entry.name}" uses an unknown compression (${entry.method})`);
  const out = new Uint8Array(entry.uncompressedSize);
  let filled = 0;
  // The bytes come from a file or a response: an ArrayBuffer, never shared memory.
  const reader = new Blob([data as Uint8Array<ArrayBuffer>])
    .stream()
    .pipeThrough(new DecompressionStream('deflate-raw'))
    .getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (filled + value.length > out.length) throw new Error(`part "${entry.name}" inflates past its stated size`);
      out.set(value, filled);
      filled += value.length;
    }
  } finally {
    void reader.cancel().catch(() => undefined);
  }
  return filled === out.length ? out : out.subarray(0, filled);
}

/** Why a zip may not be inflated, or undefined when it may: too many parts, too large inflated, or a bomb's ratio. */
export function zipBombReason(
  entries: ZipEntry[],
  limits: { maxEntries: number; maxInflatedBytes: number; maxRatio: number },
): string | undefined {
  if (entries.length > limits.maxEntries)
    return `it holds ${entries.length} parts (at most ${limits.maxEntries} are read)`;
  let inflated = 0;
  for (const e of entries) {
    // 0xFFFFFFFF marks a ZIP64 size stored elsewhere: too large for a document here either way.
    if (e.uncompressedSize === 0xffffffff) return `its part "${e.name}" is larger than 4 GB`;
    inflated += e.uncompressedSize;
    if (
      e.compressedSize > 0 &&
      e.uncompressedSize / e.compressedSize > limits.maxRatio &&
      e.uncompressedSize > 1_000_000
    )
      return `its part "${e.name}" inflates ${Math.round(e.uncompressedSize / e.compressedSize)} times (a zip bomb)`;
  }
  if (inflated > limits.maxInflatedBytes)
    return `it inflates to ${Math.round(inflated / 1_000_000)} MB (at most ${limits.maxInflatedBytes / 1_000_000} MB are read)`;
  return undefined;
}

/**
 * A tool call's result is data (ToolResult) everywhere it is kept and shown: the journal, the agent event, the
 * card. It becomes text here, and only here: `toModelText` is what the model reads (called where the request is
 * built and by the egress gate, which must compare against exactly that), the one place that stringifies a
 * tool's output and wraps untrusted results in their data block. The rest of this file is that format's
 * other ends: the JSON-safe value a tool's output is kept as, the text a person sees, and the reader of
 * results journaled as strings before results were typed.
 */
import type { ResultImage } from '../core/chat-message';
import type { ToolFailure, ToolResult, UntrustedKind } from '../core/tool-result';
import { wrapUntrusted } from './wrap-untrusted';

/** A failure carries its message as text (a result from an imported file is checked the same way). */
export const isToolFailure = (r: ToolResult): r is ToolFailure => typeof (r as Partial<ToolFailure>).error === 'string';

// Circular or BigInt values: the model still deserves to know something came back.
const unserialisable = (error: unknown) =>
  `(unserialisable output: ${error instanceof Error ? error.message : String(error)})`;

/** A value as text: strings as they are, anything else as compact JSON. */
function valueText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '(no output)';
  try {
    return JSON.stringify(value) ?? '(no output)';
  } catch (error) {
    return unserialisable(error);
  }
}

/**
 * What the model reads for `result` of the tool `toolName` in a run whose data boundary is `boundary`:
 * untrusted output (and a failure's untrusted detail) inside a marked block, anything else as it is.
 */
export function toModelText(result: ToolResult, boundary: string, toolName?: string): string {
  if (isToolFailure(result)) {
    if (result.untrustedDetail === undefined) return result.error;
    return `${result.error}\n${wrapUntrusted(result.untrusted ?? 'page_content', result.untrustedDetail, boundary, toolName)}`;
  }
  // Page images go to the model as image parts (resultImages), not as base64 in the text.
  const value = toolName && resultImages(result, toolName).length ? withoutPageImages(result.value) : result.value;
  const text = valueText(value);
  return result.untrusted ? wrapUntrusted(result.untrusted, text, boundary, toolName) : text;
}

/**
 * What a tool returned, as the JSON-safe value a result keeps (it is journaled, sent over ports and shown):
 * strings as they are, anything else as its JSON round trip, so the model's text is the same from either.
 */
export function toResultValue(output: unknown): unknown {
  if (output === undefined || typeof output === 'string') return output;
  try {
    const json = JSON.stringify(output);
    return json === undefined ? undefined : (JSON.parse(json) as unknown);
  } catch (error) {
    return unserialisable(error);
  }
}

/**
 * The result as a person reads it (a card's text, the raw view): the value's text or the failure's message
 * and detail, without the model's data-block markup.
 */
export function resultText(result: ToolResult): string {
  if (isToolFailure(result))
    return result.untrustedDetail === undefined ? result.error : `${result.error}\n${result.untrustedDetail}`;
  return valueText(result.value);
}

const wrapped =
  /^(?:([\s\S]*?)\n)?<untrusted_([a-z_]+) boundary="([0-9a-z]+)"(?: source="([^"]*)")?>\n([\s\S]*)\n<\/untrusted_\2 boundary="\3">$/;

/** `text` parsed when it is JSON that prints back to exactly `text`, else `text`. */
function exactJson(text: string): unknown {
  const head = text.trimStart()[0];
  if (head !== '{' && head !== '[') return text;
  try {
    const value = JSON.parse(text) as unknown;
    return JSON.stringify(value) === text ? value : text;
  } catch (error) {
    void error; // not JSON after all (cut short, or prose that starts with a bracket): kept as text
    return text;
  }
}

/**
 * A result journaled (or kept on a card, or exported) as the model's string, before results were typed:
 * the stored string as the value (the failure's message), its data block and JSON taken apart only when the
 * result built back from them is that very string, so the model reads the same and the card shows the same.
 */
export function fromLegacyOutput(output: string, isError: boolean, toolName: string, boundary?: string): ToolResult {
  const plain: ToolResult = isError ? { error: output } : { value: exactJson(output) };
  const m = wrapped.exec(output);
  if (!m || m[4] !== toolName || (boundary !== undefined && m[3] !== boundary)) return plain;
  const [, before, kind, found, , body] = m as unknown as [
    string,
    string | undefined,
    UntrustedKind,
    string,
    string,
    string,
  ];
  let decoded: ToolResult;
  if (isError) {
    if (before === undefined) return plain;
    decoded = { error: before, untrustedDetail: body, untrusted: kind };
  } else {
    if (before !== undefined) return plain;
    decoded = { value: exactJson(body), untrusted: kind };
  }
  return toModelText(decoded, found, toolName) === output ? decoded : plain;
}

/** A journal record's or a card's result: the typed one, else the legacy string read as above. */
export function toolResultOf(
  r: { result?: ToolResult; output?: string; isError?: boolean; toolName: string },
  isError = r.isError ?? false,
  boundary?: string,
): ToolResult | undefined {
  if (r.result !== undefined) return r.result;
  return typeof r.output === 'string' ? fromLegacyOutput(r.output, isError, r.toolName, boundary) : undefined;
}

/** The tools whose output may carry page images (a scanned PDF's pages): built-ins no user or MCP tool can be named as. */
const PAGE_IMAGE_TOOLS = new Set(['read_page', 'fetch_url']);
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * The images a result sends the model beside its text: the `pageImages` of a document read by read_page or
 * fetch_url for a model that takes images (JPEG or PNG in base64); none for any other tool or shape.
 */
export function resultImages(result: ToolResult, toolName: string): ResultImage[] {
  if (isToolFailure(result) || !PAGE_IMAGE_TOOLS.has(toolName)) return [];
  const images = (result.value as { pageImages?: unknown } | null | undefined)?.pageImages;
  if (!Array.isArray(images)) return [];
  return images.flatMap((i: { mediaType?: unknown; data?: unknown }) =>
    (i?.mediaType === 'image/jpeg' || i?.mediaType === 'image/png') && typeof i.data === 'string' && BASE64.test(i.data)
      ? [{ mediaType: i.mediaType, data: i.data }]
      : [],
  );
}

/** The output without its images' data: the pages they show stay named (`pageImages: [{ page }]`). */
function withoutPageImages(value: unknown): unknown {
  const { pageImages, ...rest } = value as { pageImages: Array<{ page?: unknown }> };
  return { ...rest, pageImages: pageImages.map((i) => ({ page: i?.page })) };
}

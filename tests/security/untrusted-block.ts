/** Reads the marked blocks untrusted text reaches the model in (lib/agent/wrap-untrusted.ts), for tests. */

const BLOCK = /<(untrusted_[a-z_]+) boundary="([0-9a-z]+)"[^>]*>\n([\s\S]*?)\n<\/\1 boundary="\2">/g;

export interface UntrustedBlock {
  tag: string;
  boundary: string;
  body: string;
}

/** Every well-formed block in `text`, in order. */
export function untrustedBlocks(text: string): UntrustedBlock[] {
  return Array.from(text.matchAll(BLOCK), (m) => ({ tag: m[1]!, boundary: m[2]!, body: m[3]! }));
}

/** The body of a tool output that is one whole marked block; `text` itself when it is not marked. */
export function unwrapUntrusted(text: string): string {
  const [block] = untrustedBlocks(text);
  return block &&
    text.startsWith(`<${block.tag} `) &&
    text.trimEnd().endsWith(`</${block.tag} boundary="${block.boundary}">`)
    ? block.body
    : text;
}

/** `text` with the body of every marked block taken out: what the model reads as not page data. */
export const outsideBlocks = (text: string) =>
  untrustedBlocks(text).reduce((rest, b) => rest.replace(b.body, ''), text);

/** Every string in a request body (messages, tool results, tool arguments), with marked blocks' bodies taken out. */
export function textOutsideBlocks(body: unknown): string {
  const strings: string[] = [];
  const walk = (value: unknown) => {
    if (typeof value === 'string') strings.push(outsideBlocks(value));
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk(body);
  return strings.join('\n');
}

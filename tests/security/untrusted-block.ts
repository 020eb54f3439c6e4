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
  return block && text.startsWith(`<${block.tag} `) && text.trimEnd().endsWith(`</${block.tag} boundary="${block.boundary}">`) ? block.body : text;
}

/**
 * The name the model sees for a server's tool: `mcp__<server>__<tool>`, within what both vendors accept
 * (letters, digits, _ and -, at most 64, starting with a letter). A name cut to fit gets a short hash of
 * the full name, so two long names that share a prefix stay apart.
 */
const MAX = 64;

const slug = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9_-]+/g, '_')
    .replace(/_{3,}/g, '__')
    .replace(/^_+|_+$/g, '');

/** A short, stable FNV-1a hash (not for security: only to keep cut names distinct). */
function shortHash(s: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(36).padStart(7, '0').slice(0, 7);
}

/** The server's part of its tools' names: two servers whose names read the same here would clash. */
export const serverSlug = (server: string) => slug(server) || 'server';

export function toMcpToolName(server: string, tool: string): string {
  const full = `mcp__${serverSlug(server)}__${slug(tool) || 'tool'}`;
  // A tool name changed or cut to fit gets the hash of the original pair, so distinct tools stay distinct.
  if (full.length <= MAX && slug(tool) === tool) return full;
  const suffix = `_${shortHash(`${server}\u0000${tool}`)}`;
  return full.length + suffix.length <= MAX ? `${full}${suffix}` : `${full.slice(0, MAX - suffix.length)}${suffix}`;
}

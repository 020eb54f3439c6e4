/**
 * Untrusted data reaches the model inside a marked block whose closing tag carries a per-run random
 * boundary (lib/README.md "Trust model"). The content is neutralised so it cannot close the block, open a new
 * one, or repeat the boundary: a page that guesses the tag name still cannot end the block early.
 */
import { invisibleCharsNotice, stripInvisibleChars, type InvisibleCharCount } from '../page/strip-invisible-chars';
import type { UntrustedKind } from '../core/tool-result';

/** Every block's tag starts with this, so one pattern neutralises any of them inside content. */
const TAG_PREFIX = 'untrusted_';
const tagPattern = /<(\s*\/?\s*)(untrusted_)/gi;

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `content` with any block tag and any occurrence of `boundary` made inert. */
export function neutraliseUntrusted(content: string, boundary: string): string {
  const withoutBoundary = boundary
    ? content.replace(new RegExp(escapeRegExp(boundary), 'gi'), '[boundary removed]')
    : content;
  return withoutBoundary.replace(tagPattern, '&lt;$1$2');
}

/**
 * Wraps `content` in a `<untrusted_KIND boundary="…">…</untrusted_KIND boundary="…">` block. This is the one
 * cleaner of untrusted text (page text, fetched pages, search results, MCP results and resources, passages):
 * characters a person cannot see are removed here, whatever the source already removed, and counted.
 */
export function wrapUntrusted(kind: UntrustedKind, content: string, boundary: string, source?: string): string {
  const tag = `${TAG_PREFIX}${kind}`;
  const from = source ? ` source="${source.replace(/[^a-z0-9_-]/gi, '')}"` : '';
  const count: InvisibleCharCount = { removed: 0 };
  const visible = stripInvisibleChars(content, count);
  const notice = invisibleCharsNotice(count);
  const body = neutraliseUntrusted(notice ? `${visible}\n(${notice})` : visible, boundary);
  return `<${tag} boundary="${boundary}"${from}>\n${body}\n</${tag} boundary="${boundary}">`;
}

const closingLine = /\n(<\/untrusted_[a-z_]+ boundary="[0-9a-z]+">)$/;

/**
 * `output` cut to `maxChars` with `note` after the cut; a marked block keeps its closing tag, so text
 * after the cut can never be read as outside the block.
 */
export function truncateUntrusted(output: string, maxChars: number, note: string): string {
  const close = closingLine.exec(output)?.[1];
  return close ? `${output.slice(0, maxChars)}\n${note}\n${close}` : `${output.slice(0, maxChars)}\n${note}`;
}

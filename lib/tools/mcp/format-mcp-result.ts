/**
 * An MCP tools/call result as text for the model. Everything in it is the server's (untrusted: the runtime
 * wraps it in a data block). Images and audio are not routed to the model: they become a note. The text is
 * cut at a cap with a note, so a huge result cannot crowd out the conversation, and text a person cannot see
 * (zero-width, bidi and tag characters) is removed, as from page text.
 */
import { ToolError } from '../tool-error';
import { stripInvisibleChars } from '../../page/strip-invisible-chars';
import { isRecord } from '../../util/is-record';

export const MAX_MCP_RESULT_CHARS = 20_000;

function contentText(item: unknown): string {
  if (!isRecord(item)) return '[unreadable content item]';
  switch (item.type) {
    case 'text':
      return typeof item.text === 'string' ? item.text : '[text item without text]';
    case 'image':
      return `[image omitted${typeof item.mimeType === 'string' ? `: ${item.mimeType.slice(0, 60)}` : ''}]`;
    case 'audio':
      return '[audio omitted]';
    case 'resource_link':
      return `[resource link: ${String(item.uri ?? '').slice(0, 500)}]`;
    case 'resource': {
      const r = isRecord(item.resource) ? item.resource : {};
      const uri = String(r.uri ?? '').slice(0, 500);
      return typeof r.text === 'string' ? `[resource ${uri}]\n${r.text}` : `[binary resource omitted: ${uri}]`;
    }
    default:
      return `[content of type ${JSON.stringify(item.type ?? null)?.slice(0, 40)} omitted]`;
  }
}

/** `text` cut to `max` characters with a note saying how much was left out. */
export function capText(text: string, max = MAX_MCP_RESULT_CHARS): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max)}\n[result cut: ${text.length.toLocaleString('en-US')} characters, only the first ${max.toLocaleString('en-US')} shown]`;
}

/** The result's text (throws a ToolError, the server's text kept as untrusted detail, when it says isError). */
export function formatMcpResult(result: unknown, label: string): string {
  if (!isRecord(result))
    throw new ToolError(`Error: the MCP tool ${label} answered with something that is not a tool result.`);
  const parts = Array.isArray(result.content) ? result.content.map(contentText) : [];
  if (parts.length === 0 && result.structuredContent !== undefined)
    parts.push(JSON.stringify(result.structuredContent));
  if (parts.length === 0 && result.toolResult !== undefined) parts.push(JSON.stringify(result.toolResult));
  // Zero-width and tag characters (a hidden instruction a person cannot see) are dropped before the cap.
  const text = capText(stripInvisibleChars(parts.join('\n\n')) || '(the tool returned no content)');
  if (result.isError === true) {
    throw new ToolError(`Error: the MCP tool ${label} reported a failure. Its message, as the server wrote it:`, {
      untrustedDetail: capText(text, 4000),
    });
  }
  return text;
}

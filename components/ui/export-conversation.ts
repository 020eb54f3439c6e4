/**
 * One conversation as a file the user downloads: Markdown to read, JSON to keep or process. Titles may be
 * written by the model (from page text), so they are flattened to one line in the Markdown and reduced to
 * safe characters in the file name.
 */
import type { ConversationRecord, MessageRecord } from '../../lib/storage/records';

export type ExportFormat = 'markdown' | 'json';

const oneLine = (s: string) => s.replace(/[\p{Cc}\p{Cf}\u2028\u2029]+/gu, ' ').replace(/\s+/g, ' ').trim();

/** A file name from a title: letters, digits, spaces, dots, dashes and underscores only; never empty, never hidden. */
export function exportFileName(title: string, format: ExportFormat): string {
  const base = oneLine(title)
    .replace(/[^\p{L}\p{N} ._-]+/gu, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[\s.-]+|[\s.-]+$/g, '')
    .slice(0, 80)
    .trim();
  return `${base || 'conversation'}.${format === 'json' ? 'json' : 'md'}`;
}

export function conversationToMarkdown(conversation: ConversationRecord, messages: MessageRecord[]): string {
  const lines = [`# ${oneLine(conversation.title) || 'Conversation'}`, '', `Exported from Tabwise · ${new Date(conversation.createdAt).toISOString()}`, ''];
  for (const m of messages) {
    lines.push(m.role === 'user' ? '## You' : `## Tabwise${m.model ? ` (${oneLine(m.model)})` : ''}`, '', m.text.trim() || (m.error ? `_Error: ${oneLine(m.error.message)}_` : '_(no text)_'), '');
  }
  return lines.join('\n');
}

export function conversationToJson(conversation: ConversationRecord, messages: MessageRecord[]): string {
  return JSON.stringify(
    {
      format: 'tabwise.conversation',
      version: 1,
      conversation: { id: conversation.id, title: conversation.title, createdAt: conversation.createdAt, updatedAt: conversation.updatedAt },
      messages: messages.map((m) => ({
        id: m.id,
        role: m.role,
        text: m.text,
        status: m.status,
        createdAt: m.createdAt,
        ...(m.model ? { model: m.model } : {}),
        ...(m.usage ? { usage: m.usage } : {}),
        ...(m.error ? { error: m.error } : {}),
      })),
    },
    null,
    2,
  );
}

/**
 * One conversation as a file the user downloads: Markdown to read, JSON to keep or process. Titles may be
 * written by the model (from page text), so they are flattened to one line in the Markdown and reduced to
 * safe characters in the file name.
 */
import type { ConversationRecord, MessageRecord } from '../../lib/storage/records';
import { t } from './t';

export type ExportFormat = 'markdown' | 'json';

const oneLine = (s: string) =>
  s
    .replace(/[\p{Cc}\p{Cf}\u2028\u2029]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();

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
  const lines = [
    `# ${oneLine(conversation.title) || t('export_md_untitled')}`,
    '',
    t('export_md_exported', new Date(conversation.createdAt).toISOString()),
    '',
  ];
  for (const m of messages) {
    const who =
      m.role === 'user' ? t('export_md_you') : m.model ? t('export_md_assistant_model', oneLine(m.model)) : 'Tabwise';
    const body =
      m.text.trim() ||
      (m.error ? `_${t('export_md_error', oneLine(m.error.message))}_` : `_${t('export_md_no_text')}_`);
    lines.push(`## ${who}`, '', body, '');
  }
  return lines.join('\n');
}

export function conversationToJson(conversation: ConversationRecord, messages: MessageRecord[]): string {
  return JSON.stringify(
    {
      format: 'tabwise.conversation',
      version: 1,
      conversation: {
        id: conversation.id,
        title: conversation.title,
        createdAt: conversation.createdAt,
        updatedAt: conversation.updatedAt,
      },
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

import type { MessageAttachment } from '../../lib/core/message-attachment';
import { formatBytes } from '../../lib/core/message-attachment';
import { formatCount } from '../options/format-figures';
import { t } from '../ui/t';

/** "12 pages", "340 rows", or nothing. */
function extent(a: MessageAttachment | undefined): string | undefined {
  if (a?.pages !== undefined) return formatCount(a.pages, 'page');
  if (a?.rows !== undefined) return formatCount(a.rows, 'row');
  return undefined;
}

/** A file's name, size and pages or rows, and why it is not sent. */
export function ChipBody({ name, size, attachment }: { name: string; size: number; attachment?: MessageAttachment }) {
  const facts = [formatBytes(size), extent(attachment)].filter(Boolean).join(' · ');
  return (
    <>
      <span class="attachment-name">{name}</span> <span class="attachment-facts">{facts}</span>
      {attachment?.notSent && <span class="attachment-why">{attachment.notSent}</span>}
    </>
  );
}

/** A sent message's files, as they were attached. */
export function MessageAttachments({ attachments }: { attachments: MessageAttachment[] }) {
  return (
    <ul class="attachment-chips sent" aria-label={t('attachments_label')}>
      {attachments.map((a) => (
        <li key={a.id} class={`attachment-chip${a.notSent ? ' not-sent' : ''}`}>
          <ChipBody name={a.name} size={a.size} attachment={a} />
        </li>
      ))}
    </ul>
  );
}

import type { MessageAttachment } from '../../lib/core/message-attachment';
import { formatBytes } from '../../lib/core/message-attachment';
import type { AttachmentChip } from './attachment-state';
import { formatCount } from '../options/format-figures';
import { t } from '../ui/t';

/** "12 pages", "340 rows", or nothing. */
function extent(a: MessageAttachment | undefined): string | undefined {
  if (a?.pages !== undefined) return formatCount(a.pages, 'page');
  if (a?.rows !== undefined) return formatCount(a.rows, 'row');
  return undefined;
}

function ChipBody({ name, size, attachment }: { name: string; size: number; attachment?: MessageAttachment }) {
  const facts = [formatBytes(size), extent(attachment)].filter(Boolean).join(' · ');
  return (
    <>
      <span class="attachment-name">{name}</span> <span class="attachment-facts">{facts}</span>
      {attachment?.notSent && <span class="attachment-why">{attachment.notSent}</span>}
    </>
  );
}

/** The composer's chips: each file with its size and pages or rows, its state, and a button to remove it. */
export function ComposerAttachments({ chips, onRemove }: { chips: AttachmentChip[]; onRemove: (key: string) => void }) {
  if (chips.length === 0) return null;
  return (
    <ul class="attachment-chips" aria-label={t('attachments_label')}>
      {chips.map((c) => (
        <li
          key={c.key}
          class={`attachment-chip ${c.status}${c.attachment?.notSent ? ' not-sent' : ''}`}
          data-status={c.status}
        >
          <ChipBody name={c.name} size={c.size} attachment={c.attachment} />
          {c.status === 'reading' && <span class="attachment-reading">{t('attachment_reading')}</span>}
          {c.error && (
            <span class="attachment-error" role="alert">
              {c.error}
            </span>
          )}
          <button
            type="button"
            class="attachment-remove"
            aria-label={t('attachment_remove', c.name)}
            onClick={() => onRemove(c.key)}
          >
            ×
          </button>
        </li>
      ))}
    </ul>
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

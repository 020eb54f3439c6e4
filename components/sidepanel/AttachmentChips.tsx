import { useState } from 'preact/hooks';
import type { MessageAttachment } from '../../lib/core/message-attachment';
import { formatBytes, isImageKind } from '../../lib/core/message-attachment';
import { formatCount } from '../options/format-figures';
import { t } from '../ui/t';
import { keepAttachment } from './keep-attachment';

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

/**
 * "Keep": the file's text goes into "Remember what I read", where the agent's history search finds it and its
 * citations open the viewer page; pressed again, it comes out. The state shown is the message's (the worker
 * announces the change to every panel); a refusal says why under the name.
 */
function KeepButton({ attachment }: { attachment: MessageAttachment }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const kept = attachment.kept === true;
  async function toggle() {
    setBusy(true);
    setError(null);
    const failed = await keepAttachment(attachment.id, !kept);
    setError(failed);
    setBusy(false);
  }
  return (
    <>
      <button
        type="button"
        class="attachment-keep"
        aria-pressed={kept}
        disabled={busy}
        title={t(kept ? 'attachment_kept_title' : 'attachment_keep_title', attachment.name)}
        aria-label={t(kept ? 'attachment_kept_title' : 'attachment_keep_title', attachment.name)}
        onClick={() => void toggle()}
      >
        {t(kept ? 'attachment_kept' : 'attachment_keep')}
      </button>
      {error && (
        <span class="attachment-error" role="alert">
          {error}
        </span>
      )}
    </>
  );
}

/** A sent message's files, as they were attached; a document can be kept in the history index. */
export function MessageAttachments({ attachments }: { attachments: MessageAttachment[] }) {
  return (
    <ul class="attachment-chips sent" aria-label={t('attachments_label')}>
      {attachments.map((a) => (
        <li key={a.id} class={`attachment-chip${a.notSent ? ' not-sent' : ''}${a.kept ? ' kept' : ''}`}>
          <ChipBody name={a.name} size={a.size} attachment={a} />
          {!isImageKind(a.kind) && <KeepButton attachment={a} />}
        </li>
      ))}
    </ul>
  );
}

/**
 * attachments.*: the panel's newly attached file, read for its chip (read-attachment.ts), and a sent file kept in
 * the history index or taken out of it (keep-attachment.ts).
 */
import type { AttachmentKeeping } from '../keep-attachment';
import type { ReadAttachment } from '../read-attachment';
import type { HandlerSet } from './handler-set';

export function createAttachmentHandlers(deps: {
  read: ReadAttachment;
  keeping: Pick<AttachmentKeeping, 'keep'>;
}): HandlerSet<'attachments.read' | 'attachments.keep'> {
  return {
    'attachments.read': (request) => deps.read(request),
    'attachments.keep': (request) => deps.keeping.keep(request),
  };
}

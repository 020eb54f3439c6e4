/** attachments.read: the panel's newly attached file, read for its chip (read-attachment.ts). */
import type { ReadAttachment } from '../read-attachment';
import type { HandlerSet } from './handler-set';

export function createAttachmentHandlers(deps: { read: ReadAttachment }): HandlerSet<'attachments.read'> {
  return {
    'attachments.read': (request) => deps.read(request),
  };
}

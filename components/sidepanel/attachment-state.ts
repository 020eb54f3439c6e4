/**
 * The composer's attached files: each chip is reading (bytes stored, the worker reading them), ready (name,
 * size, pages or rows, or why an image will not be sent) or failed (the message names the file and the limit).
 * A file over the size limit is refused here, before a byte of it is copied.
 */
import { signal } from '@preact/signals';
import { sendToBackground } from '../../lib/background/send-to-background';
import {
  formatBytes,
  MAX_ATTACHMENT_BYTES,
  MAX_ATTACHMENTS,
  type MessageAttachment,
} from '../../lib/core/message-attachment';
import type { ConversationModel } from '../../lib/storage/records';
import { t } from '../ui/t';

export interface AttachmentChip {
  key: string;
  name: string;
  size: number;
  status: 'reading' | 'ready' | 'failed' | 'locked';
  attachment?: MessageAttachment;
  error?: string;
  /** A locked PDF's: the stored file's id, and whether the last password typed was wrong. */
  lockedId?: string;
  wrongPassword?: boolean;
}

/** Passwords tried on one attached file before its chip gives up (as a tool's read does). */
export const MAX_ATTACHMENT_PASSWORD_TRIES = 5;

const lockCode = (e: unknown) => {
  const code = (e as { code?: unknown } | undefined)?.code;
  return code === 'needs_password' || code === 'wrong_password' ? code : undefined;
};

/** Whom the files are for: the conversation shown, or the model chosen for a new one. */
export interface AttachTarget {
  conversationId?: string;
  model?: ConversationModel;
}

export function createAttachmentState(
  deps: {
    store?: (file: File) => Promise<string>;
    read?: (id: string, target: AttachTarget, password?: string) => Promise<MessageAttachment>;
  } = {},
) {
  const store = deps.store ?? (async (file: File) => (await import('./store-attachment')).storeAttachment(file));
  const read =
    deps.read ??
    ((id: string, target: AttachTarget, password?: string) =>
      sendToBackground('attachments.read', { id, ...target, ...(password !== undefined ? { password } : {}) }));
  const targets = new Map<string, AttachTarget>();
  const tries = new Map<string, number>();
  const chips = signal<AttachmentChip[]>([]);
  const notice = signal<string | null>(null);
  const update = (key: string, patch: Partial<AttachmentChip>) =>
    (chips.value = chips.value.map((c) => (c.key === key ? { ...c, ...patch } : c)));

  async function attachOne(file: File, target: AttachTarget) {
    const key = crypto.randomUUID();
    const chip: AttachmentChip = { key, name: file.name, size: file.size, status: 'reading' };
    if (file.size > MAX_ATTACHMENT_BYTES) {
      const error = t('attachment_too_large', file.name, formatBytes(file.size), formatBytes(MAX_ATTACHMENT_BYTES));
      chips.value = [...chips.value, { ...chip, status: 'failed', error }];
      return;
    }
    chips.value = [...chips.value, chip];
    let id: string | undefined;
    try {
      id = await store(file);
      const attachment = await read(id, target);
      update(key, { status: 'ready', attachment });
    } catch (e) {
      if (id !== undefined && lockCode(e)) {
        // A password-protected PDF: its chip asks for the password (never the model); see `unlock`.
        targets.set(key, target);
        update(key, { status: 'locked', lockedId: id });
      } else update(key, { status: 'failed', error: e instanceof Error ? e.message : String(e) });
    }
  }

  /** Reads a locked chip's file again with the password the user typed; the password is kept nowhere. */
  async function unlock(key: string, password: string) {
    const chip = chips.value.find((c) => c.key === key);
    if (!chip?.lockedId || chip.status !== 'locked') return;
    const count = (tries.get(key) ?? 0) + 1;
    tries.set(key, count);
    update(key, { status: 'reading', wrongPassword: false });
    try {
      const attachment = await read(chip.lockedId, targets.get(key) ?? {}, password);
      update(key, { status: 'ready', attachment, lockedId: undefined });
    } catch (e) {
      if (lockCode(e) && count < MAX_ATTACHMENT_PASSWORD_TRIES) update(key, { status: 'locked', wrongPassword: true });
      else
        update(key, {
          status: 'failed',
          lockedId: undefined,
          error: lockCode(e)
            ? t('attachment_password_gave_up', chip.name, MAX_ATTACHMENT_PASSWORD_TRIES)
            : e instanceof Error
              ? e.message
              : String(e),
        });
    }
  }

  return {
    chips,
    notice,
    /** Attaches each file (at most MAX_ATTACHMENTS in all); resolves once every one is read or failed. */
    async add(files: File[], target: AttachTarget) {
      notice.value = null;
      const room = MAX_ATTACHMENTS - chips.value.length;
      if (files.length > room) notice.value = t('attachment_too_many', MAX_ATTACHMENTS);
      await Promise.all(files.slice(0, Math.max(0, room)).map((f) => attachOne(f, target)));
    },
    unlock,
    remove(key: string) {
      chips.value = chips.value.filter((c) => c.key !== key);
      notice.value = null;
    },
    /** The ids to send with the message, or undefined (and a notice) while a file is still being read. */
    forSend(): string[] | undefined {
      if (chips.value.some((c) => c.status === 'locked')) {
        notice.value = t('attachment_wait_locked');
        return undefined;
      }
      if (chips.value.some((c) => c.status === 'reading')) {
        notice.value = t('attachment_wait');
        return undefined;
      }
      return chips.value.flatMap((c) => (c.attachment ? [c.attachment.id] : []));
    },
    /** After sending: the sent files leave the composer (failed ones go too: they were not sent). */
    clear() {
      chips.value = [];
      notice.value = null;
    },
  };
}

export type AttachmentState = ReturnType<typeof createAttachmentState>;

/**
 * "Share to team" (issue 26): what leaves the browser, composed once. The preview card shows this body and the
 * upload sends it unchanged; it is scrubbed of secrets by the local index's own rules (scrub-secrets.ts: the text,
 * the title and the address), stripped of the control characters the server refuses, and bounded by its limits.
 */
import { z } from 'zod';
import { scrubSecrets, scrubUrl } from '../../retrieval/ingest/scrub-secrets';

/** Characters of one share at most (the server's own limit for one upload). */
export const SHARE_MAX_CHARS = 2_000_000;
/** Passages of one share at most (the server's limit). */
export const SHARE_MAX_PASSAGES = 1000;
const TITLE_MAX = 500;
/**
 * UTF-8 bytes of the text at most: the server's default body limit is 5 MiB, and 2 million characters of a script
 * that takes 3 bytes each would pass the character limit and not that one.
 */
export const SHARE_MAX_BYTES = 4_000_000;
const encoder = new TextEncoder();

/** What is shared: the page in front, the PDF in front, a file attached in the conversation, an answer's passages. */
export const SHARE_SOURCES = ['page', 'pdf', 'attachment', 'passages'] as const;
export type ShareSource = (typeof SHARE_SOURCES)[number];

/** What was read, before it is made fit to leave. */
export interface ShareDraft {
  source: ShareSource;
  title: string;
  url?: string;
  lang?: string;
  /** A whole text (a page, a PDF, a file), or… */
  text?: string;
  /** …passages, each indexed on its own. */
  passages?: string[];
}

// eslint-disable-next-line no-control-regex -- the server refuses these (C0 but tab and line breaks, DEL)
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;
const clean = (s: string) => scrubSecrets(s.replace(CONTROL, ''));
const LANG = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/;

/** The body of `POST /v1/documents`, for one team: exactly what the preview shows. */
export const teamShareBodySchema = z
  .object({
    scope: z.literal('team'),
    teamId: z.string().min(1).max(200),
    title: z.string().trim().min(1).max(TITLE_MAX),
    sourceUrl: z
      .url({ protocol: /^https?$/ })
      .max(4096)
      .optional(),
    lang: z.string().regex(LANG).max(35).optional(),
    text: z.string().max(SHARE_MAX_CHARS).optional(),
    passages: z.array(z.string().max(SHARE_MAX_CHARS)).min(1).max(SHARE_MAX_PASSAGES).optional(),
  })
  .refine((b) => (b.text === undefined) !== (b.passages === undefined), 'either text or passages')
  .refine((b) => (b.text ?? b.passages?.join('') ?? '').length <= SHARE_MAX_CHARS, 'too long')
  .refine((b) => (b.text ?? b.passages?.join('') ?? '').trim().length > 0, 'empty');
export type TeamShareBody = z.output<typeof teamShareBodySchema>;

/** Cuts `text` to at most `max` characters, at a line break when one is near the end. */
function bounded(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.lastIndexOf('\n', max);
  return text.slice(0, cut > max * 0.9 ? cut : max);
}

/** Cuts `text` to at most `maxBytes` of UTF-8 (and `maxChars` characters). */
function boundedBytes(text: string, maxChars: number, maxBytes: number): string {
  let out = bounded(text, maxChars);
  for (let bytes = encoder.encode(out).length; bytes > maxBytes; bytes = encoder.encode(out).length)
    out = bounded(out, Math.floor((out.length * maxBytes) / bytes) - 1);
  return out;
}

/**
 * The body that will be sent for `draft` to team `teamId`: scrubbed, cleaned and bounded. Nothing to share (no
 * text left) answers undefined. Applying it to its own output changes nothing, so the background may compose a
 * body the panel echoes back again and send exactly what was shown.
 */
export function composeShareBody(draft: ShareDraft, teamId: string): TeamShareBody | undefined {
  const url = draft.url && /^https?:\/\//i.test(draft.url) ? scrubUrl(draft.url) : undefined;
  const title = bounded(clean(draft.title).replace(/\s+/g, ' ').trim(), TITLE_MAX).trim() || url || 'Untitled';
  const lang = draft.lang && LANG.test(draft.lang) && draft.lang.length <= 35 ? draft.lang : undefined;
  const base = { scope: 'team' as const, teamId, title, ...(url ? { sourceUrl: url } : {}), ...(lang ? { lang } : {}) };
  if (draft.passages) {
    const passages: string[] = [];
    let room = SHARE_MAX_CHARS;
    let roomBytes = SHARE_MAX_BYTES;
    for (const p of draft.passages.slice(0, SHARE_MAX_PASSAGES)) {
      const text = boundedBytes(clean(p).trim(), room, roomBytes);
      if (!text) continue;
      passages.push(text);
      room -= text.length;
      roomBytes -= encoder.encode(text).length;
      if (room <= 0 || roomBytes <= 0) break;
    }
    return passages.length ? { ...base, passages } : undefined;
  }
  const text = boundedBytes(clean(draft.text ?? '').trim(), SHARE_MAX_CHARS, SHARE_MAX_BYTES);
  return text ? { ...base, text } : undefined;
}

/**
 * A tab the user @-mentioned, kept at its place in the message: the text says `@Title` there (so the sentence
 * reads whole to the model, in history and in a copy), and the mention says which tab that piece names, so the
 * panel can show it as a pill. Titles are page text: they are rendered as text, never as markup.
 */

export interface MessageMention {
  tabId: number;
  /** The tab's title as the message writes it: one line, as the user saw it in the pill. */
  title: string;
  /** Where `@title` is in the message's text: `text.slice(start, end) === '@' + title`. */
  start: number;
  end: number;
}

/** A title longer than this is cut in the message (the pill shows it shortened anyway). */
export const MAX_MENTION_TITLE = 200;
/** Tabs one message may mention (the same bound as the tab ids the worker takes). */
export const MAX_MENTIONS = 20;

/** How a mention reads in the message's text. */
export const mentionText = (title: string): string => `@${title}`;

/** What the composer holds, in order: runs of typed text and mentioned tabs. */
export type DraftPiece = string | { tabId: number; title: string };

/** One run of a message as the panel shows it: plain text, or a mention. */
export type MessageSegment = { text: string } | { mention: MessageMention };

/**
 * The message's text and mentions from the composer's pieces, trimmed as a message is sent (the mentions'
 * places follow the trim).
 */
export function composeMessage(pieces: readonly DraftPiece[]): { text: string; mentions: MessageMention[] } {
  let raw = '';
  const mentions: MessageMention[] = [];
  for (const piece of pieces) {
    if (typeof piece === 'string') {
      raw += piece;
      continue;
    }
    const start = raw.length;
    raw += mentionText(piece.title);
    mentions.push({ tabId: piece.tabId, title: piece.title, start, end: raw.length });
  }
  const lead = raw.length - raw.trimStart().length;
  return {
    text: raw.trim(),
    mentions: mentions.map((m) => ({ ...m, start: m.start - lead, end: m.end - lead })),
  };
}

/**
 * The mentions that hold for `text`: each where it says, spelling `@title` there, one line, in order and apart.
 * Anything else (a message edited since, a forged range) is left out: that piece is plain text again.
 */
export function validMentions(text: string, mentions: readonly MessageMention[] | undefined): MessageMention[] {
  const out: MessageMention[] = [];
  let after = 0;
  for (const m of mentions ?? []) {
    const holds =
      Number.isInteger(m.start) &&
      m.start >= after &&
      m.title.length > 0 &&
      m.title.length <= MAX_MENTION_TITLE &&
      !/[\r\n]/.test(m.title) &&
      m.end === m.start + mentionText(m.title).length &&
      text.slice(m.start, m.end) === mentionText(m.title);
    if (!holds || out.length >= MAX_MENTIONS) continue;
    out.push(m);
    after = m.end;
  }
  return out;
}

/** The message in runs, for showing it: plain text, and each mention that holds at its place. */
export function splitMentions(text: string, mentions: readonly MessageMention[] | undefined): MessageSegment[] {
  const out: MessageSegment[] = [];
  let at = 0;
  for (const mention of validMentions(text, mentions)) {
    if (mention.start > at) out.push({ text: text.slice(at, mention.start) });
    out.push({ mention });
    at = mention.end;
  }
  if (at < text.length) out.push({ text: text.slice(at) });
  return out;
}

/**
 * The message as the model reads it: each mention names its tab where it stands, by the id the tab tools take
 * (`Compare @tab 12 with @tab 13`), so the model knows which of the mentioned tabs each piece of the sentence
 * means. Not by its title: a title is the page's text, and page text reaches the model only inside the marked
 * untrusted block (the mentioned-tabs block, which pairs each id with its title), never in the user's own words.
 */
export function mentionsForModel(text: string, mentions: readonly MessageMention[] | undefined): string {
  return splitMentions(text, mentions)
    .map((s) => ('text' in s ? s.text : `@tab ${s.mention.tabId}`))
    .join('');
}

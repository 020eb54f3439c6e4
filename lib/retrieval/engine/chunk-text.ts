/**
 * Splits a captured page (Markdown, or plain text with Markdown headings) into retrieval chunks that
 * end on sentence boundaries, never straddle a heading, carry their heading path, and overlap their
 * predecessor by whole sentences.
 *
 * The token budget covers everything the embedding model is given for a chunk: the heading line that
 * `embeddingText` puts before the text, the text, and the special tokens the model adds ([CLS] and [SEP]
 * for BERT). With the model's own tokenizer (`chunkTextWithTokenizer`) a 256-token chunk therefore fits a
 * 256-token model input exactly; `chunkText` with the default `estimateTokens` only approximates that.
 */

/** Counts tokens of one text (the estimate, or a test's counter). */
import type { ModelTokenizer } from '../embedder-contract';

export type TokenCounter = (text: string) => number;

/**
 * Cheap fallback: about 4 characters a token for English under WordPiece/BPE, but never fewer tokens
 * than words plus punctuation marks (which matters for short, punctuation-heavy text). Far off for
 * non-Latin scripts, long words and code: 「東京は日本の首都です。」 is 3 by this and 11 for MiniLM.
 */
export const estimateTokens: TokenCounter = (text) => {
  const words = text.match(/[\p{L}\p{N}]+|[^\s\p{L}\p{N}]/gu)?.length ?? 0;
  return Math.max(words, Math.ceil(text.length / 4));
};

/** Chunking options. */
export interface ChunkOptions {
  /** Upper bound per chunk, as the model counts its input (see the file comment). Default 256. */
  maxTokens?: number;
  /** Tokens of trailing sentences repeated at the start of the next chunk. Default 32. */
  overlapTokens?: number;
}

/** How pages are chunked for the index: the extension's engine and the team server use the same sizes. */
export const PAGE_CHUNKING: Readonly<Required<ChunkOptions>> = { maxTokens: 256, overlapTokens: 32 };

/** Options of the synchronous `chunkText`. */
export interface SyncChunkOptions extends ChunkOptions {
  /** Default `estimateTokens`. */
  countTokens?: TokenCounter;
  /** Tokens the counted model adds to every input. Default 0. */
  specialTokens?: number;
}

/** One chunk of a page. */
export interface TextChunk {
  text: string;
  /**
   * Enclosing headings, outermost first (e.g. ['Install', 'On Linux']). Outer headings are left out when
   * the whole path would take more than a quarter of the budget.
   */
  headingPath: string[];
  /** Tokens of `embeddingText(chunk)` plus the model's special tokens: what the model is given. */
  tokenCount: number;
}

/** The text embedded for a chunk: its heading path as context, then the text. */
export function embeddingText(chunk: Pick<TextChunk, 'text' | 'headingPath'>): string {
  return chunk.headingPath.length ? `${headingLine(chunk.headingPath)}\n${chunk.text}` : chunk.text;
}

const headingLine = (path: string[]) => path.join(' > ');

interface Section {
  headingPath: string[];
  blocks: string[];
}

function splitSections(input: string): Section[] {
  const sections: Section[] = [];
  const stack: Array<{ level: number; title: string }> = [];
  let current: Section = { headingPath: [], blocks: [] };
  let para: string[] = [];
  let inFence = false;
  const flushPara = () => {
    const text = para.join(inFence ? '\n' : ' ').trim();
    if (text) current.blocks.push(text);
    para = [];
  };
  for (const line of input.split(/\r?\n/)) {
    if (/^\s*(```|~~~)/.test(line)) {
      // Code fences are kept as one block with their line breaks; headings inside them are not headings.
      if (inFence) {
        para.push(line);
        flushPara();
        inFence = false;
      } else {
        flushPara();
        inFence = true;
        para.push(line);
      }
      continue;
    }
    const h = inFence ? null : /^(#{1,6})\s+(.+?)\s*#*\s*$/.exec(line);
    if (h) {
      flushPara();
      if (current.blocks.length) sections.push(current);
      const level = h[1]!.length;
      while (stack.length && stack[stack.length - 1]!.level >= level) stack.pop();
      stack.push({ level, title: h[2]! });
      current = { headingPath: stack.map((s) => s.title), blocks: [] };
    } else if (!inFence && line.trim() === '') {
      flushPara();
    } else {
      para.push(inFence ? line : line.trim());
    }
  }
  flushPara();
  if (current.blocks.length) sections.push(current);
  return sections;
}

// A sentence ends at . ! ? (optionally followed by closing quotes/brackets) before whitespace and a
// capital, digit or opening mark. Misses "e.g. Foo" style abbreviations, which only costs a split.
// Chinese and Japanese sentences end at 。！？ (and their closing brackets), with or without a space.
const SENTENCE_END =
  /(?<=[.!?]["'”’)\]]*)\s+(?=["'“‘([]?[\p{Lu}\p{N}])|(?<=[。！？][」』）】”’]*)(?![」』）】”’])\s*(?=\S)/gu;

/** A block's sentences, each with the whitespace before it (none between CJK sentences). */
function splitSentences(block: string): Array<{ text: string; sep: string }> {
  const out: Array<{ text: string; sep: string }> = [];
  let start = 0;
  let sep = '';
  for (const m of block.matchAll(SENTENCE_END)) {
    out.push({ text: block.slice(start, m.index), sep });
    sep = m[0];
    start = m.index + m[0].length;
  }
  out.push({ text: block.slice(start), sep });
  return out;
}

/**
 * The smallest piece chunks are packed from: a sentence (a line of code), or a part of one that alone
 * exceeds the budget. `sep` is the text between it and the piece before it; the first piece of a chunk
 * drops its `sep`.
 */
interface Piece {
  text: string;
  sep: string;
  tokens: number;
}

function sentencePieces(blocks: string[]): Piece[] {
  const pieces: Piece[] = [];
  blocks.forEach((block, i) => {
    const code = block.startsWith('```') || block.startsWith('~~~');
    let first = true;
    for (const { text, sep } of code ? block.split('\n').map((text) => ({ text, sep: '\n' })) : splitSentences(block)) {
      if (!text.trim()) continue;
      // Paragraphs stay paragraphs and code keeps its line breaks in the chunk text.
      pieces.push({ text, sep: first ? (i > 0 ? '\n\n' : '') : sep, tokens: NaN });
      first = false;
    }
  });
  return pieces;
}

/** Cuts a piece over the budget: between words, or (one word, e.g. a minified line) into runs of characters. */
function cutPiece(p: Piece, budget: number): Piece[] {
  const words = [...p.text.matchAll(/(\s*)(\S+)/g)];
  // The first word keeps leading whitespace (a code line's indentation); later ones keep theirs as `sep`.
  if (words.length > 1)
    return words.map((m, i) => ({ text: i === 0 ? m[0] : m[2]!, sep: i === 0 ? p.sep : m[1]!, tokens: NaN }));
  const chars = Array.from(p.text);
  if (chars.length < 2) return [p];
  // Aim under the budget by the word's own token density, so one more counting round usually settles it.
  const size = Math.max(
    1,
    Math.min(Math.ceil(chars.length / 2), Math.floor((chars.length * budget) / (p.tokens * 1.25))),
  );
  const out: Piece[] = [];
  for (let i = 0; i < chars.length; i += size)
    out.push({ text: chars.slice(i, i + size).join(''), sep: i === 0 ? p.sep : '', tokens: NaN });
  return out;
}

const joinPieces = (pieces: Piece[]) => pieces.map((p, i) => (i === 0 ? '' : p.sep) + p.text).join('');

interface Draft {
  headingPath: string[];
  pieces: Piece[];
  /** How many leading pieces repeat the previous chunk (the overlap). */
  carried: number;
}

/**
 * The chunker as a generator that yields each batch of texts it needs counted and receives their counts
 * (special tokens excluded): the same code runs synchronously with a per-text counter and asynchronously
 * with the model's batched tokenizer. Pieces are packed by the sum of their counts, which is exact for
 * tokenizers that split on whitespace first (WordPiece: the MiniLM/BERT family); the last batch counts
 * every finished chunk as embedded, and a chunk still over the budget (other tokenizers merge across a
 * join now and then) is halved until every chunk fits.
 */
function* chunking(
  input: string,
  max: number,
  overlap: number,
  specials: number,
): Generator<string[], TextChunk[], number[]> {
  const room = max - specials;
  const sections = splitSections(input).map((s) => ({ ...s, pieces: sentencePieces(s.blocks) }));
  // Batch 1: every sentence of the page, and each heading path with 0…n-1 outer headings left out.
  const pathLines = sections.map((s) => s.headingPath.map((_, k) => headingLine(s.headingPath.slice(k))));
  const first = yield [...sections.flatMap((s) => s.pieces.map((p) => p.text)), ...pathLines.flat()];
  let at = 0;
  for (const s of sections) for (const p of s.pieces) p.tokens = first[at++]!;
  const plans = sections.map((s, i) => {
    const lines = pathLines[i]!.map(() => first[at++]!);
    // Outer headings go first when the path would crowd out the text.
    const k = lines.findIndex((n) => n <= Math.floor(max / 4));
    const headingPath = k < 0 ? [] : s.headingPath.slice(k);
    return { headingPath, budget: room - (k < 0 ? 0 : lines[k]!), pieces: s.pieces };
  });

  // Batches 2…: pieces over their section's budget are cut, and the parts counted, until all fit.
  for (;;) {
    const over = plans.flatMap((pl) =>
      pl.pieces.filter((p) => p.tokens > pl.budget && Array.from(p.text).length > 1).map((p) => ({ pl, p })),
    );
    if (over.length === 0) break;
    const cuts = new Map(over.map(({ pl, p }) => [p, cutPiece(p, pl.budget)]));
    const fresh = [...cuts.values()].flat().filter((p) => Number.isNaN(p.tokens));
    const counts = yield fresh.map((p) => p.text);
    fresh.forEach((p, i) => (p.tokens = counts[i]!));
    for (const pl of plans) pl.pieces = pl.pieces.flatMap((p) => cuts.get(p) ?? [p]);
  }

  // Greedy packing: fill to the budget, then start the next chunk with whole trailing pieces up to the overlap.
  const drafts: Draft[] = [];
  for (const { headingPath, budget, pieces } of plans) {
    let cur: Piece[] = [];
    let curTokens = 0;
    let carried = 0;
    const emit = () => {
      if (cur.length > carried) drafts.push({ headingPath, pieces: cur, carried });
    };
    for (const p of pieces) {
      if (cur.length && curTokens + p.tokens > budget) {
        emit();
        const carry: Piece[] = [];
        let t = 0;
        for (
          let i = cur.length - 1;
          i >= 0 && t + cur[i]!.tokens <= overlap && t + cur[i]!.tokens + p.tokens <= budget;
          i--
        ) {
          carry.unshift(cur[i]!);
          t += cur[i]!.tokens;
        }
        cur = carry;
        curTokens = t;
        carried = carry.length;
      }
      cur.push(p);
      curTokens += p.tokens;
    }
    emit();
  }

  // Last batches: each chunk counted as the model will see it; one over the budget is halved (by pieces,
  // or its single piece by words or characters) and the halves counted again. A half made only of
  // overlap is dropped: the previous chunk holds it.
  let list: Array<Draft & { tokens?: number }> = drafts;
  for (;;) {
    const todo = list.filter((d) => d.tokens === undefined);
    if (todo.length === 0) break;
    const counts = yield todo.map((d) => embeddingText({ headingPath: d.headingPath, text: joinPieces(d.pieces) }));
    todo.forEach((d, i) => (d.tokens = counts[i]! + specials));
    list = list.flatMap((d) => {
      const tokens = d.tokens!;
      if (tokens <= max) return [d];
      const pieces = d.pieces.length > 1 ? d.pieces : cutPiece({ ...d.pieces[0]!, tokens }, room);
      if (pieces.length < 2) return [d]; // one character: nothing left to cut
      const mid = Math.ceil(pieces.length / 2);
      const halves = [
        { headingPath: d.headingPath, pieces: pieces.slice(0, mid), carried: Math.min(d.carried, mid) },
        { headingPath: d.headingPath, pieces: pieces.slice(mid), carried: Math.max(0, d.carried - mid) },
      ];
      return halves.filter((h) => h.pieces.length > h.carried);
    });
  }
  return list.map((d) => ({ text: joinPieces(d.pieces), headingPath: d.headingPath, tokenCount: d.tokens! }));
}

function checkOptions(options: ChunkOptions, specials: number): { max: number; overlap: number } {
  const max = options.maxTokens ?? 256;
  if (max - specials < 8)
    throw new RangeError(`maxTokens must leave at least 8 tokens besides the ${specials} special tokens, got ${max}`);
  return { max, overlap: Math.min(options.overlapTokens ?? 32, Math.floor(max / 2)) };
}

/** Chunks a page with a per-text counter (default: the estimate). Empty input gives no chunks. */
export function chunkText(input: string, options: SyncChunkOptions = {}): TextChunk[] {
  const specials = options.specialTokens ?? 0;
  const { max, overlap } = checkOptions(options, specials);
  const count = options.countTokens ?? estimateTokens;
  const run = chunking(input, max, overlap, specials);
  let step = run.next();
  while (!step.done) step = run.next(step.value.map(count));
  return step.value;
}

/** Chunks a page with the embedding model's tokenizer, so every chunk fits the model's input exactly. */
export async function chunkTextWithTokenizer(
  input: string,
  tokenizer: ModelTokenizer,
  options: ChunkOptions = {},
): Promise<TextChunk[]> {
  const { max, overlap } = checkOptions(options, tokenizer.specialTokens);
  const run = chunking(input, max, overlap, tokenizer.specialTokens);
  let step = run.next();
  while (!step.done) {
    const texts = step.value;
    const counts = texts.length ? await tokenizer.count(texts) : [];
    if (counts.length !== texts.length || counts.some((n) => !Number.isInteger(n) || n < 0)) {
      throw new Error(`token counter answered ${counts.length} counts for ${texts.length} texts`);
    }
    step = run.next(counts);
  }
  return step.value;
}

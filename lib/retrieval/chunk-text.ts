/**
 * Splits a captured page (Markdown, or plain text with Markdown headings) into retrieval chunks that
 * end on sentence boundaries, never straddle a heading, carry their heading path, and overlap their
 * predecessor by whole sentences.
 */

/** Counts tokens the way the embedding model will (inject the model's tokenizer for exactness). */
export type TokenCounter = (text: string) => number;

/**
 * Cheap default: about 4 characters a token for English under WordPiece/BPE, but never fewer tokens
 * than words plus punctuation marks (which matters for short, punctuation-heavy text).
 */
export const estimateTokens: TokenCounter = (text) => {
  const words = text.match(/[\p{L}\p{N}]+|[^\s\p{L}\p{N}]/gu)?.length ?? 0;
  return Math.max(words, Math.ceil(text.length / 4));
};

/** Chunking options. */
export interface ChunkOptions {
  /** Upper bound per chunk. Default 256. */
  maxTokens?: number;
  /** Tokens of trailing sentences repeated at the start of the next chunk. Default 32. */
  overlapTokens?: number;
  countTokens?: TokenCounter;
}

/** One chunk of a page. */
export interface TextChunk {
  text: string;
  /** Enclosing headings, outermost first (e.g. ['Install', 'On Linux']). */
  headingPath: string[];
  tokenCount: number;
}

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
const SENTENCE_END = /(?<=[.!?]["'”’)\]]*)\s+(?=["'“‘([]?[\p{Lu}\p{N}])/u;

function splitUnits(block: string, max: number, count: TokenCounter): string[] {
  const units: string[] = [];
  const sentences = block.startsWith('```') || block.startsWith('~~~') ? block.split('\n') : block.split(SENTENCE_END);
  for (const s of sentences) {
    if (!s.trim()) continue;
    if (count(s) <= max) {
      units.push(s);
      continue;
    }
    // A sentence longer than a chunk is cut between words.
    let part: string[] = [];
    for (const w of s.split(/\s+/)) {
      if (part.length && count([...part, w].join(' ')) > max) {
        units.push(part.join(' '));
        part = [];
      }
      part.push(w);
    }
    if (part.length) units.push(part.join(' '));
  }
  return units;
}

/** Chunks a page. Empty input gives no chunks. */
export function chunkText(input: string, options: ChunkOptions = {}): TextChunk[] {
  const max = options.maxTokens ?? 256;
  const overlap = Math.min(options.overlapTokens ?? 32, Math.floor(max / 2));
  const count = options.countTokens ?? estimateTokens;
  if (max < 8) throw new RangeError(`maxTokens must be at least 8, got ${max}`);
  const chunks: TextChunk[] = [];
  for (const section of splitSections(input)) {
    const units = section.blocks.flatMap((b, i) => {
      const u = splitUnits(b, max, count);
      // Remember paragraph starts so chunk text keeps its paragraph breaks.
      return u.map((text, j) => ({ text, tokens: count(text), para: i > 0 && j === 0 }));
    });
    let cur: typeof units = [];
    let curTokens = 0;
    let fresh = 0; // units in `cur` not carried over as overlap
    const emit = () => {
      if (fresh === 0) return;
      const text = cur.map((u, i) => (i === 0 ? '' : u.para ? '\n\n' : ' ') + u.text).join('');
      chunks.push({ text, headingPath: section.headingPath, tokenCount: count(text) });
    };
    for (const u of units) {
      if (cur.length && curTokens + u.tokens > max) {
        emit();
        // Carry whole trailing sentences up to the overlap budget.
        const carry: typeof units = [];
        let t = 0;
        for (let i = cur.length - 1; i >= 0 && t + cur[i]!.tokens <= overlap && t + cur[i]!.tokens + u.tokens <= max; i--) {
          carry.unshift(cur[i]!);
          t += cur[i]!.tokens;
        }
        cur = carry;
        curTokens = t;
        fresh = 0;
      }
      cur.push(u);
      curTokens += u.tokens;
      fresh++;
    }
    emit();
  }
  return chunks;
}

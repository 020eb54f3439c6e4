/**
 * BM25 over compact posting lists. Each posting is one uint32: slot << 8 | min(tf, 255), appended in
 * slot order, so a whole index persists as a few typed arrays and restores without re-tokenising.
 * It is the text field of the history index's Orama database (orama-components.ts), in place of
 * Orama's default radix-tree field, which tests/bench/orama-default.ts measures.
 */
import { indexTerms, queryTermGroups, termLanguage } from '../words/word-terms';
import { wordLanguageOf } from '../words/word-languages';

/** BM25 parameters: k1 saturates term frequency, b scales length normalisation. */
export interface Bm25Params {
  k1: number;
  b: number;
}

/**
 * Robertson's textbook defaults, not tuned on the evaluation set. On BEIR SciFact they give nDCG@10
 * 0.680 against 0.671 for Anserini's k1 0.9 / b 0.4 (tests/bench/retrieval.ts).
 */
export const DEFAULT_BM25: Bm25Params = { k1: 1.2, b: 0.75 };

/** Largest slot a packed posting can address (24 bits). */
export const MAX_SLOTS = 1 << 24;

/**
 * Which tokenizer made a snapshot's terms (lib/retrieval/words). 2: segmented words, `lang:stem` terms; a
 * snapshot without it was made by the English-only tokenizer and is rebuilt from its texts on restore.
 */
export const TOKENIZER_VERSION = 2;

/** Compact, structured-clone-friendly form of a sparse index. */
export interface SparseIndexSnapshot {
  tokenizer?: number;
  count: number;
  /** Vocabulary, joined by '\n' (terms never contain whitespace). */
  terms: string;
  /** offsets[t]..offsets[t+1] are term t's postings. */
  offsets: Uint32Array;
  postings: Uint32Array;
  /** Token count per slot (0 for removed slots). */
  docLen: Uint16Array;
}

/** A BM25 index addressed by slot (the hybrid index owns the slot numbering). */
export interface SparseIndex {
  readonly count: number;
  /** Indexes `text`, in language `lang` (BCP 47; absent: not stemmed), at `slot`; slots only increase. */
  add(slot: number, text: string, lang?: string): void;
  /** Removes a slot (its postings are skipped until the next snapshot compacts them away). */
  remove(slot: number): void;
  /**
   * BM25 score of every slot that shares a term with the query. A query word counts once per slot, by the
   * best of the forms it may have been indexed under (word-terms.ts). Returns the accumulator (indexed by
   * slot, zero where unmatched) and the list of matched slots.
   */
  scoreAll(query: string, params?: Bm25Params): { scores: Float32Array; matched: Uint32Array };
  /** Copies live slots listed by `keep` (old slots, ascending, so postings stay in slot order) into a snapshot. */
  snapshot(keep?: ArrayLike<number>): SparseIndexSnapshot;
}

/** Creates an empty sparse index, or restores one from a snapshot. */
export function createSparseIndex(from?: SparseIndexSnapshot): SparseIndex {
  const termIds = new Map<string, number>();
  const lists: Uint32Array[] = [];
  const listLen: number[] = [];
  let docLen = new Uint16Array(1024);
  let count = 0;
  let live = 0;
  let totalLen = 0;
  // The languages whose stems the vocabulary holds: a query word is looked up under each one's stem.
  const languages = new Set<string>();

  if (from) {
    const terms = from.terms ? from.terms.split('\n') : [];
    for (let t = 0; t < terms.length; t++) {
      termIds.set(terms[t]!, t);
      // Views into the restored buffer; a list is copied only when it next grows.
      lists.push(from.postings.subarray(from.offsets[t]!, from.offsets[t + 1]!));
      listLen.push(from.offsets[t + 1]! - from.offsets[t]!);
      const lang = termLanguage(terms[t]!);
      if (lang) languages.add(lang);
    }
    count = from.count;
    docLen = new Uint16Array(Math.max(1024, count));
    docLen.set(from.docLen.subarray(0, count));
    for (let s = 0; s < count; s++) {
      if (docLen[s]! > 0) live++;
      totalLen += docLen[s]!;
    }
  }

  function append(term: number, value: number): void {
    let list = lists[term]!;
    const len = listLen[term]!;
    if (len === list.length) {
      const bigger = new Uint32Array(Math.max(4, len * 2));
      bigger.set(list);
      list = bigger;
      lists[term] = bigger;
    }
    list[len] = value;
    listLen[term] = len + 1;
  }

  return {
    get count() {
      return count;
    },
    add(slot, text, lang) {
      if (slot < count) throw new RangeError(`slot ${slot} was already used`);
      if (slot >= MAX_SLOTS) throw new RangeError(`slot ${slot} exceeds ${MAX_SLOTS}`);
      const code = wordLanguageOf(lang);
      if (code) languages.add(code);
      const tokens = indexTerms(text, code);
      const tf = new Map<string, number>();
      for (const t of tokens) tf.set(t, (tf.get(t) ?? 0) + 1);
      for (const [term, n] of tf) {
        let id = termIds.get(term);
        if (id === undefined) {
          id = lists.length;
          termIds.set(term, id);
          lists.push(new Uint32Array(2));
          listLen.push(0);
        }
        append(id, (slot << 8) | Math.min(n, 255));
      }
      if (slot >= docLen.length) {
        const bigger = new Uint16Array(Math.max(slot + 1, docLen.length * 2));
        bigger.set(docLen);
        docLen = bigger;
      }
      // A zero length would read as "removed"; an all-stop-word chunk still exists.
      const len = Math.max(1, Math.min(tokens.length, 65535));
      docLen[slot] = len;
      totalLen += len;
      live++;
      count = slot + 1;
    },
    remove(slot) {
      if (slot >= count || docLen[slot] === 0) return;
      totalLen -= docLen[slot]!;
      docLen[slot] = 0;
      live--;
    },
    scoreAll(query, params = DEFAULT_BM25) {
      const scores = new Float32Array(count);
      const seen = new Uint8Array(count);
      const matched: number[] = [];
      const words = queryWords(query, languages, termIds);
      const avg = live > 0 ? totalLen / live : 1;
      const { k1, b } = params;
      // A word with several forms keeps, per slot, the best form's score (a word counts once).
      const best = words.size ? new Float32Array(count) : scores;
      for (const { ids, qtf } of words.values()) {
        const touched: number[] = [];
        for (const id of ids) {
          const list = lists[id]!;
          const n = listLen[id]!;
          // Postings of removed slots stay until the next snapshot compacts them, so count live ones:
          // a stale df can exceed the live count and turn idf negative.
          let df = 0;
          for (let i = 0; i < n; i++) if (docLen[list[i]! >>> 8] !== 0) df++;
          const idf = Math.log(1 + (live - df + 0.5) / (df + 0.5));
          for (let i = 0; i < n; i++) {
            const p = list[i]!;
            const slot = p >>> 8;
            const dl = docLen[slot]!;
            if (dl === 0) continue;
            const tf = p & 255;
            const s = (qtf * idf * tf * (k1 + 1)) / (tf + k1 * (1 - b + (b * dl) / avg));
            if (best[slot] === 0) touched.push(slot);
            if (s > best[slot]!) best[slot] = s;
          }
        }
        for (const slot of touched) {
          scores[slot]! += best[slot]!;
          best[slot] = 0;
          if (!seen[slot]) {
            seen[slot] = 1;
            matched.push(slot);
          }
        }
      }
      return { scores, matched: Uint32Array.from(matched) };
    },
    snapshot(keep) {
      const rows = keep ?? Array.from({ length: count }, (_, i) => i);
      const remap = new Int32Array(count).fill(-1);
      for (let i = 0; i < rows.length; i++) if (docLen[rows[i]!]! > 0) remap[rows[i]!] = i;
      const { terms, offsets, postings } = compactPostings(termIds, lists, listLen, remap);
      const outLen = new Uint16Array(rows.length);
      for (let i = 0; i < rows.length; i++) outLen[i] = docLen[rows[i]!]!;
      return {
        tokenizer: TOKENIZER_VERSION,
        count: rows.length,
        terms: terms.join('\n'),
        offsets,
        postings,
        docLen: outLen,
      };
    },
  };
}

/** One entry per distinct query word: the ids of its forms in the vocabulary, and how often it occurs. */
function queryWords(
  query: string,
  languages: ReadonlySet<string>,
  termIds: ReadonlyMap<string, number>,
): Map<string, { ids: number[]; qtf: number }> {
  const words = new Map<string, { ids: number[]; qtf: number }>();
  for (const forms of queryTermGroups(query, languages)) {
    const ids = forms.map((f) => termIds.get(f)).filter((id): id is number => id !== undefined);
    if (!ids.length) continue;
    const key = ids.join(',');
    const w = words.get(key);
    if (w) w.qtf++;
    else words.set(key, { ids, qtf: 1 });
  }
  return words;
}

/** The postings of every term renumbered by `remap` (slot → new slot, -1 for dropped), terms left empty dropped. */
function compactPostings(
  termIds: ReadonlyMap<string, number>,
  lists: readonly Uint32Array[],
  listLen: readonly number[],
  remap: Int32Array,
): { terms: string[]; offsets: Uint32Array; postings: Uint32Array } {
  const terms: string[] = [];
  const offsets: number[] = [0];
  let total = 0;
  for (let t = 0; t < lists.length; t++) total += listLen[t]!;
  const postings = new Uint32Array(total);
  let w = 0;
  for (const [term, id] of termIds) {
    const start = w;
    const list = lists[id]!;
    const n = listLen[id]!;
    for (let i = 0; i < n; i++) {
      const p = list[i]!;
      const to = remap[p >>> 8]!;
      if (to >= 0) postings[w++] = (to << 8) | (p & 255);
    }
    if (w > start) {
      terms.push(term);
      offsets.push(w);
    }
  }
  return { terms, offsets: Uint32Array.from(offsets), postings: postings.slice(0, w) };
}

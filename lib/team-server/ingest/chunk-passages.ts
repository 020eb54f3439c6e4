/** A document's passages cut into chunks by the extension's own chunker, with where each chunk came from. */
import type { Embedder } from '../../retrieval/embedder-contract';
import {
  chunkText,
  chunkTextWithTokenizer,
  embeddingText,
  PAGE_CHUNKING,
  type TextChunk,
} from '../../retrieval/engine/chunk-text';

/** One chunk, numbered in document order, with the index of the uploaded passage it belongs to. */
export interface PlacedChunk extends TextChunk {
  position: number;
  passage: number;
  /** What the model embeds: the heading path, then the text (as the extension's index does). */
  embedText: string;
}

/** Chunks every passage on its own (no chunk straddles two) with the model's tokenizer when it has one. */
export async function chunkPassages(passages: readonly string[], embedder: Embedder): Promise<PlacedChunk[]> {
  const out: PlacedChunk[] = [];
  for (const [passage, text] of passages.entries()) {
    const chunks = embedder.tokenizer
      ? await chunkTextWithTokenizer(text, embedder.tokenizer, PAGE_CHUNKING)
      : chunkText(text, PAGE_CHUNKING);
    for (const c of chunks) out.push({ ...c, position: out.length, passage, embedText: embeddingText(c) });
  }
  return out;
}

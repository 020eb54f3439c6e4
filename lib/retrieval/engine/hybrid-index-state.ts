/**
 * What the hybrid index's parts share (hybrid-index.ts wires them): its Orama database and components, the
 * page records, and the slot counters. Kept in one object so the parts are plain functions of it, and
 * clear() can swap the database for a fresh one under all of them.
 */
import { createHistoryComponents, type HistoryComponents } from './orama-components';
import { newHistoryDb, type HistoryDb } from './new-history-db';
import type { ChunkTextStore } from './chunk-text-store';
import type { SourceKind } from '../source-kind';

/** A live page: what the index browser lists, and the slots of its chunks (in chunk order). */
export interface PageRecord {
  key: string;
  url: string;
  title: string;
  domain: string;
  domains: string[];
  visitedAt: number;
  /** The page's language as captured (BCP 47), when it declared one. */
  lang?: string;
  /** What the source is (absent: a web page). */
  kind?: SourceKind;
  slots: number[];
  /** Characters of its chunks' texts (what the settings page's size counts). */
  chars: number;
}

export interface HybridIndexState {
  readonly modelId: string;
  readonly dims: number;
  fields: HistoryComponents;
  db: HistoryDb;
  /** By page key (the URL without its fragment). */
  pages: Map<string, PageRecord>;
  /** Next slot (= Orama internal id − 1): every chunk gets a fresh one. */
  nextSlot: number;
  /** Live chunks. */
  live: number;
  /** The chunks' texts by page (in memory until saved, when the index is backed by IndexedDB). */
  readonly texts: ChunkTextStore;
}

/** The state of an empty index. */
export function createHybridIndexState(modelId: string, dims: number, texts: ChunkTextStore): HybridIndexState {
  const fields = createHistoryComponents(dims);
  return { modelId, dims, fields, db: newHistoryDb(fields, dims), pages: new Map(), nextSlot: 0, live: 0, texts };
}

/** A stored document as callers see it: the public chunk id, stamped with the model that embedded it. */
import type { HistoryDoc } from './history-schema';
import type { FoundChunk } from './hybrid-index-types';

export function indexedChunkOf(doc: HistoryDoc, modelId: string, dims: number): FoundChunk {
  return {
    id: `${doc.pageKey}#${doc.ordinal}`,
    pageKey: doc.pageKey,
    ordinal: doc.ordinal,
    url: doc.url,
    title: doc.title,
    domain: doc.domain,
    visitedAt: doc.visitedAt,
    ...(doc.lang ? { lang: doc.lang } : {}),
    ...(doc.kind ? { kind: doc.kind } : {}),
    headingPath: doc.headingPath,
    modelId,
    dims,
  };
}

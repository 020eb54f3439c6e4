/** A document as the API answers it: metadata and state, never the stored passages unless asked. */
export interface DocumentRecord {
  id: string;
  scope: 'user' | 'team' | 'platform';
  teamId: string | null;
  ownerId: string;
  title: string;
  sourceUrl: string | null;
  contentHash: string;
  lang: string | null;
  status: 'queued' | 'indexing' | 'indexed' | 'failed';
  error: string | null;
  attempts: number;
  chunkCount: number;
  model: string | null;
  createdAt: string;
  indexedAt: string | null;
}

/** The columns `toDocumentRecord` reads, for SELECT and RETURNING lists. */
export const DOCUMENT_COLUMNS = `id, scope, team_id, owner_id, title, source_url, content_hash, lang, status, error,
  attempts, chunk_count, model, created_at, indexed_at`;

export interface DocumentRow {
  id: string;
  scope: DocumentRecord['scope'];
  team_id: string | null;
  owner_id: string;
  title: string;
  source_url: string | null;
  content_hash: string;
  lang: string | null;
  status: DocumentRecord['status'];
  error: string | null;
  attempts: number;
  chunk_count: number;
  model: string | null;
  created_at: Date;
  indexed_at: Date | null;
}

export function toDocumentRecord(r: DocumentRow): DocumentRecord {
  return {
    id: r.id,
    scope: r.scope,
    teamId: r.team_id,
    ownerId: r.owner_id,
    title: r.title,
    sourceUrl: r.source_url,
    contentHash: r.content_hash,
    lang: r.lang,
    status: r.status,
    error: r.error,
    attempts: r.attempts,
    chunkCount: r.chunk_count,
    model: r.model,
    createdAt: r.created_at.toISOString(),
    indexedAt: r.indexed_at?.toISOString() ?? null,
  };
}

/**
 * Short-lived links to the document view: a member asks for one for a document they may read (and a passage of
 * it); the link's token is 32 random bytes kept only as its SHA-256, and it lives five minutes. Opening the link
 * finds who made it (the only lookup without a caller) and reads the document as them, through row-level security.
 */
import type pg from 'pg';
import type { Queryable } from '../db/database';
import { withCaller } from '../db/with-caller';
import { hashAccessToken, isViewTokenShaped, newSecret } from '../auth/access-token';
import { getDocument } from './document-queries';
import type { DocumentRecord } from './document-record';

/** How long a view link lasts (the migration's CHECK holds the same bound). */
export const VIEW_LINK_SECONDS = 300;

/** Where in the document a citation points: the uploaded passage, and the chunk's order in the document. */
export interface ViewTarget {
  passage?: number;
  position?: number;
}

/** A new link's token and when it ends, or undefined when the caller may not read the document (or it is gone). */
export async function createViewLink(
  tx: Queryable,
  callerId: string,
  documentId: string,
  target: ViewTarget,
): Promise<{ token: string; expiresAt: string } | undefined> {
  // Seen first, so a document the caller may not read is the same "not found" as one that does not exist (the
  // insert policy would refuse it too, as an error).
  const seen = await tx.query('SELECT 1 FROM documents WHERE id = $1', [documentId]);
  if (seen.rowCount !== 1) return undefined;
  // The caller's links that ended a while ago go (row-level security: one's own only), so the table stays small.
  await tx.query(`DELETE FROM document_views WHERE user_id = $1 AND expires_at < now() - interval '1 hour'`, [
    callerId,
  ]);
  const { token, hash } = newSecret('twv');
  const { rows } = await tx.query<{ expires_at: Date }>(
    `INSERT INTO document_views (token_hash, user_id, document_id, passage, position, expires_at)
     VALUES ($1, $2, $3, $4, $5, now() + make_interval(secs => $6)) RETURNING expires_at`,
    [hash, callerId, documentId, target.passage ?? null, target.position ?? null, VIEW_LINK_SECONDS],
  );
  return { token, expiresAt: rows[0]!.expires_at.toISOString() };
}

/** What a view page shows: the document's title, passages, and the cited passage and chunk text when asked. */
export interface DocumentViewContent {
  document: DocumentRecord & { passages: string[] };
  passage?: number;
  /** The cited chunk's text, to mark inside its passage. */
  citedText?: string;
}

/**
 * The document a live link opens, read as the link's maker; undefined for a forged, expired or malformed token,
 * and for a document its maker may no longer read.
 */
export async function openViewLink(pool: pg.Pool, token: string): Promise<DocumentViewContent | undefined> {
  if (!isViewTokenShaped(token)) return undefined;
  const { rows } = await pool.query<{
    user_id: string;
    document_id: string;
    passage: number | null;
    position: number | null;
  }>('SELECT * FROM tabwise.resolve_document_view($1)', [hashAccessToken(token)]);
  const link = rows[0];
  if (!link) return undefined;
  return withCaller(pool, { userId: link.user_id }, async (tx) => {
    const document = await getDocument(tx, link.document_id);
    if (!document) return undefined;
    let citedText: string | undefined;
    if (link.position !== null) {
      const chunk = await tx.query<{ text: string; passage: number }>(
        `SELECT text, passage FROM chunks WHERE document_id = $1 AND position = $2 LIMIT 1`,
        [link.document_id, link.position],
      );
      const row = chunk.rows[0];
      if (row && (link.passage === null || row.passage === link.passage)) citedText = row.text;
      if (row && link.passage === null) link.passage = row.passage;
    }
    const passage = link.passage !== null && link.passage < document.passages.length ? link.passage : undefined;
    return { document, ...(passage === undefined ? {} : { passage }), ...(citedText ? { citedText } : {}) };
  });
}

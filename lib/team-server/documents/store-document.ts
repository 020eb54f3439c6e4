/**
 * Writes an upload as the caller, idempotently: the same passages in the same place (their own user documents,
 * one team, the platform) give back the document already there. A duplicate of a failed document is queued again.
 */
import type { Queryable } from '../db/database';
import { TeamRefusal } from '../team-refusal';
import { documentContentHash } from './content-hash';
import { DOCUMENT_COLUMNS, toDocumentRecord, type DocumentRecord, type DocumentRow } from './document-record';

/** A validated upload (api/schemas.ts checks sizes and characters). */
export interface DocumentUpload {
  scope: 'user' | 'team' | 'platform';
  /** Required for user and team scope; absent for platform. */
  teamId?: string;
  title: string;
  sourceUrl?: string;
  lang?: string;
  passages: string[];
}

/** The document, whether it was created now, and whether it needs (re)queueing. */
export interface StoredDocument {
  document: DocumentRecord;
  created: boolean;
  enqueue: boolean;
}

const conflictTarget = {
  user: `(owner_id, team_id, content_hash) WHERE scope = 'user'`,
  team: `(team_id, content_hash) WHERE scope = 'team'`,
  platform: `(content_hash) WHERE scope = 'platform'`,
} as const;

/** The caller may not write where the upload asks (not in the team, not a platform admin). */
export const scopeRefused = (message: string) => new TeamRefusal('scope', message);

export async function storeDocument(tx: Queryable, ownerId: string, upload: DocumentUpload): Promise<StoredDocument> {
  const hash = documentContentHash(upload.passages);
  const teamId = upload.scope === 'platform' ? null : (upload.teamId ?? null);
  // Asked before the insert, so an upload to a team one is not in never learns whether the text is there
  // (a conflict would skip the insert's policy check).
  const allowed = await tx.query<{ ok: boolean }>(
    `SELECT CASE WHEN $1 = 'platform' THEN tabwise.caller_is_platform_admin()
                 ELSE coalesce($2::uuid = ANY (tabwise.caller_team_ids()), false) END AS ok`,
    [upload.scope, teamId],
  );
  if (!allowed.rows[0]?.ok) throw scopeRefused(`you may not write ${upload.scope} documents there`);
  const inserted = await tx.query<DocumentRow>(
    `INSERT INTO documents (scope, team_id, owner_id, title, source_url, content_hash, lang, passages)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT ${conflictTarget[upload.scope]} DO NOTHING
     RETURNING ${DOCUMENT_COLUMNS}`,
    [upload.scope, teamId, ownerId, upload.title, upload.sourceUrl ?? null, hash, upload.lang ?? null, upload.passages],
  );
  if (inserted.rows[0]) return { document: toDocumentRecord(inserted.rows[0]), created: true, enqueue: true };
  const scopeMatch =
    upload.scope === 'user'
      ? `scope = 'user' AND owner_id = $2 AND team_id = $3`
      : upload.scope === 'team'
        ? `scope = 'team' AND team_id = $3 AND $2::uuid IS NOT NULL`
        : `scope = 'platform' AND $2::uuid IS NOT NULL AND $3::uuid IS NULL`;
  const existing = await tx.query<DocumentRow>(
    `SELECT ${DOCUMENT_COLUMNS} FROM documents WHERE content_hash = $1 AND ${scopeMatch}`,
    [hash, ownerId, teamId],
  );
  const row = existing.rows[0];
  if (!row) throw new Error('conflicting document is not visible');
  // A failed document uploaded again by its owner goes back in the queue.
  if (row.status === 'failed' && row.owner_id === ownerId) {
    await tx.query(`UPDATE documents SET status = 'queued', error = NULL WHERE id = $1`, [row.id]);
    return { document: toDocumentRecord({ ...row, status: 'queued', error: null }), created: false, enqueue: true };
  }
  return { document: toDocumentRecord(row), created: false, enqueue: false };
}

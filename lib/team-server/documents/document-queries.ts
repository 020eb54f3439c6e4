/**
 * Reading and deleting documents as the caller. Listing shows a member their own documents and a team admin
 * every document of the team; reading one by id shows anything the caller may read (a citation opens it);
 * deleting follows the policies (owner, team admin, platform admin). Unseen and missing are the same answer.
 */
import type { Queryable } from '../db/database';
import { DOCUMENT_COLUMNS, toDocumentRecord, type DocumentRecord, type DocumentRow } from './document-record';

export interface ListDocumentsQuery {
  teamId?: string;
  scope?: DocumentRecord['scope'];
  status?: DocumentRecord['status'];
  /** ISO time: documents created before it (the next page of a listing). */
  before?: string;
  limit: number;
}

export async function listDocuments(tx: Queryable, callerId: string, q: ListDocumentsQuery): Promise<DocumentRecord[]> {
  const { rows } = await tx.query<DocumentRow>(
    `SELECT ${DOCUMENT_COLUMNS} FROM documents
      WHERE (owner_id = $1 OR (scope = 'team' AND team_id = ANY (tabwise.caller_admin_team_ids())))
        AND ($2::uuid IS NULL OR team_id = $2)
        AND ($3::text IS NULL OR scope = $3)
        AND ($4::text IS NULL OR status = $4)
        AND ($5::timestamptz IS NULL OR created_at < $5)
      ORDER BY created_at DESC, id
      LIMIT $6`,
    [callerId, q.teamId ?? null, q.scope ?? null, q.status ?? null, q.before ?? null, q.limit],
  );
  return rows.map(toDocumentRecord);
}

/** The document and its passages, or undefined when the caller may not read it (or it does not exist). */
export async function getDocument(
  tx: Queryable,
  id: string,
): Promise<(DocumentRecord & { passages: string[] }) | undefined> {
  const { rows } = await tx.query<DocumentRow & { passages: string[] }>(
    `SELECT ${DOCUMENT_COLUMNS}, passages FROM documents WHERE id = $1`,
    [id],
  );
  const row = rows[0];
  return row ? { ...toDocumentRecord(row), passages: row.passages } : undefined;
}

/** Whether a document was deleted (its chunks go with it). */
export async function deleteDocument(tx: Queryable, id: string): Promise<boolean> {
  const { rowCount } = await tx.query('DELETE FROM documents WHERE id = $1', [id]);
  return rowCount === 1;
}

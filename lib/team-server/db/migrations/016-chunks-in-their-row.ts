/**
 * Migration 16: a chunk's vector, words and text are kept in its row. pgvector's type is stored out of line
 * (`STORAGE EXTERNAL`), so every vector a search read (each of the dense side's 40 candidates per graph, whose
 * distance is computed again from the row, and each full-text candidate's) was a second lookup, in the TOAST
 * table's index and then its heap; at 100,000 chunks the TOAST table was twice the size of the table. `MAIN` keeps
 * them in the row (about 2.3 KB with 384 dimensions; a row that would not fit a page still goes out of line, as
 * a last resort). The search statement's execution on the kept 100,000 chunks: 4.9 ms against 5.5. It applies to
 * rows written from now on; `VACUUM FULL tabwise.chunks` rewrites the ones before (and rebuilds the indexes).
 */
export const migration016 = {
  version: 16,
  name: 'chunks-in-their-row',
  sql: /* sql */ `
ALTER TABLE tabwise.chunks ALTER COLUMN embedding SET STORAGE MAIN, ALTER COLUMN tsv SET STORAGE MAIN,
  ALTER COLUMN text SET STORAGE MAIN;
`,
};

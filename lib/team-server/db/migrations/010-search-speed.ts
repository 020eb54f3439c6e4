/**
 * Migration 10: full-text search that uses its index under row-level security, on every Postgres it can.
 *
 *   - `chunks_tsv` (GIN) loses its pending list: with `fastupdate` on, new entries wait in an unsorted list until
 *     a VACUUM merges them, and every search scans that list row by row. The embedded PGlite runs no autovacuum,
 *     so the list only grew (at 20,000 chunks the index scan read 347 pages and took 73 ms; after, 7 pages, 0.2 ms).
 *     Off, each insert goes straight into the tree (slower inserts, which the queue absorbs).
 *   - Under a row-level security policy, Postgres uses a condition in an index scan only if its function is marked
 *     LEAKPROOF (otherwise it could see rows the policy hides before the policy runs), and `tsvector @@ tsquery`
 *     (`ts_match_vq`) is not marked: every full-text search read every row the caller may see, then matched
 *     (a sequential scan, 110 ms at 20,000 chunks). `ts_match_vq` only answers true or false for a well-formed
 *     vector and query: it raises no error that depends on a row's content and has no side effect, which is what
 *     LEAKPROOF promises, so it is marked. The policy is unchanged and still filters every row the index finds.
 *     Marking a function needs a superuser: the embedded PGlite's login role is one; on a managed Postgres whose
 *     login role is not, the migration leaves the function alone (searches stay correct, their full-text side
 *     slower) and says so in a NOTICE. README's team section has the plan for that case.
 */
export const migration010 = {
  version: 10,
  name: 'search-speed',
  sql: /* sql */ `
ALTER INDEX tabwise.chunks_tsv SET (fastupdate = off);
SELECT gin_clean_pending_list('tabwise.chunks_tsv'::regclass);

DO $$ BEGIN
  IF (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
    ALTER FUNCTION pg_catalog.ts_match_vq(tsvector, tsquery) LEAKPROOF;
  ELSE
    RAISE NOTICE 'tabwise: not a superuser, so ts_match_vq stays non-leakproof and full-text search scans every visible chunk';
  END IF;
END $$;
`,
};

-- Uploaded files are stored in ~1 MB bytea chunks. PostgreSQL's default pglz compression cost
-- ~2 s of database CPU to store a 68 MB CSV and ~1 s to read it back; lz4 takes ~0.3 s and
-- ~0.5 s (bench/RESULTS.md). PGlite is built without lz4: it keeps pglz.
DO $$
BEGIN
  ALTER TABLE "import_file_chunks" ALTER COLUMN "bytes" SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported THEN
  NULL;
END $$;

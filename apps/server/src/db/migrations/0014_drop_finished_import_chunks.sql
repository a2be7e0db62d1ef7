-- An upload is kept only until its import ends (modules/imports/upload-store.ts); earlier versions
-- kept every file for good. The chunks of finished imports have no reader.
DELETE FROM "import_file_chunks" WHERE "import_id" IN (SELECT "id" FROM "imports" WHERE "status" IN ('completed', 'failed', 'cancelled'));

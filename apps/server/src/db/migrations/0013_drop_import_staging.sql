-- The import stages each batch in a temporary table of its own connection (CREATE_BATCH_TABLE_SQL in
-- modules/imports/imports.queries.ts); this shared table has had no reader since.
DROP TABLE "import_staging" CASCADE;
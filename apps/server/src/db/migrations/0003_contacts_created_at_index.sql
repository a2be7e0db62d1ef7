DROP INDEX "contacts_created_at_idx";--> statement-breakpoint
CREATE INDEX "contacts_created_at_id_idx" ON "contacts" USING btree ("created_at","id");
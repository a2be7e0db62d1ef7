DROP INDEX "contacts_status_idx";--> statement-breakpoint
DROP INDEX "contacts_import_idx";--> statement-breakpoint
DROP INDEX "contacts_tag1_idx";--> statement-breakpoint
DROP INDEX "contacts_tag2_idx";--> statement-breakpoint
DROP INDEX "contacts_tag3_idx";--> statement-breakpoint
DROP INDEX "contacts_first_name_lower_idx";--> statement-breakpoint
DROP INDEX "contacts_last_name_lower_idx";--> statement-breakpoint
DROP INDEX "contacts_email_lower_idx";--> statement-breakpoint
ALTER TABLE "import_staging" ADD COLUMN "id" uuid;--> statement-breakpoint
CREATE INDEX "contacts_opted_out_idx" ON "contacts" USING btree ("created_at","id") WHERE "contacts"."status" = 'opted_out';--> statement-breakpoint
CREATE INDEX "contacts_tag1_idx" ON "contacts" USING btree ("tag1") WHERE "contacts"."tag1" is not null;--> statement-breakpoint
CREATE INDEX "contacts_tag2_idx" ON "contacts" USING btree ("tag2") WHERE "contacts"."tag2" is not null;--> statement-breakpoint
CREATE INDEX "contacts_tag3_idx" ON "contacts" USING btree ("tag3") WHERE "contacts"."tag3" is not null;--> statement-breakpoint
CREATE INDEX "contacts_first_name_lower_idx" ON "contacts" USING btree (lower("first_name") text_pattern_ops) WHERE "contacts"."first_name" is not null;--> statement-breakpoint
CREATE INDEX "contacts_last_name_lower_idx" ON "contacts" USING btree (lower("last_name") text_pattern_ops) WHERE "contacts"."last_name" is not null;--> statement-breakpoint
CREATE INDEX "contacts_email_lower_idx" ON "contacts" USING btree (lower("email") text_pattern_ops) WHERE "contacts"."email" is not null;
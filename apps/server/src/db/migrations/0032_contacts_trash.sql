-- Contacts trash (issue 37; decision 087). A deleted contact keeps its row, stamped with when and
-- by whom, for 30 days: every list, count, audience, search and export leaves it out, it can be
-- restored, and the lifecycle job deletes it for good afterwards. Nullable columns without a
-- default: adding them rewrites no row.
ALTER TABLE "contacts" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "deleted_by" uuid;--> statement-breakpoint
-- The trash view (newest deletion first) and the purge (oldest first): the trashed rows only.
CREATE INDEX "contacts_trash_idx" ON "contacts" USING btree ("deleted_at", "id") WHERE "contacts"."deleted_at" IS NOT NULL;

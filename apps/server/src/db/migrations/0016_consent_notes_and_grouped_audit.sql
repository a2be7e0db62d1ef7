-- Opting an opted-out contact back in by hand needs a consent note (PRODUCT.md section 4): the
-- last one is kept with the contact, with when and by whom (the audit log keeps every one).
ALTER TABLE "contacts" ADD COLUMN "opt_in_note" text;
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "opted_in_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "opted_in_by" uuid;
--> statement-breakpoint
-- Entries that count repeats (403 refusals: one per actor, route and minute) share a key; the
-- unique index lets one upsert add to the count however many processes refuse at once.
ALTER TABLE "audit_log" ADD COLUMN "group_key" text;
--> statement-breakpoint
CREATE UNIQUE INDEX "audit_log_group_key_idx" ON "audit_log" ("group_key") WHERE "group_key" IS NOT NULL;

-- Internal notes on contacts (issue 35; decision 102): never sent as SMS, shown on the contact's
-- page, its timeline and its inbox conversation. Authors are users without a foreign key (users
-- are soft-deleted, like templates' creators); a note goes with its contact (erasure, purge).
CREATE TABLE "contact_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contact_id" uuid NOT NULL REFERENCES "contacts"("id") ON DELETE CASCADE,
	"author_id" uuid,
	"body" text NOT NULL,
	-- The users the text names as @Name (each notified once, when first named).
	"mentions" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone
);
--> statement-breakpoint
-- A contact's notes newest first (its page, its timeline, its conversation).
CREATE INDEX "contact_notes_contact_idx" ON "contact_notes" ("contact_id", "created_at" DESC, "id" DESC);
--> statement-breakpoint
-- /apps/notes: every note newest first, and by author.
CREATE INDEX "contact_notes_created_idx" ON "contact_notes" ("created_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX "contact_notes_author_idx" ON "contact_notes" ("author_id", "created_at" DESC);
--> statement-breakpoint
-- "Mentions me".
CREATE INDEX "contact_notes_mentions_idx" ON "contact_notes" USING gin ("mentions");
--> statement-breakpoint
-- A new notification kind: note_mention (someone named the user in a note).
ALTER TABLE "notifications" DROP CONSTRAINT IF EXISTS "notifications_kind_check";
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("kind" in ('import_completed', 'import_failed', 'campaign_completed', 'campaign_paused', 'gateway_disconnected', 'replies', 'campaign_approval_requested', 'campaign_approval_rejected', 'campaign_approved', 'note_mention'));

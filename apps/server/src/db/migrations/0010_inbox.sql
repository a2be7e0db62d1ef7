CREATE TABLE "inbox_conversations" (
	"contact_id" uuid PRIMARY KEY NOT NULL,
	"last_activity_at" timestamp with time zone NOT NULL,
	"last_inbound_id" bigint
);
--> statement-breakpoint
CREATE TABLE "inbox_reads" (
	"contact_id" uuid PRIMARY KEY NOT NULL,
	"last_read_inbound_id" bigint NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_by" uuid
);
--> statement-breakpoint
CREATE INDEX "inbox_conversations_activity_idx" ON "inbox_conversations" USING btree ("last_activity_at","contact_id");--> statement-breakpoint
CREATE INDEX "messages_one_off_contact_idx" ON "messages" USING btree ("contact_id","id") WHERE "messages"."campaign_id" is null;--> statement-breakpoint
CREATE INDEX "messages_one_off_idx" ON "messages" USING btree ("id") WHERE "messages"."campaign_id" is null;--> statement-breakpoint
-- Conversations that existed before this migration: contacts with inbound messages or inbox replies.
INSERT INTO "inbox_conversations" ("contact_id", "last_activity_at", "last_inbound_id")
SELECT "contact_id", max("at"), max("inbound_id") FROM (
  SELECT "contact_id", "received_at" AS "at", "id" AS "inbound_id" FROM "inbound_messages" WHERE "contact_id" IS NOT NULL
  UNION ALL
  SELECT "contact_id", "queued_at", NULL FROM "messages" WHERE "campaign_id" IS NULL AND "kind" = 'reply' AND "contact_id" IS NOT NULL
) "activity" GROUP BY "contact_id";

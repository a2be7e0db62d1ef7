CREATE TABLE "inbox_reads" (
	"contact_id" uuid PRIMARY KEY NOT NULL,
	"last_read_inbound_id" bigint NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_by" uuid
);
--> statement-breakpoint
CREATE INDEX "messages_one_off_contact_idx" ON "messages" USING btree ("contact_id","id") WHERE "messages"."campaign_id" is null;--> statement-breakpoint
CREATE INDEX "messages_one_off_idx" ON "messages" USING btree ("id") WHERE "messages"."campaign_id" is null;
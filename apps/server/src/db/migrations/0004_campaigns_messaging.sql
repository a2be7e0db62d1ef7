CREATE TABLE "campaign_audience_contacts" (
	"campaign_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	CONSTRAINT "campaign_audience_contacts_campaign_id_contact_id_pk" PRIMARY KEY("campaign_id","contact_id")
);
--> statement-breakpoint
CREATE TABLE "campaign_counts" (
	"campaign_id" uuid NOT NULL,
	"status" text NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "campaign_counts_campaign_id_status_pk" PRIMARY KEY("campaign_id","status")
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"sender_id" text,
	"gateway_id" uuid,
	"audience" jsonb NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"status_reason" text,
	"scheduled_at" timestamp with time zone,
	"scheduled_local" text,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"rate_limit" integer,
	"reply_window_hours" integer DEFAULT 72 NOT NULL,
	"quiet_hours" jsonb,
	"validity_hours" integer,
	"follow_up_of" uuid,
	"fanout_cursor" uuid,
	"fanout_lease_until" timestamp with time zone,
	"audience_ready_at" timestamp with time zone,
	"consecutive_errors" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"launched_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "campaigns_status_check" CHECK ("campaigns"."status" in ('draft', 'scheduled', 'sending', 'paused', 'completed', 'cancelled', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "dispatch_batches" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "dispatch_batches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"campaign_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"handed" integer NOT NULL,
	"errors" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gateways" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"secrets" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"rate_limit" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "gateways_kind_check" CHECK ("gateways"."kind" in ('simulator', 'smpp', 'twilio'))
);
--> statement-breakpoint
CREATE TABLE "inbound_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "inbound_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"gateway_id" uuid NOT NULL,
	"gateway_message_id" text NOT NULL,
	"from_phone" text NOT NULL,
	"to_address" text NOT NULL,
	"body" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"contact_id" uuid,
	"reply_to_message_id" bigint,
	"processed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_count_deltas" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "message_count_deltas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"campaign_id" uuid NOT NULL,
	"status" text NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text DEFAULT 'campaign' NOT NULL,
	"campaign_id" uuid,
	"contact_id" uuid,
	"gateway_id" uuid,
	"phone" text NOT NULL,
	"sender_id" text,
	"body" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"lease_until" timestamp with time zone,
	"gateway_message_id" text,
	"error_code" text,
	"error_text" text,
	"segments" smallint,
	"encoding" text,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"replied_at" timestamp with time zone,
	"reply_text" text,
	"reply_word" text,
	"created_by" uuid,
	CONSTRAINT "messages_status_check" CHECK ("messages"."status" in ('queued', 'sending', 'sent', 'delivered', 'undelivered', 'failed', 'cancelled', 'skipped')),
	CONSTRAINT "messages_kind_check" CHECK ("messages"."kind" in ('campaign', 'test', 'reply'))
);
--> statement-breakpoint
CREATE TABLE "pending_receipts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pending_receipts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"gateway_id" uuid NOT NULL,
	"gateway_message_id" text NOT NULL,
	"status" text NOT NULL,
	"error_code" text,
	"error_text" text,
	"at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_buckets" (
	"key" text PRIMARY KEY NOT NULL,
	"tokens" double precision NOT NULL,
	"refilled_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaign_audience_contacts" ADD CONSTRAINT "campaign_audience_contacts_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaigns_created_at_idx" ON "campaigns" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "campaigns_status_idx" ON "campaigns" USING btree ("status");--> statement-breakpoint
CREATE INDEX "dispatch_batches_campaign_at_idx" ON "dispatch_batches" USING btree ("campaign_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "gateways_one_default" ON "gateways" USING btree ("is_default") WHERE "gateways"."is_default" and "gateways"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "inbound_messages_gateway_unique" ON "inbound_messages" USING btree ("gateway_id","gateway_message_id");--> statement-breakpoint
CREATE INDEX "inbound_messages_contact_idx" ON "inbound_messages" USING btree ("contact_id","id");--> statement-breakpoint
CREATE INDEX "inbound_messages_unprocessed_idx" ON "inbound_messages" USING btree ("id") WHERE "inbound_messages"."processed_at" is null;--> statement-breakpoint
CREATE INDEX "message_count_deltas_campaign_idx" ON "message_count_deltas" USING btree ("campaign_id");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_campaign_contact_unique" ON "messages" USING btree ("campaign_id","contact_id");--> statement-breakpoint
CREATE INDEX "messages_queued_idx" ON "messages" USING btree ("campaign_id","id") WHERE "messages"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "messages_sending_idx" ON "messages" USING btree ("lease_until") WHERE "messages"."status" = 'sending';--> statement-breakpoint
CREATE INDEX "messages_gateway_message_idx" ON "messages" USING btree ("gateway_message_id") WHERE "messages"."gateway_message_id" is not null;--> statement-breakpoint
CREATE INDEX "messages_contact_idx" ON "messages" USING btree ("contact_id","id");--> statement-breakpoint
CREATE INDEX "messages_errors_idx" ON "messages" USING btree ("campaign_id","id") WHERE "messages"."error_code" is not null;--> statement-breakpoint
CREATE INDEX "pending_receipts_gateway_message_idx" ON "pending_receipts" USING btree ("gateway_message_id");--> statement-breakpoint
-- Message counts per campaign and status, kept by statement-level triggers: each statement on
-- messages appends its net changes to message_count_deltas (inserts only: no row locks shared
-- between concurrent dispatchers); the dispatcher rolls them up into campaign_counts.
CREATE FUNCTION messages_count_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO message_count_deltas (campaign_id, status, n)
  SELECT campaign_id, status, count(*)::int FROM new_rows WHERE campaign_id IS NOT NULL GROUP BY campaign_id, status;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION messages_count_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO message_count_deltas (campaign_id, status, n)
  SELECT campaign_id, status, sum(n)::int FROM (
    SELECT campaign_id, status, 1 AS n FROM new_rows WHERE campaign_id IS NOT NULL
    UNION ALL
    SELECT campaign_id, status, -1 AS n FROM old_rows WHERE campaign_id IS NOT NULL
  ) AS changes
  GROUP BY campaign_id, status
  HAVING sum(n) <> 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION messages_count_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO message_count_deltas (campaign_id, status, n)
  SELECT campaign_id, status, -count(*)::int FROM old_rows WHERE campaign_id IS NOT NULL GROUP BY campaign_id, status;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER messages_count_insert AFTER INSERT ON messages REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION messages_count_insert();--> statement-breakpoint
CREATE TRIGGER messages_count_update AFTER UPDATE ON messages REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION messages_count_update();--> statement-breakpoint
CREATE TRIGGER messages_count_delete AFTER DELETE ON messages REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION messages_count_delete();--> statement-breakpoint
-- Every installation starts with the simulated gateway as its default, so campaigns work at once.
INSERT INTO gateways (id, name, kind, config, is_default) VALUES ('00000000-0000-4000-8000-000000000001', 'Simulator', 'simulator', '{}'::jsonb, true);

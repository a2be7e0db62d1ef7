-- Numbers and sender IDs (issue 36, decision 108): every number and alphanumeric sender ID the
-- organisation sends from, its gateway, registration status and inbound routing. The usage the
-- list shows (last 30 days) reads messages and inbound messages by sender, hence their indexes.
CREATE TABLE "senders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"gateway_id" uuid,
	"status" text DEFAULT 'draft' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"countries" text[] DEFAULT '{}' NOT NULL,
	"origin" text DEFAULT 'added' NOT NULL,
	"number_type" text,
	"country" text,
	"provider_sid" text,
	"monthly_price" text,
	"price_unit" text,
	"route_assignee_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "senders_kind_check" CHECK ("kind" in ('number', 'alphanumeric')),
	CONSTRAINT "senders_status_check" CHECK ("status" in ('draft', 'submitted', 'approved', 'rejected')),
	CONSTRAINT "senders_origin_check" CHECK ("origin" in ('bought', 'added')),
	CONSTRAINT "senders_number_type_check" CHECK ("number_type" in ('mobile', 'local', 'toll-free'))
);
--> statement-breakpoint
ALTER TABLE "senders" ADD CONSTRAINT "senders_gateway_id_gateways_id_fk" FOREIGN KEY ("gateway_id") REFERENCES "public"."gateways"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "senders_value_unique" ON "senders" USING btree (lower("value"));--> statement-breakpoint
CREATE INDEX "messages_sender_queued_idx" ON "messages" USING btree ("sender_id","queued_at") WHERE "sender_id" is not null;--> statement-breakpoint
CREATE INDEX "inbound_messages_to_received_idx" ON "inbound_messages" USING btree ("to_address","received_at");

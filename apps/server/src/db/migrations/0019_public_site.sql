-- The public site (issue 19): people subscribe from a web form with a code sent by SMS (double
-- opt-in), and every opt-in or opt-out from it is kept as a consent record.
ALTER TABLE "contacts" DROP CONSTRAINT "contacts_source_check";
--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_source_check" CHECK ("contacts"."source" in ('manual', 'import', 'inbound', 'api', 'web_form'));
--> statement-breakpoint
ALTER TABLE "contacts" DROP CONSTRAINT "contacts_opt_out_source_check";
--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_opt_out_source_check" CHECK ("contacts"."opt_out_source" in ('keyword', 'admin', 'import', 'provider', 'web_form'));
--> statement-breakpoint
-- One row per code sent: only its hash is kept; rows stay a day so the per-number daily limit can count them.
CREATE TABLE "subscription_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purpose" text NOT NULL,
	"phone" text NOT NULL,
	"name" text,
	"topics" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"ip" text,
	"user_agent" text,
	"consent_text" text,
	"message_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "subscription_codes_purpose_check" CHECK ("subscription_codes"."purpose" in ('subscribe', 'unsubscribe'))
);
--> statement-breakpoint
CREATE INDEX "subscription_codes_phone_idx" ON "subscription_codes" USING btree ("phone", "created_at");
--> statement-breakpoint
CREATE INDEX "subscription_codes_ip_idx" ON "subscription_codes" USING btree ("ip", "created_at");
--> statement-breakpoint
CREATE TABLE "contact_consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contact_id" uuid NOT NULL REFERENCES "contacts"("id") ON DELETE CASCADE,
	"action" text NOT NULL,
	"source" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" text,
	"user_agent" text,
	"consent_text" text,
	"topics" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "contact_consents_action_check" CHECK ("contact_consents"."action" in ('opt_in', 'opt_out'))
);
--> statement-breakpoint
CREATE INDEX "contact_consents_contact_idx" ON "contact_consents" USING btree ("contact_id", "at");
--> statement-breakpoint
-- Messages from the public site's contact form: the inbox's "Web messages", answered by SMS.
CREATE TABLE "web_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"phone" text,
	"email" text,
	"body" text NOT NULL,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	"replied_at" timestamp with time zone,
	"reply_body" text,
	"replied_by" uuid,
	"reply_message_id" bigint
);
--> statement-breakpoint
CREATE INDEX "web_messages_created_idx" ON "web_messages" USING btree ("created_at");

-- Keyword rules (issue 35; decision 104): "a reply that is one of these words -> actions", applied
-- in order by the inbound processing, once per reply and rule (the applications' primary key).
CREATE TABLE "keyword_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"words" text[] NOT NULL,
	"actions" jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"position" integer NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "keyword_rules_position_idx" ON "keyword_rules" USING btree ("position");--> statement-breakpoint
-- What each rule did to each reply: the key makes a retried batch apply a rule once; the rule's
-- name and place are kept as they were (the inbox shows them after a rename, a reorder or a delete). Erasing or purging the
-- reply takes its applications with it.
CREATE TABLE "keyword_rule_applications" (
	"inbound_id" bigint NOT NULL REFERENCES "inbound_messages"("id") ON DELETE CASCADE,
	"rule_id" uuid NOT NULL,
	"contact_id" uuid,
	"rule_name" text NOT NULL,
	"rule_position" integer DEFAULT 0 NOT NULL,
	"results" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "keyword_rule_applications_pk" PRIMARY KEY("inbound_id", "rule_id")
);--> statement-breakpoint
-- A bell kind for the rules' notify action (the list as it stands here, plus keyword_rule).
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('import_completed', 'import_failed', 'campaign_completed', 'campaign_paused', 'gateway_disconnected', 'replies', 'campaign_approval_requested', 'campaign_approval_rejected', 'campaign_approved', 'note_mention', 'keyword_rule'));

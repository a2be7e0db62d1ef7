-- Campaign approval and the campaign board (issue 35; decision 101): a new campaign state, in_review,
-- the approval requests with their outcome, and three notification kinds.
ALTER TABLE "campaigns" DROP CONSTRAINT "campaigns_status_check";--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_status_check" CHECK ("campaigns"."status" in ('draft', 'scheduled', 'sending', 'paused', 'completed', 'cancelled', 'failed', 'in_review'));--> statement-breakpoint
CREATE TABLE "campaign_approvals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"requested_by" uuid,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"comment" text,
	CONSTRAINT "campaign_approvals_state_check" CHECK ("campaign_approvals"."state" in ('pending', 'approved', 'rejected', 'withdrawn'))
);--> statement-breakpoint
ALTER TABLE "campaign_approvals" ADD CONSTRAINT "campaign_approvals_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_approvals_campaign_idx" ON "campaign_approvals" USING btree ("campaign_id","requested_at");--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('import_completed', 'import_failed', 'campaign_completed', 'campaign_paused', 'gateway_disconnected', 'replies', 'campaign_approval_requested', 'campaign_approval_rejected', 'campaign_approved'));

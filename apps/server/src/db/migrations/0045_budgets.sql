-- Budgets (decision 109): a bell kind for the 80% and 100% warnings (the full list as it stands here, plus budget_warning).
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('import_completed', 'import_failed', 'campaign_completed', 'campaign_paused', 'gateway_disconnected', 'replies', 'campaign_approval_requested', 'campaign_approval_rejected', 'campaign_approved', 'note_mention', 'keyword_rule', 'budget_warning'));--> statement-breakpoint
-- Spend reads the messages sent in a period (this month's, every few seconds for the budgets): a BRIN
-- index of sent_at (rows are written roughly in send order) finds them for a few pages of index,
-- and costs the engine's write-backs next to nothing, unlike a B-tree on every message.
CREATE INDEX "messages_sent_at_brin" ON "messages" USING brin ("sent_at");

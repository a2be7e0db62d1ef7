-- Receipt timeout (issue 33, item 6; decision 073). A message handed to the carrier whose receipt
-- has not come by the end of its validity period plus a grace becomes 'unknown' (error
-- RECEIPT_TIMEOUT), so nothing stays 'sent' forever after a dead bind or a crashed worker.
-- The new constraint allows a superset of the old one, so every row already satisfies it.
ALTER TABLE "messages" DROP CONSTRAINT "messages_status_check";--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_status_check" CHECK ("messages"."status" in ('queued', 'sending', 'sent', 'delivered', 'undelivered', 'failed', 'cancelled', 'skipped', 'unknown'));--> statement-breakpoint
-- The sweep's way to the one-offs still waiting for a receipt (campaign_id null), oldest send
-- first. Partial, and for one-offs only: a campaign's messages are walked through the (campaign,
-- contact) index they are all in anyway, so the hot path of a campaign (its write-backs and
-- receipts) pays for no index of the sweep's.
CREATE INDEX "messages_one_off_sent_idx" ON "messages" USING btree ("sent_at") WHERE "messages"."status" = 'sent' AND "messages"."campaign_id" IS NULL;--> statement-breakpoint
-- Integration API messages that time out tell their webhooks, like every other status change
-- (the trigger of migration 0020, with 'unknown' among the statuses it reports).
DROP TRIGGER "messages_webhook_status" ON "messages";--> statement-breakpoint
CREATE TRIGGER "messages_webhook_status" AFTER UPDATE OF "status" ON "messages" FOR EACH ROW
	WHEN (NEW.kind = 'api' AND OLD.status IS DISTINCT FROM NEW.status AND NEW.status IN ('sent', 'delivered', 'undelivered', 'failed', 'unknown'))
	EXECUTE FUNCTION webhook_message_status();

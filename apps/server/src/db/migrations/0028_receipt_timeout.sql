-- Receipt timeout (issue 33, item 6; decision 073). A message handed to the carrier whose receipt
-- has not come by the end of its validity period plus a grace becomes 'unknown' (error
-- RECEIPT_TIMEOUT), so nothing stays 'sent' forever after a dead bind or a crashed worker.
-- The new constraint allows a superset of the old one, so every row already satisfies it.
ALTER TABLE "messages" DROP CONSTRAINT "messages_status_check";--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_status_check" CHECK ("messages"."status" in ('queued', 'sending', 'sent', 'delivered', 'undelivered', 'failed', 'cancelled', 'skipped', 'unknown'));--> statement-breakpoint
-- The sweep's way to the messages still waiting for a receipt: of one campaign (campaign_id) or
-- the one-offs (campaign_id null), oldest send first. Partial: a message enters it once, at its
-- write-back to 'sent', and leaves it with its receipt; receipts usually come within seconds, so
-- it stays small.
CREATE INDEX "messages_sent_idx" ON "messages" USING btree ("campaign_id", "sent_at") WHERE "messages"."status" = 'sent';--> statement-breakpoint
-- Integration API messages that time out tell their webhooks, like every other status change
-- (the trigger of migration 0020, with 'unknown' among the statuses it reports).
DROP TRIGGER "messages_webhook_status" ON "messages";--> statement-breakpoint
CREATE TRIGGER "messages_webhook_status" AFTER UPDATE OF "status" ON "messages" FOR EACH ROW
	WHEN (NEW.kind = 'api' AND OLD.status IS DISTINCT FROM NEW.status AND NEW.status IN ('sent', 'delivered', 'undelivered', 'failed', 'unknown'))
	EXECUTE FUNCTION webhook_message_status();

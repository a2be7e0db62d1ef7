-- Integration API additions (issue 38; decision 092).
--
-- GET /api/v1/inbound?from=: a sender's messages, newest first, without walking everyone's.
CREATE INDEX "inbound_messages_from_idx" ON "inbound_messages" ("from_phone", "id");
--> statement-breakpoint
-- Status callbacks: an API message may name a URL that hears its status changes, like a webhook
-- for that message alone. The URL is kept on the message; each change writes one delivery row
-- in the transaction that made it (the outbox, as webhook_deliveries), sent by the workers.
ALTER TABLE "messages" ADD COLUMN "status_callback" text;--> statement-breakpoint
CREATE TABLE "status_callback_deliveries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY NOT NULL,
	"message_id" bigint NOT NULL,
	"api_key_id" uuid,
	"url" text NOT NULL,
	"event_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"last_status_code" integer,
	"last_error" text,
	"last_attempt_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "status_callback_deliveries_status_check" CHECK ("status" in ('pending', 'delivered', 'failed'))
);--> statement-breakpoint
CREATE INDEX "status_callback_deliveries_due_idx" ON "status_callback_deliveries" ("next_attempt_at") WHERE "status" = 'pending';--> statement-breakpoint
CREATE INDEX "status_callback_deliveries_message_idx" ON "status_callback_deliveries" ("message_id", "id");--> statement-breakpoint
-- The payload of the message.status webhook (migration 0020), to the message's own URL.
CREATE FUNCTION "status_callback_enqueue"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO status_callback_deliveries (message_id, api_key_id, url, data)
	VALUES (NEW.id, NEW.api_key_id, NEW.status_callback, jsonb_build_object('id', NEW.id::text, 'to', NEW.phone, 'status', NEW.status,
		'reference', NEW.reference, 'errorCode', NEW.error_code, 'contactId', NEW.contact_id));
	RETURN NULL;
END $$;--> statement-breakpoint
-- Only API messages that name a URL: campaign receipts at full speed pay the WHEN test alone.
CREATE TRIGGER "messages_status_callback" AFTER UPDATE OF "status" ON "messages" FOR EACH ROW
	WHEN (NEW.kind = 'api' AND NEW.status_callback IS NOT NULL AND OLD.status IS DISTINCT FROM NEW.status
		AND NEW.status IN ('sent', 'delivered', 'undelivered', 'failed', 'unknown', 'cancelled'))
	EXECUTE FUNCTION status_callback_enqueue();--> statement-breakpoint
-- A cancelled API message (POST /api/v1/messages/{id}/cancel) is a status change webhooks hear too.
DROP TRIGGER "messages_webhook_status" ON "messages";--> statement-breakpoint
CREATE TRIGGER "messages_webhook_status" AFTER UPDATE OF "status" ON "messages" FOR EACH ROW
	WHEN (NEW.kind = 'api' AND OLD.status IS DISTINCT FROM NEW.status AND NEW.status IN ('sent', 'delivered', 'undelivered', 'failed', 'unknown', 'cancelled'))
	EXECUTE FUNCTION webhook_message_status();
--> statement-breakpoint
-- message.inbound names the sender's contact and the message it answers: written when the inbound
-- message is processed (contact linked, reply matched, in the processing's transaction) instead
-- of when it is stored, when neither is known yet. A reply still waiting for its message's outcome
-- (that message being handed over) goes out without it.
CREATE OR REPLACE FUNCTION "webhook_inbound"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	contact record;
BEGIN
	SELECT c.id, c.phone, nullif(trim(concat_ws(' ', c.first_name, c.last_name)), '') AS name INTO contact
		FROM contacts c WHERE c.id = NEW.contact_id;
	PERFORM webhook_enqueue('message.inbound', jsonb_build_object('id', NEW.id::text, 'from', NEW.from_phone, 'to', NEW.to_address,
		'body', NEW.body, 'receivedAt', NEW.received_at, 'contactId', contact.id,
		'contact', CASE WHEN contact.id IS NULL THEN NULL ELSE jsonb_build_object('id', contact.id, 'phone', contact.phone, 'name', contact.name) END,
		'replyToMessageId', NEW.reply_to_message_id::text,
		'campaignId', (SELECT m.campaign_id FROM messages m WHERE m.id = NEW.reply_to_message_id)));
	RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER "inbound_messages_webhook" ON "inbound_messages";--> statement-breakpoint
CREATE TRIGGER "inbound_messages_webhook" AFTER UPDATE OF "processed_at" ON "inbound_messages" FOR EACH ROW
	WHEN (OLD.processed_at IS NULL AND NEW.processed_at IS NOT NULL) EXECUTE FUNCTION webhook_inbound();

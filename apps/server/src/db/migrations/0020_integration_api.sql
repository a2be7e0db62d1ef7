-- Integration API (issue 20): keys for other software, idempotent sends, and API messages with a
-- priority lane. A key's secret is kept only as its SHA-256 hash.
CREATE TABLE "api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"secret_hash" text NOT NULL,
	"scopes" text[] NOT NULL,
	"expires_at" timestamp with time zone,
	"allowed_cidrs" text[] DEFAULT '{}' NOT NULL,
	"rate_limit" integer DEFAULT 50 NOT NULL,
	"last_used_at" timestamp with time zone,
	"last_used_ip" text,
	"revoked_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_secret_hash_idx" ON "api_keys" ("secret_hash");
--> statement-breakpoint
-- The first answer to an Idempotency-Key, per key, kept 24 hours.
CREATE TABLE "api_idempotency" (
	"api_key_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" integer NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("api_key_id", "idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "priority" smallint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "reference" text;
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "api_key_id" uuid;
--> statement-breakpoint
ALTER TABLE "messages" DROP CONSTRAINT "messages_kind_check";
--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_kind_check" CHECK ("messages"."kind" in ('campaign', 'test', 'reply', 'auto', 'notice', 'api'));
--> statement-breakpoint
-- API messages of a key, newest first (list with cursor).
CREATE INDEX "messages_api_key_idx" ON "messages" ("api_key_id", "id") WHERE "api_key_id" IS NOT NULL;
--> statement-breakpoint
-- Webhooks: endpoints registered by admins, and one delivery row per (event, endpoint), written by
-- triggers in the transaction that made the change (the outbox) and sent by the workers.
CREATE TABLE "webhook_endpoints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"url" text NOT NULL,
	"events" text[] NOT NULL,
	"secret" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY NOT NULL,
	"endpoint_id" uuid NOT NULL REFERENCES "webhook_endpoints" ("id") ON DELETE CASCADE,
	"event_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"event_type" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"last_status_code" integer,
	"last_duration_ms" integer,
	"last_error" text,
	"last_response" text,
	"last_attempt_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "webhook_deliveries_status_check" CHECK ("status" in ('pending', 'delivered', 'failed'))
);
--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" ("next_attempt_at") WHERE "status" = 'pending';
--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_idx" ON "webhook_deliveries" ("endpoint_id", "id");
--> statement-breakpoint
-- One delivery per active endpoint that listens to the event type.
CREATE FUNCTION "webhook_enqueue"(event_type text, data jsonb) RETURNS void LANGUAGE sql AS $$
	INSERT INTO webhook_deliveries (endpoint_id, event_type, data)
	SELECT e.id, event_type, data FROM webhook_endpoints e WHERE e.active AND event_type = ANY (e.events)
$$;
--> statement-breakpoint
CREATE FUNCTION "webhook_message_status"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM webhook_enqueue('message.status', jsonb_build_object('id', NEW.id::text, 'to', NEW.phone, 'status', NEW.status,
		'reference', NEW.reference, 'errorCode', NEW.error_code, 'contactId', NEW.contact_id));
	RETURN NULL;
END $$;
--> statement-breakpoint
-- Only integration API messages (kind 'api'): campaign receipts at full speed pay nothing here.
CREATE TRIGGER "messages_webhook_status" AFTER UPDATE OF "status" ON "messages" FOR EACH ROW
	WHEN (NEW.kind = 'api' AND OLD.status IS DISTINCT FROM NEW.status AND NEW.status IN ('sent', 'delivered', 'undelivered', 'failed'))
	EXECUTE FUNCTION webhook_message_status();
--> statement-breakpoint
CREATE FUNCTION "webhook_inbound"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM webhook_enqueue('message.inbound', jsonb_build_object('id', NEW.id::text, 'from', NEW.from_phone, 'to', NEW.to_address,
		'body', NEW.body, 'receivedAt', NEW.received_at));
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "inbound_messages_webhook" AFTER INSERT ON "inbound_messages" FOR EACH ROW EXECUTE FUNCTION webhook_inbound();
--> statement-breakpoint
CREATE FUNCTION "webhook_contact_consent"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM webhook_enqueue(CASE WHEN NEW.status = 'opted_out' THEN 'contact.opted_out' ELSE 'contact.opted_in' END,
		jsonb_build_object('contactId', NEW.id, 'phone', NEW.phone, 'status', NEW.status, 'source', NEW.opt_out_source));
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "contacts_webhook_consent" AFTER UPDATE OF "status" ON "contacts" FOR EACH ROW
	WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION webhook_contact_consent();

-- Integrators' missing pieces (issue 38; decision 093). An API key's secret and a webhook
-- endpoint's signing secret can be replaced while the old one keeps working for an overlap
-- window (the database clock judges its end), so the other side can switch without an outage.
ALTER TABLE "api_keys" ADD COLUMN "previous_secret_hash" text;
--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "previous_expires_at" timestamp with time zone;
--> statement-breakpoint
-- A request with the replaced secret finds its key by this index, as a current one does by its own.
CREATE UNIQUE INDEX "api_keys_previous_secret_hash_idx" ON "api_keys" ("previous_secret_hash") WHERE "previous_secret_hash" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "description" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "previous_secret" text;
--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "previous_secret_expires_at" timestamp with time zone;
--> statement-breakpoint
-- Deliveries stopped because their endpoint was turned off (after a day of failures, or by an
-- admin): turning it on again queues them again, and only them (not ones that failed on their own).
ALTER TABLE "webhook_deliveries" ADD COLUMN "halted" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- How a contact last opted in (START keyword, staff with a consent note, a public-site subscription
-- confirmed by its code on the page or by a reply): contact.opted_in webhooks carry it as `source`.
ALTER TABLE "contacts" ADD COLUMN "opt_in_source" text;
--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_opt_in_source_check" CHECK ("opt_in_source" in ('keyword', 'staff', 'web_form', 'sms_reply'));
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "webhook_contact_consent"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM webhook_enqueue(CASE WHEN NEW.status = 'opted_out' THEN 'contact.opted_out' ELSE 'contact.opted_in' END,
		jsonb_build_object('contactId', NEW.id, 'phone', NEW.phone, 'status', NEW.status,
			'source', CASE WHEN NEW.status = 'opted_out' THEN NEW.opt_out_source ELSE NEW.opt_in_source END));
	RETURN NULL;
END $$;
--> statement-breakpoint
-- A confirmed subscription is an opt-in even when the contact is new or already active (no status
-- change): each confirmation stamps opted_in_at, which these two triggers hear. Imports and the
-- other writers never set opted_in_at, so their rows pay only the WHEN test.
CREATE TRIGGER "contacts_webhook_opted_in_new" AFTER INSERT ON "contacts" FOR EACH ROW
	WHEN (NEW.status = 'active' AND NEW.opted_in_at IS NOT NULL) EXECUTE FUNCTION webhook_contact_consent();
--> statement-breakpoint
CREATE TRIGGER "contacts_webhook_opted_in_again" AFTER UPDATE OF "opted_in_at" ON "contacts" FOR EACH ROW
	WHEN (OLD.status = 'active' AND NEW.status = 'active' AND NEW.opted_in_at IS DISTINCT FROM OLD.opted_in_at)
	EXECUTE FUNCTION webhook_contact_consent();

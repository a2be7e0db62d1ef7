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

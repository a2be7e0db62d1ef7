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

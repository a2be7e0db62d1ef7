-- Notifications (issue 21): one row per user and event, created by the worker's sweep from what
-- other parts committed (imports, campaigns, gateway links, replies), never inline in hot paths.
-- `event_key` is unique per user, so a sweep that runs twice (two workers, overlapping windows)
-- never notifies twice; replies to one campaign share the key 'replies:<campaign id>', so a batch
-- updates one row ("12 new replies") and reopens it, counting again, once it was read.
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"event_key" text NOT NULL,
	"subject_id" text,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	-- Why a campaign paused itself: its status reason ({ code, params }) at the time.
	"reason" jsonb,
	"count" integer DEFAULT 1 NOT NULL,
	"in_app" boolean DEFAULT true NOT NULL,
	-- null: no e-mail wanted (or no SMTP); 'pending' until the sweep has sent it; 'sent'.
	"email_state" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "notifications_kind_check" CHECK ("kind" in ('import_completed', 'import_failed', 'campaign_completed', 'campaign_paused', 'gateway_disconnected', 'replies')),
	CONSTRAINT "notifications_email_state_check" CHECK ("email_state" is null or "email_state" in ('pending', 'sent'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_user_event_unique" ON "notifications" ("user_id", "event_key");
--> statement-breakpoint
-- The bell: a user's newest first, and the unread count.
CREATE INDEX "notifications_user_updated_idx" ON "notifications" ("user_id", "updated_at" DESC);
--> statement-breakpoint
CREATE INDEX "notifications_email_pending_idx" ON "notifications" ("created_at") WHERE "email_state" = 'pending';
--> statement-breakpoint
-- Which kinds a user wants, in the app and/or by e-mail: { kind: { inApp, email } }; unset = in the app only.
CREATE TABLE "notification_preferences" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"kinds" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The sweep's progress (one row, locked by the sweep so workers take turns): the last inbound
-- message counted as a reply and when it last looked at imports, campaigns and gateways.
CREATE TABLE "notification_sweep" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"last_inbound_id" bigint DEFAULT 0 NOT NULL,
	"swept_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_sweep_one_row" CHECK ("id" = 1)
);
--> statement-breakpoint
INSERT INTO "notification_sweep" ("id", "last_inbound_id") SELECT 1, coalesce(max("id"), 0) FROM "inbound_messages";

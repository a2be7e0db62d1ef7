-- The e-mail log and the team (issue 35, decision 103). Every e-mail the product sent or tried,
-- one row per e-mail: `attempts` counts the tries of the same e-mail (`ref` names it, e.g.
-- 'web-message:<id>'), `smtp_response` is the server's last answer, `error` what failed without
-- one (or 'no_smtp' when no server was configured). Bodies only for kinds that hold no secret.
CREATE TABLE "email_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "email_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"ref" text,
	"recipient" text NOT NULL,
	"user_id" uuid,
	"subject" text NOT NULL,
	"body" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"smtp_response" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_attempt_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	CONSTRAINT "email_log_status_check" CHECK ("status" in ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "email_log_kind_ref_unique" ON "email_log" ("kind", "ref") WHERE "ref" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "email_log_created_idx" ON "email_log" ("created_at" DESC);
--> statement-breakpoint
CREATE INDEX "email_log_recipient_idx" ON "email_log" (lower("recipient"));
--> statement-breakpoint
-- Invitations: the person has no account until they accept (then one is created, active, with
-- the password they chose). Only the sha256 of the link's token is kept; a resend replaces it.
CREATE TABLE "user_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_user_id" uuid,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "user_invitations_role_check" CHECK ("role" in ('admin', 'manager', 'agent', 'viewer'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "user_invitations_token_unique" ON "user_invitations" ("token_hash");
--> statement-breakpoint
-- One open invitation per address (accepted or revoked ones no longer count).
CREATE UNIQUE INDEX "user_invitations_open_email_unique" ON "user_invitations" (lower("email")) WHERE "accepted_at" IS NULL AND "revoked_at" IS NULL;
--> statement-breakpoint
-- Last activity of signed-in staff, written at most once a minute per user (platform/last-seen.ts).
CREATE TABLE "user_presence" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);

-- Conversations as tickets (issue 35): one state row per inbox conversation (keyed by contact),
-- created lazily (a conversation without a row is open, unassigned, normal); the history of its
-- changes; each agent's last automatic assignment (round-robin); and the users' availability.
ALTER TABLE "users" ADD COLUMN "availability" text DEFAULT 'available' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_availability_check" CHECK ("availability" in ('available', 'away'));--> statement-breakpoint
CREATE TABLE "conversation_states" (
	"contact_id" uuid PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"snoozed_until" timestamp with time zone,
	"assignee_id" uuid,
	"labels" text[] DEFAULT '{}' NOT NULL,
	"priority" text DEFAULT 'normal' NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversation_states_status_check" CHECK ("status" in ('open', 'pending', 'resolved', 'snoozed')),
	CONSTRAINT "conversation_states_priority_check" CHECK ("priority" in ('low', 'normal', 'high', 'urgent')),
	CONSTRAINT "conversation_states_snooze_check" CHECK (("status" = 'snoozed') = ("snoozed_until" is not null))
);
--> statement-breakpoint
CREATE INDEX "conversation_states_assignee_idx" ON "conversation_states" USING btree ("assignee_id");--> statement-breakpoint
CREATE INDEX "conversation_states_labels_idx" ON "conversation_states" USING gin ("labels");--> statement-breakpoint
CREATE TABLE "conversation_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"contact_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"actor_id" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "conversation_events_contact_idx" ON "conversation_events" USING btree ("contact_id","at");--> statement-breakpoint
CREATE INDEX "conversation_events_kind_at_idx" ON "conversation_events" USING btree ("kind","at");--> statement-breakpoint
CREATE TABLE "conversation_assignment_turns" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"last_assigned_at" timestamp with time zone NOT NULL
);

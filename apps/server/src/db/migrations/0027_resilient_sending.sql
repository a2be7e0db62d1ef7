-- Sending through faults (issue 33). handed_at: the earliest claim of a message that may have
-- handed it to the gateway; it survives a requeue or a lease recovery, so a resend keeps the
-- first hand-over as the message's sent time and a reply to the first submission still matches.
ALTER TABLE "messages" ADD COLUMN "handed_at" timestamp with time zone;--> statement-breakpoint
-- Gateway ids of submissions whose write-back lost to a newer claim of the same message (a worker
-- that stalled past its lease): their receipts still find the message. Rare, so a small table.
CREATE TABLE "earlier_submissions" (
	"gateway_id" uuid NOT NULL,
	"gateway_message_id" text NOT NULL,
	"message_id" bigint NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "earlier_submissions_pk" PRIMARY KEY("gateway_id","gateway_message_id")
);

-- Replies and receipts ordered by the database's clock (docs/decisions/029-replies-by-database-clock.md).
-- When a message's latest claim began: sent_at once the gateway accepts it; a reply arriving
-- while it is in flight may answer it.
ALTER TABLE "messages" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
-- The carrier's "done date" of a receipt (its clock, often minute precision), kept apart from
-- delivered_at, which is now the database's time the receipt arrived.
ALTER TABLE "messages" ADD COLUMN "carrier_done_at" timestamp with time zone;--> statement-breakpoint
-- A reply that arrived while the message it may answer was still being handed to the gateway:
-- matched once that message has its outcome (write-back, else housekeeping).
ALTER TABLE "inbound_messages" ADD COLUMN "reply_pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "inbound_messages_reply_pending_idx" ON "inbound_messages" USING btree ("contact_id") WHERE "reply_pending";--> statement-breakpoint
-- The SMPP link of each gateway as each worker process sees it (written by the workers, read by
-- the API): one row per gateway and worker, refreshed while the worker runs.
CREATE TABLE "gateway_links" (
  "gateway_id" uuid NOT NULL,
  "worker" text NOT NULL,
  "state" text NOT NULL,
  "reason" text,
  "since" timestamp with time zone DEFAULT now() NOT NULL,
  "seen_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "gateway_links_pkey" PRIMARY KEY ("gateway_id", "worker"),
  CONSTRAINT "gateway_links_state_check" CHECK ("state" in ('connected', 'retrying', 'refused'))
);--> statement-breakpoint
-- Earlier versions: a reply proves the message reached the phone (it now moves it to delivered),
-- and no message is delivered after its first reply.
UPDATE "messages" SET "status" = 'delivered', "delivered_at" = least(coalesce("delivered_at", "replied_at"), "replied_at"),
  "failed_at" = NULL, "error_code" = NULL, "error_text" = NULL
  WHERE "replied_at" IS NOT NULL AND ("status" <> 'delivered' OR "delivered_at" > "replied_at");--> statement-breakpoint
-- Earlier versions stored the receipt's done date as delivered_at, often before sent_at: it
-- becomes the carrier's date, and delivered_at the send time (the earliest it can be).
UPDATE "messages" SET "carrier_done_at" = "delivered_at", "delivered_at" = "sent_at" WHERE "delivered_at" < "sent_at";

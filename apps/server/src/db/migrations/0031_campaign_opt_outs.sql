-- A campaign's opt-outs are the recipients who opted out in answer to it (issue 37; decision 083):
-- an opt-out keyword matched, like any reply, to the message it answers. The inbound path records
-- it when it happens: the inbound message that opted its sender out (opts_out) and, once matched,
-- the message it answered (opted_out_at, the earliest such answer). A later campaign's opt-outs are
-- matched to the later campaign, so a campaign's figure never moves because of another one.
ALTER TABLE "inbound_messages" ADD COLUMN "opts_out" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "opted_out_at" timestamp with time zone;--> statement-breakpoint
-- Opt-outs are counted like replies: a message whose opted_out_at goes from null to a time adds one
-- to the pseudo-status 'opted_out' of its campaign (never cleared: an opt-in later does not undo
-- the answer). The functions of migration 0006 with the two lines of it.
CREATE OR REPLACE FUNCTION messages_count_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO message_count_deltas (campaign_id, status, n)
  SELECT campaign_id, status, sum(n)::int FROM (
    SELECT campaign_id, status, 1 AS n FROM new_rows WHERE campaign_id IS NOT NULL
    UNION ALL
    SELECT campaign_id, status, -1 AS n FROM old_rows WHERE campaign_id IS NOT NULL
    UNION ALL
    SELECT campaign_id, 'replied', 1 FROM new_rows WHERE campaign_id IS NOT NULL AND replied_at IS NOT NULL
    UNION ALL
    SELECT campaign_id, 'replied', -1 FROM old_rows WHERE campaign_id IS NOT NULL AND replied_at IS NOT NULL
    UNION ALL
    SELECT campaign_id, 'opted_out', 1 FROM new_rows WHERE campaign_id IS NOT NULL AND opted_out_at IS NOT NULL
    UNION ALL
    SELECT campaign_id, 'opted_out', -1 FROM old_rows WHERE campaign_id IS NOT NULL AND opted_out_at IS NOT NULL
  ) AS changes
  GROUP BY campaign_id, status
  HAVING sum(n) <> 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION messages_count_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO message_count_deltas (campaign_id, status, n)
  SELECT campaign_id, status, -count(*)::int FROM old_rows WHERE campaign_id IS NOT NULL GROUP BY campaign_id, status
  UNION ALL
  SELECT campaign_id, 'replied', -count(*)::int FROM old_rows WHERE campaign_id IS NOT NULL AND replied_at IS NOT NULL GROUP BY campaign_id
  UNION ALL
  SELECT campaign_id, 'opted_out', -count(*)::int FROM old_rows WHERE campaign_id IS NOT NULL AND opted_out_at IS NOT NULL GROUP BY campaign_id;
  RETURN NULL;
END $$;--> statement-breakpoint
-- The past, as well as it can be known: an inbound message already processed whose whole text is
-- an opt-out keyword (the saved list, else the default one) opted its sender out, and the message
-- it was matched to (the reply matching of decision 029) is the one it answered. The update of
-- messages goes through the trigger above, so the counters follow.
UPDATE "inbound_messages" SET "opts_out" = true
  WHERE "processed_at" IS NOT NULL AND "contact_id" IS NOT NULL
    AND regexp_replace("body", '^\s+|\s+$', '', 'g') !~ '\s'
    AND upper(regexp_replace(regexp_replace("body", '^\s+|\s+$', '', 'g'), '[.!?]+$', '')) IN (
      SELECT jsonb_array_elements_text(coalesce(
        (SELECT "value" -> 'optOutKeywords' FROM "app_settings" WHERE "key" = 'messaging' AND jsonb_typeof("value" -> 'optOutKeywords') = 'array'),
        '["STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT", "REVOKE", "OPTOUT"]'::jsonb)));--> statement-breakpoint
UPDATE "messages" m SET "opted_out_at" = o."at"
  FROM (SELECT "reply_to_message_id" AS "message_id", min("received_at") AS "at" FROM "inbound_messages"
        WHERE "opts_out" AND "reply_to_message_id" IS NOT NULL GROUP BY 1) o
  WHERE m."id" = o."message_id";

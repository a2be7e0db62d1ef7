-- Replies are counted like statuses: a message whose replied_at goes from null to a time adds one
-- to the pseudo-status 'replied' of its campaign (the first reply only; replied_at is never cleared).
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
  SELECT campaign_id, 'replied', -count(*)::int FROM old_rows WHERE campaign_id IS NOT NULL AND replied_at IS NOT NULL GROUP BY campaign_id;
  RETURN NULL;
END $$;

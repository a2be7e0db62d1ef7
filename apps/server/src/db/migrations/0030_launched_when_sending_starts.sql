-- launched_at is when sending started (issue 37; decision 084). It was stamped when a campaign was
-- launched, schedule or not, so a campaign waiting for its schedule counted as launched (reports
-- listed it with 0 recipients). Campaigns that have not started lose it; those that started from a
-- schedule take the time it came due.
UPDATE "campaigns" SET "launched_at" = CASE
    WHEN "status" = 'scheduled' OR "scheduled_at" > coalesce("cancelled_at", now()) THEN NULL
    ELSE "scheduled_at"
  END
  WHERE "launched_at" IS NOT NULL AND "scheduled_at" IS NOT NULL AND "launched_at" < "scheduled_at";

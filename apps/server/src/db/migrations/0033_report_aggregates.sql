-- Reports' aggregates kept as messages are written (issue 37; decision 089), so the first view of
-- a report reads a few hundred rows instead of scanning every message of the campaign.
--
-- A recipient's tag1 in a campaign's reports is the contact's tag1 when the message was created
-- (fan-out copies it, '' for none): a later tag edit does not move what an earlier campaign
-- caused. Campaign messages inserted without it (older code, hand-made rows) take the contact's
-- tag1 at insert. Non-campaign messages keep null.
ALTER TABLE "messages" ADD COLUMN "tag1" text;--> statement-breakpoint
CREATE FUNCTION messages_tag1_at_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.tag1 := coalesce((SELECT tag1 FROM contacts WHERE id = NEW.contact_id), '');
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER messages_tag1_at_insert BEFORE INSERT ON messages FOR EACH ROW
  WHEN (NEW.campaign_id IS NOT NULL AND NEW.tag1 IS NULL) EXECUTE FUNCTION messages_tag1_at_insert();--> statement-breakpoint
-- The past: the contact's tag1 now, as the reports read it until this migration.
UPDATE "messages" m SET "tag1" = coalesce(c."tag1", '') FROM "contacts" c
  WHERE m."campaign_id" IS NOT NULL AND c."id" = m."contact_id";--> statement-breakpoint
UPDATE "messages" SET "tag1" = '' WHERE "campaign_id" IS NOT NULL AND "tag1" IS NULL;--> statement-breakpoint
--
-- The tag1 report's cells: messages per (campaign, tag1, status, replied, reply word of the
-- replied ('' for none), opted out in answer). The delivery summary's errors: messages per
-- (campaign, error code, error text ('' for none)). The timeline: per (campaign, UTC second) and per
-- (campaign, UTC minute), messages sent at it (sent_at), delivered at it (delivered_at, status
-- delivered) and failed at it (failed_at, status failed or undelivered). Like the campaign
-- counters (migration 0004, decision 018): statement-level triggers append each statement's net
-- change to delta tables (inserts only: no row shared by concurrent writers); the worker folds
-- them into the tables below; readers add the pending deltas, so the figures equal the message
-- rows at any snapshot.
CREATE TABLE "campaign_tag1_counts" (
	"campaign_id" uuid NOT NULL,
	"tag1" text NOT NULL,
	"status" text NOT NULL,
	"replied" boolean NOT NULL,
	"word" text NOT NULL,
	"opted_out" boolean NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "campaign_tag1_counts_pk" PRIMARY KEY("campaign_id", "tag1", "status", "replied", "word", "opted_out")
);--> statement-breakpoint
CREATE TABLE "report_tag1_deltas" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"campaign_id" uuid NOT NULL,
	"tag1" text NOT NULL,
	"status" text NOT NULL,
	"replied" boolean NOT NULL,
	"word" text NOT NULL,
	"opted_out" boolean NOT NULL,
	"n" integer NOT NULL
);--> statement-breakpoint
CREATE INDEX "report_tag1_deltas_campaign_idx" ON "report_tag1_deltas" USING btree ("campaign_id");--> statement-breakpoint
CREATE TABLE "campaign_error_counts" (
	"campaign_id" uuid NOT NULL,
	"error_code" text NOT NULL,
	"error_text" text NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "campaign_error_counts_pk" PRIMARY KEY("campaign_id", "error_code", "error_text")
);--> statement-breakpoint
CREATE TABLE "report_error_deltas" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"campaign_id" uuid NOT NULL,
	"error_code" text NOT NULL,
	"error_text" text NOT NULL,
	"n" integer NOT NULL
);--> statement-breakpoint
CREATE INDEX "report_error_deltas_campaign_idx" ON "report_error_deltas" USING btree ("campaign_id");--> statement-breakpoint
CREATE TABLE "campaign_timeline_seconds" (
	"campaign_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"sent" bigint NOT NULL,
	"delivered" bigint NOT NULL,
	"failed" bigint NOT NULL,
	CONSTRAINT "campaign_timeline_seconds_pk" PRIMARY KEY("campaign_id", "at")
);--> statement-breakpoint
CREATE TABLE "campaign_timeline_minutes" (
	"campaign_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"sent" bigint NOT NULL,
	"delivered" bigint NOT NULL,
	"failed" bigint NOT NULL,
	CONSTRAINT "campaign_timeline_minutes_pk" PRIMARY KEY("campaign_id", "at")
);--> statement-breakpoint
CREATE TABLE "report_timeline_deltas" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"campaign_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"sent" integer NOT NULL,
	"delivered" integer NOT NULL,
	"failed" integer NOT NULL
);--> statement-breakpoint
CREATE INDEX "report_timeline_deltas_campaign_idx" ON "report_timeline_deltas" USING btree ("campaign_id");--> statement-breakpoint
CREATE FUNCTION messages_report_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_tag1_deltas (campaign_id, tag1, status, replied, word, opted_out, n)
  SELECT campaign_id, coalesce(tag1, ''), status, replied_at IS NOT NULL,
         CASE WHEN replied_at IS NOT NULL THEN coalesce(reply_word, '') ELSE '' END, opted_out_at IS NOT NULL, count(*)::int
  FROM new_rows WHERE campaign_id IS NOT NULL GROUP BY 1, 2, 3, 4, 5, 6;
  INSERT INTO report_error_deltas (campaign_id, error_code, error_text, n)
  SELECT campaign_id, error_code, coalesce(error_text, ''), count(*)::int
  FROM new_rows WHERE campaign_id IS NOT NULL AND error_code IS NOT NULL GROUP BY 1, 2, 3;
  INSERT INTO report_timeline_deltas (campaign_id, at, sent, delivered, failed)
  SELECT campaign_id, at, sum(s)::int, sum(d)::int, sum(f)::int FROM (
    SELECT campaign_id, date_trunc('second', sent_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS at, 1 AS s, 0 AS d, 0 AS f
      FROM new_rows WHERE campaign_id IS NOT NULL AND sent_at IS NOT NULL
    UNION ALL
    SELECT campaign_id, date_trunc('second', delivered_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', 0, 1, 0
      FROM new_rows WHERE campaign_id IS NOT NULL AND status = 'delivered' AND delivered_at IS NOT NULL
    UNION ALL
    SELECT campaign_id, date_trunc('second', failed_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', 0, 0, 1
      FROM new_rows WHERE campaign_id IS NOT NULL AND status IN ('failed', 'undelivered') AND failed_at IS NOT NULL
  ) AS t GROUP BY campaign_id, at;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION messages_report_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_tag1_deltas (campaign_id, tag1, status, replied, word, opted_out, n)
  SELECT campaign_id, tag1, status, replied, word, opted_out, sum(n)::int FROM (
    SELECT campaign_id, coalesce(tag1, '') AS tag1, status, replied_at IS NOT NULL AS replied,
           CASE WHEN replied_at IS NOT NULL THEN coalesce(reply_word, '') ELSE '' END AS word, opted_out_at IS NOT NULL AS opted_out, 1 AS n
      FROM new_rows WHERE campaign_id IS NOT NULL
    UNION ALL
    SELECT campaign_id, coalesce(tag1, ''), status, replied_at IS NOT NULL,
           CASE WHEN replied_at IS NOT NULL THEN coalesce(reply_word, '') ELSE '' END, opted_out_at IS NOT NULL, -1
      FROM old_rows WHERE campaign_id IS NOT NULL
  ) AS c GROUP BY campaign_id, tag1, status, replied, word, opted_out HAVING sum(n) <> 0;
  INSERT INTO report_error_deltas (campaign_id, error_code, error_text, n)
  SELECT campaign_id, error_code, error_text, sum(n)::int FROM (
    SELECT campaign_id, error_code, coalesce(error_text, '') AS error_text, 1 AS n FROM new_rows WHERE campaign_id IS NOT NULL AND error_code IS NOT NULL
    UNION ALL
    SELECT campaign_id, error_code, coalesce(error_text, ''), -1 FROM old_rows WHERE campaign_id IS NOT NULL AND error_code IS NOT NULL
  ) AS e GROUP BY campaign_id, error_code, error_text HAVING sum(n) <> 0;
  INSERT INTO report_timeline_deltas (campaign_id, at, sent, delivered, failed)
  SELECT campaign_id, at, sum(s)::int, sum(d)::int, sum(f)::int FROM (
    SELECT campaign_id, date_trunc('second', sent_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS at, 1 AS s, 0 AS d, 0 AS f
      FROM new_rows WHERE campaign_id IS NOT NULL AND sent_at IS NOT NULL
    UNION ALL
    SELECT campaign_id, date_trunc('second', delivered_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', 0, 1, 0
      FROM new_rows WHERE campaign_id IS NOT NULL AND status = 'delivered' AND delivered_at IS NOT NULL
    UNION ALL
    SELECT campaign_id, date_trunc('second', failed_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', 0, 0, 1
      FROM new_rows WHERE campaign_id IS NOT NULL AND status IN ('failed', 'undelivered') AND failed_at IS NOT NULL
    UNION ALL
    SELECT campaign_id, date_trunc('second', sent_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', -1, 0, 0
      FROM old_rows WHERE campaign_id IS NOT NULL AND sent_at IS NOT NULL
    UNION ALL
    SELECT campaign_id, date_trunc('second', delivered_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', 0, -1, 0
      FROM old_rows WHERE campaign_id IS NOT NULL AND status = 'delivered' AND delivered_at IS NOT NULL
    UNION ALL
    SELECT campaign_id, date_trunc('second', failed_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', 0, 0, -1
      FROM old_rows WHERE campaign_id IS NOT NULL AND status IN ('failed', 'undelivered') AND failed_at IS NOT NULL
  ) AS t GROUP BY campaign_id, at HAVING sum(s) <> 0 OR sum(d) <> 0 OR sum(f) <> 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION messages_report_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_tag1_deltas (campaign_id, tag1, status, replied, word, opted_out, n)
  SELECT campaign_id, coalesce(tag1, ''), status, replied_at IS NOT NULL,
         CASE WHEN replied_at IS NOT NULL THEN coalesce(reply_word, '') ELSE '' END, opted_out_at IS NOT NULL, -count(*)::int
  FROM old_rows WHERE campaign_id IS NOT NULL GROUP BY 1, 2, 3, 4, 5, 6;
  INSERT INTO report_error_deltas (campaign_id, error_code, error_text, n)
  SELECT campaign_id, error_code, coalesce(error_text, ''), -count(*)::int
  FROM old_rows WHERE campaign_id IS NOT NULL AND error_code IS NOT NULL GROUP BY 1, 2, 3;
  INSERT INTO report_timeline_deltas (campaign_id, at, sent, delivered, failed)
  SELECT campaign_id, at, sum(s)::int, sum(d)::int, sum(f)::int FROM (
    SELECT campaign_id, date_trunc('second', sent_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS at, -1 AS s, 0 AS d, 0 AS f
      FROM old_rows WHERE campaign_id IS NOT NULL AND sent_at IS NOT NULL
    UNION ALL
    SELECT campaign_id, date_trunc('second', delivered_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', 0, -1, 0
      FROM old_rows WHERE campaign_id IS NOT NULL AND status = 'delivered' AND delivered_at IS NOT NULL
    UNION ALL
    SELECT campaign_id, date_trunc('second', failed_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', 0, 0, -1
      FROM old_rows WHERE campaign_id IS NOT NULL AND status IN ('failed', 'undelivered') AND failed_at IS NOT NULL
  ) AS t GROUP BY campaign_id, at;
  RETURN NULL;
END $$;--> statement-breakpoint
-- (A trigger with transition tables cannot name columns: every update statement runs it, and
-- one that moves no figure, a lease or a text, appends nothing.)
CREATE TRIGGER messages_report_insert AFTER INSERT ON messages REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION messages_report_insert();--> statement-breakpoint
CREATE TRIGGER messages_report_update AFTER UPDATE ON messages REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION messages_report_update();--> statement-breakpoint
CREATE TRIGGER messages_report_delete AFTER DELETE ON messages REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION messages_report_delete();--> statement-breakpoint
-- Existing campaigns: their aggregates from a scan, once.
INSERT INTO "campaign_tag1_counts" ("campaign_id", "tag1", "status", "replied", "word", "opted_out", "n")
  SELECT campaign_id, coalesce(tag1, ''), status, replied_at IS NOT NULL,
         CASE WHEN replied_at IS NOT NULL THEN coalesce(reply_word, '') ELSE '' END, opted_out_at IS NOT NULL, count(*)
  FROM messages WHERE campaign_id IS NOT NULL GROUP BY 1, 2, 3, 4, 5, 6;--> statement-breakpoint
INSERT INTO "campaign_error_counts" ("campaign_id", "error_code", "error_text", "n")
  SELECT campaign_id, error_code, coalesce(error_text, ''), count(*)
  FROM messages WHERE campaign_id IS NOT NULL AND error_code IS NOT NULL GROUP BY 1, 2, 3;--> statement-breakpoint
INSERT INTO "campaign_timeline_seconds" ("campaign_id", "at", "sent", "delivered", "failed")
  SELECT campaign_id, at, sum(s), sum(d), sum(f) FROM (
    SELECT campaign_id, date_trunc('second', sent_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS at, 1 AS s, 0 AS d, 0 AS f
      FROM messages WHERE campaign_id IS NOT NULL AND sent_at IS NOT NULL
    UNION ALL
    SELECT campaign_id, date_trunc('second', delivered_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', 0, 1, 0
      FROM messages WHERE campaign_id IS NOT NULL AND status = 'delivered' AND delivered_at IS NOT NULL
    UNION ALL
    SELECT campaign_id, date_trunc('second', failed_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', 0, 0, 1
      FROM messages WHERE campaign_id IS NOT NULL AND status IN ('failed', 'undelivered') AND failed_at IS NOT NULL
  ) AS t GROUP BY campaign_id, at;--> statement-breakpoint
INSERT INTO "campaign_timeline_minutes" ("campaign_id", "at", "sent", "delivered", "failed")
  SELECT campaign_id, date_trunc('minute', at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', sum(sent), sum(delivered), sum(failed)
  FROM "campaign_timeline_seconds" GROUP BY 1, 2;

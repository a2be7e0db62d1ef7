-- Webhooks (issue 20, continued): an endpoint failing for 24 hours is disabled (when and why kept
-- for the Developers tab), and two more events from the outbox triggers.
ALTER TABLE "webhook_endpoints" ADD COLUMN "failing_since" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "disabled_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "disabled_reason" text;
--> statement-breakpoint
CREATE FUNCTION "webhook_campaign_completed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM webhook_enqueue('campaign.completed', jsonb_build_object('campaignId', NEW.id, 'name', NEW.name,
		'launchedAt', NEW.launched_at, 'completedAt', NEW.completed_at));
	RETURN NULL;
END $$;
--> statement-breakpoint
-- Once per campaign: the state machine moves a campaign to 'completed' once and never back.
CREATE TRIGGER "campaigns_webhook_completed" AFTER UPDATE OF "status" ON "campaigns" FOR EACH ROW
	WHEN (NEW.status = 'completed' AND OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION webhook_campaign_completed();
--> statement-breakpoint
CREATE FUNCTION "webhook_import_completed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM webhook_enqueue('import.completed', jsonb_build_object('importId', NEW.id, 'fileName', NEW.file_name,
		'finishedAt', NEW.finished_at, 'counts', jsonb_build_object('rowsRead', NEW.rows_read, 'created', NEW.created,
		'updated', NEW.updated, 'duplicates', NEW.duplicates, 'rejected', NEW.rejected)));
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "imports_webhook_completed" AFTER UPDATE OF "status" ON "imports" FOR EACH ROW
	WHEN (NEW.status = 'completed' AND OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION webhook_import_completed();
--> statement-breakpoint
-- Integration API messages by time: the dashboard's message figures count them beside campaigns.
CREATE INDEX "messages_api_queued_idx" ON "messages" ("queued_at") WHERE "kind" = 'api';

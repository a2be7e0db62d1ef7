-- Imports say how many numbers were read as international although a default country was set
-- (with a few examples), and an upload never started within 24 hours ends as 'expired'.
ALTER TABLE "imports" ADD COLUMN "read_as_international" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "international_examples" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "imports" DROP CONSTRAINT "imports_status_check";--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_status_check" CHECK ("imports"."status" in ('uploaded', 'queued', 'running', 'completed', 'failed', 'cancelled', 'expired'));

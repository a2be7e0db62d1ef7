-- The public archive (issue 19): campaigns an author publishes to it (when and by whom), and
-- posts staff write in Markdown, hidden until their publish date.
ALTER TABLE "campaigns" ADD COLUMN "archive_published_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "archive_published_by" uuid;
--> statement-breakpoint
CREATE INDEX "campaigns_archive_idx" ON "campaigns" USING btree ("launched_at") WHERE "archive_published_at" IS NOT NULL;
--> statement-breakpoint
CREATE TABLE "archive_posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"publish_at" timestamp with time zone NOT NULL,
	"author_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "archive_posts_publish_at_idx" ON "archive_posts" USING btree ("publish_at");

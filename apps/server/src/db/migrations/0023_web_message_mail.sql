-- Contact-form answers by e-mail and the admins' digest of new messages (issue 19, decision 043).
ALTER TABLE "web_messages" ADD COLUMN "reply_channel" text;
--> statement-breakpoint
ALTER TABLE "web_messages" ADD CONSTRAINT "web_messages_reply_channel_check" CHECK ("reply_channel" IN ('sms', 'email'));
--> statement-breakpoint
-- E-mail answers: queued until the mail job hands them to SMTP (sent) or gives up (failed).
ALTER TABLE "web_messages" ADD COLUMN "reply_status" text;
--> statement-breakpoint
ALTER TABLE "web_messages" ADD CONSTRAINT "web_messages_reply_status_check" CHECK ("reply_status" IN ('queued', 'sent', 'failed'));
--> statement-breakpoint
ALTER TABLE "web_messages" ADD COLUMN "admins_notified_at" timestamp with time zone;
--> statement-breakpoint
-- Answers already given were texts; messages already there are not news to the admins.
UPDATE "web_messages" SET "reply_channel" = 'sms', "reply_status" = 'sent' WHERE "replied_at" IS NOT NULL;
--> statement-breakpoint
UPDATE "web_messages" SET "admins_notified_at" = "created_at";
--> statement-breakpoint
CREATE INDEX "web_messages_unnotified_idx" ON "web_messages" USING btree ("created_at") WHERE "admins_notified_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "web_messages_mail_queued_idx" ON "web_messages" USING btree ("replied_at") WHERE "reply_status" = 'queued';

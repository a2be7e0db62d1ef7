-- Fan-out writes a million rows per big launch; the per-row foreign-key check on campaign_id was a
-- third of its time. Only the fan-out sets campaign_id, under the campaign row lock, and deleting a
-- campaign deletes its messages (campaigns.queries.ts), as contact_id has always been handled.
ALTER TABLE "messages" DROP CONSTRAINT "messages_campaign_id_campaigns_id_fk";

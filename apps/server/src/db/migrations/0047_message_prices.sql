-- Stored prices (decision 118): a message's price is set when the gateway accepts it, in the same
-- write-back that sets sent_at (millionths of the currency, whole numbers, and that currency), so a
-- later price table never changes what a sent message cost. Spend, budgets and statements sum it.
ALTER TABLE "messages" ADD COLUMN "price_micros" bigint;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "price_currency" text;--> statement-breakpoint
-- The messages sent before this migration are priced once, with the price table current then, by
-- the server right after migrating (its destination countries are named in JavaScript, decision
-- 042); this marker asks for it and is removed in the same transaction as the pricing.
INSERT INTO "app_settings" ("key", "value") VALUES ('prices_backfill', '"pending"'::jsonb) ON CONFLICT ("key") DO NOTHING;

-- Monthly usage statements (issue 36; decision 110). An open statement's lines are computed live
-- from the messages (the usage module's pricedUsage); closing one copies its lines, with the prices
-- used, into statement_lines, so a later price table never changes it. Adjustments (credits and
-- manual charges, each with a reason) change the total; a closed statement takes none.
CREATE TABLE "statements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"month" date NOT NULL,
	"scope" text NOT NULL,
	"scope_id" uuid,
	"status" text DEFAULT 'open' NOT NULL,
	"currency" text,
	"time_zone" text,
	"period_from" timestamp with time zone,
	"period_to" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"closed_by" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "statements_scope_check" CHECK ("statements"."scope" in ('organisation', 'apiKey', 'user')),
	CONSTRAINT "statements_scope_id_check" CHECK (("statements"."scope" = 'organisation') = ("statements"."scope_id" is null)),
	CONSTRAINT "statements_status_check" CHECK ("statements"."status" in ('open', 'closed')),
	CONSTRAINT "statements_month_check" CHECK (extract(day from "statements"."month") = 1)
);--> statement-breakpoint
CREATE UNIQUE INDEX "statements_month_scope_unique" ON "statements" USING btree ("month","scope",coalesce("scope_id", '00000000-0000-0000-0000-000000000000'::uuid));--> statement-breakpoint
CREATE INDEX "statements_month_idx" ON "statements" USING btree ("month" DESC,"created_at" DESC);--> statement-breakpoint
CREATE TABLE "statement_lines" (
	"statement_id" uuid NOT NULL REFERENCES "statements"("id") ON DELETE CASCADE,
	"position" integer NOT NULL,
	"country" text,
	"encoding" text NOT NULL,
	"messages" integer NOT NULL,
	"parts" bigint NOT NULL,
	"unit_price" numeric(12, 4) NOT NULL,
	"amount" numeric(20, 8) NOT NULL,
	CONSTRAINT "statement_lines_pkey" PRIMARY KEY ("statement_id","position"),
	CONSTRAINT "statement_lines_encoding_check" CHECK ("statement_lines"."encoding" in ('GSM-7', 'UCS-2'))
);--> statement-breakpoint
CREATE TABLE "statement_adjustments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"statement_id" uuid NOT NULL REFERENCES "statements"("id") ON DELETE CASCADE,
	"kind" text NOT NULL,
	"amount" numeric(20, 4) NOT NULL,
	"reason" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "statement_adjustments_kind_check" CHECK ("statement_adjustments"."kind" in ('credit', 'charge')),
	CONSTRAINT "statement_adjustments_amount_check" CHECK ("statement_adjustments"."amount" > 0)
);--> statement-breakpoint
CREATE INDEX "statement_adjustments_statement_idx" ON "statement_adjustments" USING btree ("statement_id","created_at");

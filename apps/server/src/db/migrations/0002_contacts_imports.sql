CREATE TABLE "contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"phone" text COLLATE "C" NOT NULL,
	"first_name" text,
	"last_name" text,
	"email" text,
	"tag1" text,
	"tag2" text,
	"tag3" text,
	"custom_fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"opted_out_at" timestamp with time zone,
	"opt_out_source" text,
	"notes" text,
	"source" text DEFAULT 'manual' NOT NULL,
	"import_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contacts_status_check" CHECK ("contacts"."status" in ('active', 'opted_out')),
	CONSTRAINT "contacts_opt_out_source_check" CHECK ("contacts"."opt_out_source" in ('keyword', 'admin', 'import', 'provider')),
	CONSTRAINT "contacts_source_check" CHECK ("contacts"."source" in ('manual', 'import', 'inbound', 'api'))
);
--> statement-breakpoint
CREATE TABLE "import_file_chunks" (
	"import_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "import_file_chunks_import_id_seq_pk" PRIMARY KEY("import_id","seq")
);
--> statement-breakpoint
CREATE TABLE "import_rejections" (
	"import_id" uuid NOT NULL,
	"row_number" integer NOT NULL,
	"raw" text NOT NULL,
	"reason" text NOT NULL,
	CONSTRAINT "import_rejections_import_id_row_number_pk" PRIMARY KEY("import_id","row_number")
);
--> statement-breakpoint
CREATE UNLOGGED TABLE "import_staging" (
	"import_id" uuid NOT NULL,
	"row_number" integer NOT NULL,
	"phone" text,
	"first_name" text,
	"last_name" text,
	"email" text,
	"tag1" text,
	"tag2" text,
	"tag3" text,
	"custom_fields" jsonb
);
--> statement-breakpoint
CREATE TABLE "imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"status" text DEFAULT 'uploaded' NOT NULL,
	"file_name" text NOT NULL,
	"file_size" bigint NOT NULL,
	"format" text NOT NULL,
	"encoding" text,
	"delimiter" text,
	"sheet" text,
	"mapping" jsonb,
	"options" jsonb,
	"bytes_read" bigint DEFAULT 0 NOT NULL,
	"rows_read" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"duplicates" integer DEFAULT 0 NOT NULL,
	"rejected" integer DEFAULT 0 NOT NULL,
	"error_message" text,
	"cancel_requested" boolean DEFAULT false NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "imports_status_check" CHECK ("imports"."status" in ('uploaded', 'queued', 'running', 'completed', 'failed', 'cancelled')),
	CONSTRAINT "imports_format_check" CHECK ("imports"."format" in ('csv', 'xlsx'))
);
--> statement-breakpoint
ALTER TABLE "import_file_chunks" ADD CONSTRAINT "import_file_chunks_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_rejections" ADD CONSTRAINT "import_rejections_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_phone_unique" ON "contacts" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "contacts_tag1_idx" ON "contacts" USING btree ("tag1");--> statement-breakpoint
CREATE INDEX "contacts_tag2_idx" ON "contacts" USING btree ("tag2");--> statement-breakpoint
CREATE INDEX "contacts_tag3_idx" ON "contacts" USING btree ("tag3");--> statement-breakpoint
CREATE INDEX "contacts_status_idx" ON "contacts" USING btree ("status");--> statement-breakpoint
CREATE INDEX "contacts_created_at_idx" ON "contacts" USING btree ("created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "contacts_first_name_lower_idx" ON "contacts" USING btree (lower("first_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "contacts_last_name_lower_idx" ON "contacts" USING btree (lower("last_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "contacts_email_lower_idx" ON "contacts" USING btree (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "contacts_import_idx" ON "contacts" USING btree ("import_id");--> statement-breakpoint
CREATE INDEX "import_staging_import_idx" ON "import_staging" USING btree ("import_id","row_number");--> statement-breakpoint
CREATE INDEX "imports_created_at_idx" ON "imports" USING btree ("created_at" DESC NULLS LAST,"id");
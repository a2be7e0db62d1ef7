CREATE TABLE "brand_assets" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"mime" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "brand_assets_id_check" CHECK ("brand_assets"."id" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE TABLE "brand_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"app_name" text,
	"description" text,
	"logo_width" integer,
	"logo_height" integer,
	"primary_color" text,
	"secondary_color" text,
	"accent_color" text,
	"font_family" text,
	"logo_asset_id" text,
	"favicon_asset_id" text,
	"favicon_32_asset_id" text,
	"favicon_180_asset_id" text,
	"login_background_asset_id" text,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "brand_settings_single_row" CHECK (id = 1)
);
--> statement-breakpoint
ALTER TABLE "brand_settings" ADD CONSTRAINT "brand_settings_logo_asset_id_brand_assets_id_fk" FOREIGN KEY ("logo_asset_id") REFERENCES "public"."brand_assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand_settings" ADD CONSTRAINT "brand_settings_favicon_asset_id_brand_assets_id_fk" FOREIGN KEY ("favicon_asset_id") REFERENCES "public"."brand_assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand_settings" ADD CONSTRAINT "brand_settings_favicon_32_asset_id_brand_assets_id_fk" FOREIGN KEY ("favicon_32_asset_id") REFERENCES "public"."brand_assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand_settings" ADD CONSTRAINT "brand_settings_favicon_180_asset_id_brand_assets_id_fk" FOREIGN KEY ("favicon_180_asset_id") REFERENCES "public"."brand_assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand_settings" ADD CONSTRAINT "brand_settings_login_background_asset_id_brand_assets_id_fk" FOREIGN KEY ("login_background_asset_id") REFERENCES "public"."brand_assets"("id") ON DELETE no action ON UPDATE no action;
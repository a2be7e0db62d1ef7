-- Followers and the media library (issue 35). Followers read the public site's consent records
-- (0019): their growth chart counts them by day, hence an index on the time alone.
CREATE INDEX "contact_consents_at_idx" ON "contact_consents" USING btree ("at");
--> statement-breakpoint
-- The media library: images uploaded for posts, stored as brand assets (checked and re-encoded
-- like them, content-addressed, served from /api/brand-assets) with their alt text. The brand's
-- clean-up keeps every asset a gallery row points at (the image and its grid thumbnail); the
-- gallery deletes its own.
CREATE TABLE "gallery_images" (
	"asset_id" text PRIMARY KEY NOT NULL REFERENCES "brand_assets"("id"),
	"thumb_asset_id" text REFERENCES "brand_assets"("id"),
	"alt" text DEFAULT '' NOT NULL,
	"file_name" text DEFAULT '' NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "gallery_images_created_idx" ON "gallery_images" USING btree ("created_at");

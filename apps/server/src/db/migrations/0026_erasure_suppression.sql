-- Numbers of erased contacts, as salted hashes (platform/suppression.ts): an erased person who had
-- opted out is never imported and messaged again, and the number itself is not kept.
CREATE TABLE "suppressed_phones" (
	"phone_hash" text PRIMARY KEY NOT NULL,
	"opted_out" boolean NOT NULL,
	"erased_at" timestamp with time zone DEFAULT now() NOT NULL
);

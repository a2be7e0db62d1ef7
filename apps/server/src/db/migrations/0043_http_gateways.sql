-- Generic HTTP gateways (issue 38; decision 096): a fifth gateway kind. Only the kind's check
-- changes; the settings are the row's JSON config and secrets, as for the other kinds.
ALTER TABLE "gateways" DROP CONSTRAINT "gateways_kind_check";--> statement-breakpoint
ALTER TABLE "gateways" ADD CONSTRAINT "gateways_kind_check" CHECK ("gateways"."kind" in ('simulator', 'smpp', 'twilio', 'kannel', 'http'));

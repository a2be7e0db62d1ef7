-- A campaign's status reason becomes a code with parameters (contracts campaign-status-reason.ts)
-- that the web app translates and the engine tests by code. The English sentences stored so far
-- are read back into their codes; a text in no known form is kept whole as LEGACY_TEXT.
ALTER TABLE "campaigns" ALTER COLUMN "status_reason" TYPE jsonb USING (
	CASE
		WHEN "status_reason" IS NULL THEN NULL
		WHEN "status_reason" ~ '^Quiet hours: sending resumes at \d\d:\d\d \(.+\)$' THEN jsonb_build_object('code', 'QUIET_HOURS', 'params', jsonb_build_object(
			'time', (regexp_match("status_reason", '^Quiet hours: sending resumes at (\d\d:\d\d) \((.+)\)$'))[1],
			'timeZone', (regexp_match("status_reason", '^Quiet hours: sending resumes at (\d\d:\d\d) \((.+)\)$'))[2]))
		WHEN "status_reason" ~ '^Gateway unavailable: .*\. Retrying\.$' THEN jsonb_build_object('code', 'GATEWAY_UNAVAILABLE', 'params', jsonb_build_object(
			'detail', substring("status_reason" from '^Gateway unavailable: (.*)\. Retrying\.$')))
		WHEN "status_reason" ~ '^Paused automatically after \d+ errors in a row\. Last error: ' THEN jsonb_build_object('code', 'AUTO_PAUSED_ERRORS', 'params', jsonb_build_object(
			'errors', (substring("status_reason" from '^Paused automatically after (\d+) errors'))::int,
			'lastError', nullif(substring("status_reason" from '^Paused automatically after \d+ errors in a row\. Last error: (.*)$'), 'unknown')))
		WHEN "status_reason" ~ '^Paused automatically: the gateway stayed unavailable \(.*\)$' THEN jsonb_build_object('code', 'AUTO_PAUSED_GATEWAY_UNAVAILABLE', 'params', jsonb_build_object(
			'detail', substring("status_reason" from '^Paused automatically: the gateway stayed unavailable \((.*)\)$')))
		WHEN "status_reason" ~ '^The gateway .+ is disabled: enable it, then resume$' THEN jsonb_build_object('code', 'GATEWAY_DISABLED', 'params', jsonb_build_object(
			'gateway', substring("status_reason" from '^The gateway (.+) is disabled: enable it, then resume$')))
		WHEN "status_reason" = 'The gateway cannot send: The gateway was deleted' THEN jsonb_build_object('code', 'GATEWAY_DELETED', 'params', '{}'::jsonb)
		WHEN "status_reason" ~ '^The gateway cannot send: ' THEN jsonb_build_object('code', 'GATEWAY_UNUSABLE', 'params', jsonb_build_object(
			'detail', substring("status_reason" from '^The gateway cannot send: (.*)$')))
		ELSE jsonb_build_object('code', 'LEGACY_TEXT', 'params', jsonb_build_object('text', "status_reason"))
	END
);
--> statement-breakpoint
-- coalesce: on a reason that is not an object, -> answers null, and a null check would pass.
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_status_reason_check" CHECK ("status_reason" IS NULL OR coalesce(jsonb_typeof("status_reason" -> 'code') = 'string' AND jsonb_typeof("status_reason" -> 'params') = 'object', false));

-- Integration API additions (issue 38; decision 092).
--
-- GET /api/v1/inbound?from=: a sender's messages, newest first, without walking everyone's.
CREATE INDEX "inbound_messages_from_idx" ON "inbound_messages" ("from_phone", "id");

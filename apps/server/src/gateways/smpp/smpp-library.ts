import smpp from 'smpp';

/**
 * The `smpp` package, as all our code uses it: import it from here, never directly.
 *
 * The package decodes short_message and message_payload into text itself: part by part (so a
 * UCS-2 character or a GSM-7 escape split across concatenated parts is garbled), with its own
 * GSM table, unknown octets turned into spaces. We need the raw octets to reassemble parts and to
 * decode with the shared rules of packages/contracts, so its message filters are switched off
 * once, for the whole process. Encoding is unaffected: we always hand it Buffers, which its
 * filter passed through unchanged anyway.
 */
for (const command of Object.values(smpp.commands)) {
  const shortMessage = command.params?.short_message;
  if (shortMessage) delete shortMessage.filter;
}
const messagePayload = smpp.tlvs.message_payload;
if (messagePayload) delete messagePayload.filter;

export default smpp;
export type { Pdu, Session, SmppServer } from 'smpp';

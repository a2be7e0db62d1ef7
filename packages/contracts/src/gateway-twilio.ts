import { z } from 'zod';

/**
 * Twilio's REST address. Fixed: admins cannot change it (it would send the account's auth token
 * wherever they point it); only the server's TWILIO_API_BASE_URL, for tests, overrides it.
 */
export const TWILIO_DEFAULT_API_BASE_URL = 'https://api.twilio.com';

/** Limits and defaults of the Twilio gateway settings. */
export const TWILIO_LIMITS = {
  concurrencyDefault: 10,
  concurrencyMin: 1,
  concurrencyMax: 100,
  alphanumericSenderMax: 11,
} as const;

const E164 = /^\+[1-9]\d{1,14}$/;
// Alphanumeric sender IDs: letters, digits and spaces, at least one letter (all digits would be a number).
const ALPHANUMERIC_SENDER = /^(?=.*[A-Za-z])[A-Za-z0-9 ]{1,11}$/;
// Short codes (US/CA and others) are 3 to 8 digits; Twilio accepts them as From.
const SHORT_CODE = /^\d{3,8}$/;

/** Whether a sender is something Twilio accepts as From: E.164 number, short code or alphanumeric ID. */
export function isTwilioSender(value: string): boolean {
  return E164.test(value) || SHORT_CODE.test(value) || ALPHANUMERIC_SENDER.test(value);
}

const senderField = z
  .string({ error: 'from must be text' })
  .trim()
  .refine(
    isTwilioSender,
    `from must be an E.164 number (such as +14155550100), a short code, or an alphanumeric sender ID of 1 to ${TWILIO_LIMITS.alphanumericSenderMax} letters, digits or spaces`,
  );

/**
 * Settings of a Twilio gateway that may be shown back to admins. `from` and/or
 * `messagingServiceSid` say who sends: with a Messaging Service, Twilio picks the number from its
 * pool (and applies its opt-out and compliance features); with both, Twilio sends from `from`
 * under the service.
 */
export const twilioConfigSchema = z
  .object({
    accountSid: z
      .string({ error: 'accountSid is required' })
      .trim()
      .regex(/^AC[0-9a-fA-F]{32}$/, 'accountSid must be "AC" followed by 32 hexadecimal characters'),
    from: senderField.optional(),
    messagingServiceSid: z
      .string({ error: 'messagingServiceSid must be text' })
      .trim()
      .regex(/^MG[0-9a-fA-F]{32}$/, 'messagingServiceSid must be "MG" followed by 32 hexadecimal characters')
      .optional(),
    /** REST calls in flight at once per gateway (Twilio queues beyond your sender's rate anyway). */
    concurrency: z
      .number({ error: 'concurrency must be a number' })
      .int('concurrency must be a whole number')
      .min(TWILIO_LIMITS.concurrencyMin, `concurrency must be between ${TWILIO_LIMITS.concurrencyMin} and ${TWILIO_LIMITS.concurrencyMax}`)
      .max(TWILIO_LIMITS.concurrencyMax, `concurrency must be between ${TWILIO_LIMITS.concurrencyMin} and ${TWILIO_LIMITS.concurrencyMax}`)
      .default(TWILIO_LIMITS.concurrencyDefault),
  })
  .superRefine((config, context) => {
    if (config.from === undefined && config.messagingServiceSid === undefined) {
      context.addIssue({ code: 'custom', path: ['from'], message: 'from is required unless a messagingServiceSid is given' });
    }
  });
export type TwilioConfig = z.infer<typeof twilioConfigSchema>;
/** What an admin sends (defaults may be left out). */
export type TwilioConfigInput = z.input<typeof twilioConfigSchema>;

/** Secrets of a Twilio gateway: stored, used, never returned by the API. */
export const twilioSecretsSchema = z.object({
  authToken: z
    .string({ error: 'authToken is required' })
    .trim()
    .regex(/^[A-Za-z0-9]{32}$/, 'authToken must be the 32 characters of the account auth token'),
});
export type TwilioSecrets = z.infer<typeof twilioSecretsSchema>;

/** Path of the Twilio webhooks: the id of the gateway the callback belongs to. */
export const twilioWebhookParamsSchema = z.object({
  gatewayId: z
    .string({ error: 'gatewayId is required' })
    .regex(/^[A-Za-z0-9_-]{1,64}$/, "gatewayId must be 1 to 64 letters, digits, '-' or '_'"),
});

/** A form Twilio posts (status callback or incoming message): text fields, a repeated field as a list. */
export const twilioWebhookFormSchema = z.record(
  z.string(),
  z.union([z.string(), z.array(z.string())], { error: 'form fields must be text' }),
  {
    error: 'must be the form Twilio posts (application/x-www-form-urlencoded)',
  },
);

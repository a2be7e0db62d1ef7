import { z } from 'zod';

/**
 * Settings fields that several HTTP gateway kinds share (Kannel, http): addresses, the sender, the
 * concurrency and the callback token with the callbacks' path. Each names its field in its messages.
 */
export const GATEWAY_FIELD_LIMITS = {
  urlMax: 500,
  /** Sender IDs: 11 characters (alphanumeric) or a number of up to 15 digits, as on SMPP. */
  alphanumericSenderMax: 11,
  numericSenderMax: 15,
  /** The generated callback token: 32 URL-safe characters (192 bits). */
  tokenMin: 20,
  tokenMax: 128,
} as const;

export const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/** An http(s) URL without credentials or fragment; without a query unless `query` allows one. */
export const httpUrlField = (field: string, options: { query?: boolean } = {}) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .max(GATEWAY_FIELD_LIMITS.urlMax, `${field} must be at most ${GATEWAY_FIELD_LIMITS.urlMax} characters`)
    .refine(
      (value) => {
        try {
          const url = new URL(value);
          return (
            (url.protocol === 'http:' || url.protocol === 'https:') &&
            !url.username &&
            !url.password &&
            (options.query || !url.search) &&
            !url.hash
          );
        } catch {
          return false;
        }
      },
      options.query
        ? `${field} must be an http:// or https:// address without user or fragment`
        : `${field} must be an http:// or https:// address without user, query or fragment`,
    );

/** A default sender: empty = none (null); printable ASCII, 11 characters or a number of 15 digits. */
export const defaultSenderField = z
  .string({ error: 'defaultSender must be text' })
  .trim()
  .refine((value) => value === '' || PRINTABLE_ASCII.test(value), 'defaultSender may only contain printable ASCII characters')
  .refine(
    (value) =>
      value === '' ||
      (/^\+?\d+$/.test(value)
        ? value.replace('+', '').length <= GATEWAY_FIELD_LIMITS.numericSenderMax
        : value.length <= GATEWAY_FIELD_LIMITS.alphanumericSenderMax),
    `defaultSender must be at most ${GATEWAY_FIELD_LIMITS.alphanumericSenderMax} characters, or a number of at most ${GATEWAY_FIELD_LIMITS.numericSenderMax} digits`,
  )
  .nullable()
  .optional()
  .transform((value) => (value ? value : null));

/** Where the provider reaches this server (the callbacks' base); null = PUBLIC_URL. Trailing slashes dropped. */
export const callbackBaseUrlField = httpUrlField('callbackBaseUrl')
  .nullable()
  .optional()
  .transform((value) => (value ? value.replace(/\/+$/, '') : null));

/** Requests in flight at once per gateway. */
export const concurrencyField = (limits: { min: number; max: number; default: number }) =>
  z
    .number({ error: 'concurrency must be a number' })
    .int('concurrency must be a whole number')
    .min(limits.min, `concurrency must be between ${limits.min} and ${limits.max}`)
    .max(limits.max, `concurrency must be between ${limits.min} and ${limits.max}`)
    .default(limits.default);

/** The secret token of a gateway's callback URLs (made by the server when left out). */
export const callbackTokenField = z
  .string({ error: 'callbackToken must be text' })
  .regex(
    new RegExp(`^[A-Za-z0-9_-]{${GATEWAY_FIELD_LIMITS.tokenMin},${GATEWAY_FIELD_LIMITS.tokenMax}}$`),
    `callbackToken must be ${GATEWAY_FIELD_LIMITS.tokenMin} to ${GATEWAY_FIELD_LIMITS.tokenMax} letters, digits, '-' or '_'`,
  )
  .optional();

const TOKEN = /^[A-Za-z0-9_-]{1,128}$/;

/** Path of a gateway's token-bearing callbacks: the gateway and its token. */
export const gatewayCallbackParamsSchema = z.object({
  gatewayId: z.uuid('gatewayId must be a valid gateway id'),
  token: z.string({ error: 'token is required' }).regex(TOKEN, 'token is not valid'),
});

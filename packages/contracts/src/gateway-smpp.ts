import { z } from 'zod';

/**
 * SMPP 3.4 gateway settings as an administrator edits them (the secrets live apart and are never
 * returned by the API). Lengths follow SMPP 3.4 section 4.1.1: system_id is a C-Octet String of
 * at most 16 octets, password 9 and system_type 13, each including the terminating NULL, so 15,
 * 8 and 12 characters. They travel as plain ASCII.
 */
export const SMPP_LIMITS = {
  systemIdMax: 15,
  passwordMax: 8,
  systemTypeMax: 12,
  windowSize: { min: 1, max: 1000 },
  enquireLinkSeconds: { min: 5, max: 600 },
  submitTimeoutSeconds: { min: 1, max: 300 },
  reconnectSeconds: { min: 1, max: 3600 },
  /** Alphanumeric sender IDs: 11 characters (GSM 03.40 address field). */
  alphanumericSenderMax: 11,
  /** Numeric sender: up to 15 digits (E.164), an optional leading '+'. */
  numericSenderMax: 15,
} as const;

/** Type of Number values of SMPP 3.4 section 5.2.5. */
export const SMPP_TON = {
  unknown: 0,
  international: 1,
  national: 2,
  networkSpecific: 3,
  subscriber: 4,
  alphanumeric: 5,
  abbreviated: 6,
} as const;
/** Numbering Plan Indicator values of SMPP 3.4 section 5.2.6. */
export const SMPP_NPI_VALUES = [0, 1, 3, 4, 6, 8, 9, 10, 14, 18] as const;

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/** A C-Octet String field: printable ASCII, at most `max` characters. */
const asciiText = (field: string, max: number) =>
  z
    .string({ error: `${field} must be text` })
    .max(max, `${field} must be at most ${max} characters (SMPP 3.4 limit)`)
    .regex(PRINTABLE_ASCII, `${field} may only contain printable ASCII characters`);

const intIn = (field: string, min: number, max: number) =>
  z
    .number({ error: `${field} must be a number` })
    .int(`${field} must be a whole number`)
    .min(min, `${field} must be between ${min} and ${max}`)
    .max(max, `${field} must be between ${min} and ${max}`);

const ton = (field: string) => intIn(field, 0, 6);
const npi = (field: string) =>
  z
    .number({ error: `${field} must be a number` })
    .refine((value) => (SMPP_NPI_VALUES as readonly number[]).includes(value), `${field} must be one of ${SMPP_NPI_VALUES.join(', ')}`);

/** True for a sender the SMSC should treat as a number ('+447700900123', '12345'). */
export const isNumericSender = (sender: string): boolean => /^\+?\d+$/.test(sender);

const senderField = z
  .string({ error: 'defaultSender must be text' })
  .trim()
  .refine((value) => value === '' || PRINTABLE_ASCII.test(value), 'defaultSender may only contain printable ASCII characters')
  .refine(
    (value) =>
      value === '' ||
      (isNumericSender(value)
        ? value.replace('+', '').length <= SMPP_LIMITS.numericSenderMax
        : value.length <= SMPP_LIMITS.alphanumericSenderMax),
    `defaultSender must be at most ${SMPP_LIMITS.alphanumericSenderMax} characters, or a number of at most ${SMPP_LIMITS.numericSenderMax} digits`,
  )
  .nullable()
  .transform((value) => (value ? value : null));

export const smppConfigSchema = z
  .object({
    host: z
      .string({ error: 'host is required' })
      .trim()
      .min(1, 'host is required')
      .max(253, 'host must be at most 253 characters')
      .regex(/^[A-Za-z0-9.:[\]-]*$/, 'host must be a host name or an IP address'),
    port: intIn('port', 1, 65535).default(2775),
    tls: z.boolean({ error: 'tls must be true or false' }).default(false),
    systemId: asciiText('systemId', SMPP_LIMITS.systemIdMax).min(1, 'systemId is required'),
    systemType: asciiText('systemType', SMPP_LIMITS.systemTypeMax).default(''),
    windowSize: intIn('windowSize', SMPP_LIMITS.windowSize.min, SMPP_LIMITS.windowSize.max).default(50),
    enquireLinkSeconds: intIn('enquireLinkSeconds', SMPP_LIMITS.enquireLinkSeconds.min, SMPP_LIMITS.enquireLinkSeconds.max).default(30),
    submitTimeoutSeconds: intIn('submitTimeoutSeconds', SMPP_LIMITS.submitTimeoutSeconds.min, SMPP_LIMITS.submitTimeoutSeconds.max).default(
      30,
    ),
    reconnectMinSeconds: intIn('reconnectMinSeconds', SMPP_LIMITS.reconnectSeconds.min, SMPP_LIMITS.reconnectSeconds.max).default(1),
    reconnectMaxSeconds: intIn('reconnectMaxSeconds', SMPP_LIMITS.reconnectSeconds.min, SMPP_LIMITS.reconnectSeconds.max).default(60),
    /** Sender IDs made of letters ('ACME'): TON 5 (alphanumeric), NPI 0 (unknown). */
    alphanumericSourceTon: ton('alphanumericSourceTon').default(SMPP_TON.alphanumeric),
    alphanumericSourceNpi: npi('alphanumericSourceNpi').default(0),
    /** Numeric sender IDs ('+447700900123'): TON 1 (international), NPI 1 (E.164). */
    numericSourceTon: ton('numericSourceTon').default(SMPP_TON.international),
    numericSourceNpi: npi('numericSourceNpi').default(1),
    /** Recipients are E.164 numbers: TON 1, NPI 1, sent without the '+'. */
    destinationTon: ton('destinationTon').default(SMPP_TON.international),
    destinationNpi: npi('destinationNpi').default(1),
    /** Ask the SMSC for a delivery receipt (registered_delivery = 1). */
    registeredDelivery: z.boolean({ error: 'registeredDelivery must be true or false' }).default(true),
    /** Sender used when a message has none; null = leave it to the SMSC. */
    defaultSender: senderField.optional().transform((value) => value ?? null),
  })
  .refine((config) => config.reconnectMinSeconds <= config.reconnectMaxSeconds, {
    path: ['reconnectMaxSeconds'],
    message: 'reconnectMaxSeconds must be at least reconnectMinSeconds',
  });
export type SmppConfig = z.output<typeof smppConfigSchema>;
export type SmppConfigInput = z.input<typeof smppConfigSchema>;

/**
 * SMPP secrets. An empty password is allowed: SMPP 3.4 permits a NULL password and some SMSCs
 * authenticate by address instead.
 */
export const smppSecretsSchema = z.object({
  password: asciiText('password', SMPP_LIMITS.passwordMax),
});
export type SmppSecrets = z.output<typeof smppSecretsSchema>;

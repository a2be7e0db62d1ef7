import { z } from 'zod';
import {
  GATEWAY_FIELD_LIMITS,
  PRINTABLE_ASCII,
  callbackBaseUrlField,
  callbackTokenField,
  concurrencyField,
  defaultSenderField,
  gatewayCallbackParamsSchema,
  httpUrlField,
} from './gateway-fields.ts';
import { HTTP_PATH, templateProblem } from './gateway-http-template.ts';

/**
 * Settings of the generic `http` gateway kind (decision 096): an SMS provider with a JSON or form
 * API, described instead of programmed. A request template says what each message sends, the
 * answer's paths say whether it was taken and under which id, and two callback routes (the
 * gateway's id and secret token in the path, as for Kannel) read receipts and incoming messages
 * through field mappings. Template rendering and paths: gateway-http-template.ts.
 */
export const HTTP_GATEWAY_LIMITS = {
  concurrencyDefault: 10,
  concurrencyMin: 1,
  concurrencyMax: 100,
  parametersMax: 30,
  headersMax: 20,
  nameMax: 100,
  templateMax: 1000,
  headerValueMax: 500,
  valuesMax: 20,
  valueMax: 100,
  secretMax: 500,
  ...GATEWAY_FIELD_LIMITS,
} as const;

export const HTTP_METHODS = ['POST', 'GET'] as const;
export const HTTP_BODY_FORMATS = ['json', 'form'] as const;
/** none; basic (authName = user, secret = password); bearer (secret = token); header or query (authName = its name, secret = its value). */
export const HTTP_AUTH_TYPES = ['none', 'basic', 'bearer', 'header', 'query'] as const;
export type HttpAuthType = (typeof HTTP_AUTH_TYPES)[number];

/** A parameter name (a dotted path in a JSON body); never a prototype key. */
const PARAMETER_NAME = /^[A-Za-z0-9_$@\-[\]]+(\.[A-Za-z0-9_$@\-[\]]+){0,9}$/;
const HEADER_NAME = /^[A-Za-z0-9-]{1,64}$/;
/** Headers the request itself sets, or that auth sets (Authorization, with an auth type). */
const RESERVED_HEADERS = new Set(['host', 'content-length', 'content-type', 'transfer-encoding', 'connection', 'authorization']);
const UNSAFE_SEGMENTS = /(^|\.)(__proto__|prototype|constructor)(\.|$)/;
// eslint-disable-next-line no-control-regex -- control characters are what it refuses
const NO_CONTROL = /^[^\x00-\x1f\x7f]*$/;

const enumField = <T extends readonly [string, ...string[]]>(field: string, values: T) =>
  z.enum(values, { error: `${field} must be one of ${values.join(', ')}` });

/** A dotted path into a JSON answer or callback (`messages.0.message-id`), or null. */
const pathField = (field: string) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .max(HTTP_GATEWAY_LIMITS.nameMax, `${field} must be at most ${HTTP_GATEWAY_LIMITS.nameMax} characters`)
    .refine((value) => value === '' || (HTTP_PATH.test(value) && !UNSAFE_SEGMENTS.test(value)), {
      message: `${field} must be a dotted path such as messages.0.message-id`,
    })
    .nullable()
    .optional()
    .transform((value) => (value ? value : null));

/** A callback field name (a dotted path into a JSON callback), required. */
const fieldName = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(HTTP_GATEWAY_LIMITS.nameMax, `${field} must be at most ${HTTP_GATEWAY_LIMITS.nameMax} characters`)
    .refine((value) => HTTP_PATH.test(value) && !UNSAFE_SEGMENTS.test(value), `${field} must be a field name such as status`);

/** A list of values (status words), trimmed, without empties. */
const valuesField = (field: string) =>
  z
    .array(
      z
        .string({ error: `${field} must be a list of texts` })
        .trim()
        .max(HTTP_GATEWAY_LIMITS.valueMax, `${field}: each value must be at most ${HTTP_GATEWAY_LIMITS.valueMax} characters`),
      { error: `${field} must be a list of texts` },
    )
    .max(HTTP_GATEWAY_LIMITS.valuesMax, `${field} may hold at most ${HTTP_GATEWAY_LIMITS.valuesMax} values`)
    .transform((values) => values.filter(Boolean));

/** Parameter name -> template. */
const templateField = z
  .record(
    z.string(),
    z
      .string({ error: 'template values must be text' })
      .max(HTTP_GATEWAY_LIMITS.templateMax, `template values must be at most ${HTTP_GATEWAY_LIMITS.templateMax} characters`),
    { error: 'template must be an object of parameter names and templates' },
  )
  .superRefine((template, context) => {
    const names = Object.keys(template);
    if (names.length === 0) context.addIssue({ code: 'custom', message: 'template needs at least one parameter, such as text = {{text}}' });
    if (names.length > HTTP_GATEWAY_LIMITS.parametersMax) {
      context.addIssue({ code: 'custom', message: `template may hold at most ${HTTP_GATEWAY_LIMITS.parametersMax} parameters` });
    }
    for (const [name, value] of Object.entries(template)) {
      if (name.length > HTTP_GATEWAY_LIMITS.nameMax || !PARAMETER_NAME.test(name) || UNSAFE_SEGMENTS.test(name)) {
        context.addIssue({ code: 'custom', path: [name], message: `template: "${name.slice(0, 40)}" is not a parameter name` });
        continue;
      }
      const problem = NO_CONTROL.test(value) ? templateProblem(value) : 'may not hold line breaks or control characters';
      if (problem) context.addIssue({ code: 'custom', path: [name], message: `template ${name}: ${problem}` });
    }
  });

/** Extra header name -> value (fixed text; secrets go in auth). */
const headersField = z
  .record(
    z.string(),
    z
      .string({ error: 'headers values must be text' })
      .max(HTTP_GATEWAY_LIMITS.headerValueMax, `headers values must be at most ${HTTP_GATEWAY_LIMITS.headerValueMax} characters`),
    { error: 'headers must be an object of header names and values' },
  )
  .superRefine((headers, context) => {
    if (Object.keys(headers).length > HTTP_GATEWAY_LIMITS.headersMax) {
      context.addIssue({ code: 'custom', message: `headers may hold at most ${HTTP_GATEWAY_LIMITS.headersMax} headers` });
    }
    for (const [name, value] of Object.entries(headers)) {
      if (!HEADER_NAME.test(name))
        context.addIssue({ code: 'custom', path: [name], message: `headers: "${name.slice(0, 40)}" is not a header name` });
      else if (RESERVED_HEADERS.has(name.toLowerCase())) {
        context.addIssue({ code: 'custom', path: [name], message: `headers: ${name} is set by the gateway (use auth for Authorization)` });
      } else if (!PRINTABLE_ASCII.test(value)) {
        context.addIssue({ code: 'custom', path: [name], message: `headers ${name}: only printable ASCII characters` });
      }
    }
  })
  .optional()
  .transform((value) => value ?? {});

/** Settings of an http gateway (shown back to admins; the auth secret is a secret). */
export const httpConfigSchema = z
  .object({
    /** Where each message is sent (a query is allowed: it is kept, and GET parameters are added to it). */
    sendUrl: httpUrlField('sendUrl', { query: true }),
    method: enumField('method', HTTP_METHODS).default('POST'),
    /** How POST parameters travel: a JSON object (dotted names nest) or a form. GET puts them in the query. */
    bodyFormat: enumField('bodyFormat', HTTP_BODY_FORMATS).default('form'),
    template: templateField,
    headers: headersField,
    authType: enumField('authType', HTTP_AUTH_TYPES).default('none'),
    /** basic: the user; header: the header's name; query: the parameter's name. */
    authName: z
      .string({ error: 'authName must be text' })
      .trim()
      .max(HTTP_GATEWAY_LIMITS.nameMax, `authName must be at most ${HTTP_GATEWAY_LIMITS.nameMax} characters`)
      .refine((value) => PRINTABLE_ASCII.test(value), 'authName may only contain printable ASCII characters')
      .nullable()
      .optional()
      .transform((value) => (value ? value : null)),
    defaultSender: defaultSenderField,
    /** Where the provider's id of the message is in a JSON answer; null = our message id is the id receipts name. */
    responseIdPath: pathField('responseIdPath'),
    /** A 2xx answer is still a refusal when the value at this path is not one of responseOkValues (or, without them, when it holds any value). */
    responseStatusPath: pathField('responseStatusPath'),
    responseOkValues: valuesField('responseOkValues').default([]),
    /** The provider's reason for a refusal in a JSON answer (else the answer's text). */
    responseErrorPath: pathField('responseErrorPath'),
    /** Receipt callback: the field that holds the id (the provider's, or `ref` = ours when responseIdPath is null). */
    receiptIdField: fieldName('receiptIdField').default('ref'),
    receiptStatusField: fieldName('receiptStatusField').default('status'),
    receiptDeliveredValues: valuesField('receiptDeliveredValues').default(['delivered']),
    receiptFailedValues: valuesField('receiptFailedValues').default(['failed', 'undelivered', 'rejected', 'expired']),
    receiptErrorField: pathField('receiptErrorField'),
    /** Inbound callback: which fields hold the sender, our number, the text and (for dedupe) the provider's id. */
    inboundFromField: fieldName('inboundFromField').default('from'),
    inboundToField: fieldName('inboundToField').default('to'),
    inboundTextField: fieldName('inboundTextField').default('text'),
    inboundIdField: pathField('inboundIdField'),
    callbackBaseUrl: callbackBaseUrlField,
    concurrency: concurrencyField({
      min: HTTP_GATEWAY_LIMITS.concurrencyMin,
      max: HTTP_GATEWAY_LIMITS.concurrencyMax,
      default: HTTP_GATEWAY_LIMITS.concurrencyDefault,
    }),
  })
  .superRefine((config, context) => {
    if ((config.authType === 'basic' || config.authType === 'header' || config.authType === 'query') && !config.authName) {
      const what = { basic: 'the user name', header: 'the header name', query: 'the parameter name' }[config.authType];
      context.addIssue({ code: 'custom', path: ['authName'], message: `authName is required with authType ${config.authType} (${what})` });
    }
    if (
      config.authType === 'header' &&
      config.authName &&
      (!HEADER_NAME.test(config.authName) || RESERVED_HEADERS.has(config.authName.toLowerCase()))
    ) {
      context.addIssue({ code: 'custom', path: ['authName'], message: 'authName must be a header name such as X-API-Key' });
    }
    if (config.authType === 'basic' && config.authName?.includes(':')) {
      context.addIssue({ code: 'custom', path: ['authName'], message: "authName may not hold ':' with basic auth" });
    }
    const overlap = config.receiptDeliveredValues.find((value) => config.receiptFailedValues.includes(value));
    if (overlap)
      context.addIssue({
        code: 'custom',
        path: ['receiptFailedValues'],
        message: `receiptFailedValues: "${overlap}" is also a delivered value`,
      });
  });
export type HttpConfig = z.output<typeof httpConfigSchema>;
export type HttpConfigInput = z.input<typeof httpConfigSchema>;

/** Secrets: the auth secret (password, token or key) and the token of the callback URLs (made by the server when left out). */
export const httpSecretsSchema = z.object({
  authSecret: z
    .string({ error: 'authSecret must be text' })
    .max(HTTP_GATEWAY_LIMITS.secretMax, `authSecret must be at most ${HTTP_GATEWAY_LIMITS.secretMax} characters`)
    .regex(PRINTABLE_ASCII, 'authSecret may only contain printable ASCII characters')
    .optional(),
  callbackToken: callbackTokenField,
});
export type HttpSecrets = z.output<typeof httpSecretsSchema>;

/** Path of the http kind's callbacks: the gateway and its token. */
export const httpCallbackParamsSchema = gatewayCallbackParamsSchema;

/** A callback's fields (query, form or JSON): read through the gateway's mapping, so any names. */
export const httpCallbackFieldsSchema = z
  .record(z.string(), z.unknown())
  .describe("The provider's fields, read through the gateway's mapping");

// Without zod, like error-codes.ts: the web app may read it anywhere (decision 064).

/**
 * Every code an error answer's `code` can hold, with the HTTP statuses it comes with: the enum of
 * the OpenAPI document's Error schema (decision 094). The server's errors take only these codes
 * (typed: platform/errors.ts), and docs/guide/errors.md says what each means and what to do
 * (error-catalogue.test.ts keeps the two alike).
 */
export const API_ERROR_CATALOGUE = {
  // Any route
  VALIDATION_ERROR: [400],
  /** Any other 4xx from the HTTP layer (error-handler.ts). */
  BAD_REQUEST: ['other 4xx'],
  UNAUTHENTICATED: [401],
  FORBIDDEN: [403],
  NOT_FOUND: [404],
  METHOD_NOT_ALLOWED: [405],
  CONFLICT: [409],
  PAYLOAD_TOO_LARGE: [413],
  UNSUPPORTED_MEDIA_TYPE: [415],
  TOO_MANY_REQUESTS: [429],
  INTERNAL_ERROR: [500],
  DATABASE_UNAVAILABLE: [503],
  MAINTENANCE: [503],
  // Signing in and accounts
  INVALID_CREDENTIALS: [401],
  ACCOUNT_DISABLED: [401],
  ACCOUNT_LOCKED: [429],
  TWO_STEP_REQUIRED: [409],
  INVALID_CODE: [400, 401],
  CHALLENGE_INVALID: [401],
  TWO_STEP_ALREADY_ENABLED: [409],
  TWO_STEP_NOT_SET_UP: [409],
  SMS_UNAVAILABLE: [409],
  RESET_LINK_INVALID: [400],
  LAST_ADMIN: [409],
  CANNOT_DELETE_SELF: [409],
  // Contacts and imports
  CONTACT_EXISTS: [409],
  CONTACT_IN_TRASH: [409],
  PHONE_ERASED: [409],
  IMPORT_STARTED: [409],
  IMPORT_FINISHED: [409],
  IMPORT_EXPIRED: [409],
  UNPROCESSABLE_FILE: [422],
  // Campaigns, templates, segments, gateways, reports
  CAMPAIGN_STATE: [409],
  CAMPAIGN_NOT_EDITABLE: [409],
  CAMPAIGN_NOT_SENT: [409],
  EMPTY_AUDIENCE: [422],
  SCHEDULE_IN_PAST: [422],
  SENDING_HELD: [409],
  OPTED_OUT: [422],
  GATEWAY_UNAVAILABLE: [422],
  GATEWAY_IN_USE: [409],
  GATEWAY_DEFAULT: [409],
  TEMPLATE_NAME_TAKEN: [409],
  SEGMENT_NAME_TAKEN: [409],
  SEGMENT_IN_USE: [409],
  // Inbox, public site, brand
  CONTACT_OPTED_OUT: [409],
  NO_PHONE: [422],
  NO_EMAIL: [422],
  SMTP_NOT_CONFIGURED: [422],
  PUBLIC_SITE_OFF: [404],
  PRICING_HIDDEN: [404],
  MERGE_FIELD_WITHOUT_FALLBACK: [409],
  INVALID_IMAGE: [422],
  // The integration API (/api/v1)
  RECIPIENT_OPTED_OUT: [409],
  INVALID_PHONE: [400],
  IDEMPOTENCY_CONFLICT: [409],
  API_KEY_ROTATED: [401],
  MESSAGE_NOT_CANCELLABLE: [409],
  OPT_IN_REFUSED: [409],
  // Campaign approval and the campaign board (decision 101)
  CAMPAIGN_APPROVAL_REQUIRED: [409],
  CAMPAIGN_OWN_APPROVAL: [403],
  CAMPAIGN_NO_SCHEDULE: [409],
  // Budgets (decision 109): launches, resumes and integration API sends while the monthly cap is spent
  BUDGET_REACHED: [402],
  // Team invitations (decision 103)
  INVITATION_INVALID: [400],
  INVITATION_EXPIRED: [400],
  INVITATION_USED: [400],
  INVITATION_REVOKED: [400],
  // The media library
  IMAGE_IN_USE: [409],
  // Monthly statements (decision 110)
  STATEMENT_CLOSED: [409],
  STATEMENT_EXISTS: [409],
  STATEMENT_MONTH_NOT_ENDED: [409],
  // Numbers and sender IDs (decision 108)
  SENDER_EXISTS: [409],
  SENDER_TRANSITION: [409],
  SENDER_NOT_LISTED: [400],
  PROVIDER_REFUSED: [422],
} as const satisfies Record<string, ReadonlyArray<number | 'other 4xx'>>;

export type ApiErrorCode = keyof typeof API_ERROR_CATALOGUE;

/** The codes in alphabetical order: the document's enum. */
export const API_ERROR_CODES = (Object.keys(API_ERROR_CATALOGUE) as ApiErrorCode[]).sort();

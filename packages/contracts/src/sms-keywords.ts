/**
 * The default reply keywords (PRODUCT.md section 4): a reply that is exactly one of these words,
 * in any case, opts the contact out (with one confirmation), back in, or asks for the help text.
 * The help page lists them from here; keyword handling and its editable lists use them as defaults.
 */
export const DEFAULT_SMS_KEYWORDS = {
  optOut: ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'REVOKE', 'OPTOUT'],
  optIn: ['START', 'UNSTOP', 'YES'],
  help: ['HELP', 'INFO'],
} as const;

/** Password length limits, apart from the rules (passwords.ts) so the sign-in form need not load the common-password list. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

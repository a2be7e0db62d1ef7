import type { ApiScope } from '@sms/contracts/policy';

/** The translation key of a scope ('messages:send' -> 'messages_send': a colon would name an i18next namespace). */
export const scopeKey = (scope: ApiScope) => scope.replace(':', '_');

import type { InboundEventMessage } from '../../platform/domain-events.ts';

/** A sender ID for answering on the channel a message came in on (our number or short code), else the gateway's default. */
export const answerFrom = (message: Pick<InboundEventMessage, 'toAddress'>): string | null =>
  /^\+?\d{3,15}$/.test(message.toAddress) || /^(?=.*[A-Za-z])[A-Za-z0-9 ]{1,11}$/.test(message.toAddress) ? message.toAddress : null;

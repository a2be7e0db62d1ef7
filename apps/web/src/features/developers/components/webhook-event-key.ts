import type { WebhookEvent } from '@sms/contracts/webhooks';

/** The event's translation key ('message.status' -> 'message_status': a dot would nest the key). */
export const eventKey = (event: WebhookEvent) => event.replace('.', '_');

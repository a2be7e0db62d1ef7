import { createHmac, randomBytes } from 'node:crypto';

/** A new endpoint secret in the Standard Webhooks form: `whsec_` + base64 of 24 random bytes. */
export const newWebhookSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

/**
 * The Webhook-Signature header of a delivery (Standard Webhooks): `v1,` + base64 HMAC-SHA256 of
 * `id.timestamp.body` keyed with the secret's decoded bytes.
 */
export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

/**
 * The header's value while a rotated secret overlaps (decision 093): one `v1,` signature per
 * secret, space-separated, the current one first. Standard Webhooks receivers accept a request
 * when any signature matches, so both the old and the new secret verify.
 */
export function signWebhookWithEach(secrets: Array<string | null>, id: string, timestamp: number, body: string): string {
  return secrets
    .filter((secret): secret is string => secret !== null)
    .map((secret) => signWebhook(secret, id, timestamp, body))
    .join(' ');
}

/** Paths of the Twilio webhooks (Fastify route syntax), one pair per configured gateway. */
export const TWILIO_WEBHOOK_ROUTES = {
  status: '/api/gateways/twilio/:gatewayId/status',
  inbound: '/api/gateways/twilio/:gatewayId/inbound',
} as const;

function webhookUrl(publicUrl: string | undefined, gatewayId: string, kind: 'status' | 'inbound'): string | null {
  if (!publicUrl) return null;
  return `${publicUrl.replace(/\/+$/, '')}/api/gateways/twilio/${encodeURIComponent(gatewayId)}/${kind}`;
}

/**
 * The StatusCallback URL sent with each message of a gateway. null without PUBLIC_URL: Twilio
 * must reach this server from the internet, and a URL guessed from a request could be wrong or
 * internal, so no StatusCallback is sent and no delivery receipts come back (messages stay "sent").
 */
export function twilioStatusCallbackUrl(publicUrl: string | undefined, gatewayId: string): string | null {
  return webhookUrl(publicUrl, gatewayId, 'status');
}

/**
 * The URL to paste as "A message comes in" webhook of the Twilio number or Messaging Service
 * (shown on the gateways screen). null without PUBLIC_URL.
 */
export function twilioInboundUrl(publicUrl: string | undefined, gatewayId: string): string | null {
  return webhookUrl(publicUrl, gatewayId, 'inbound');
}

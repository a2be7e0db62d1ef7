/** API addresses of the objects an event names, keyed by what they are. */
export type EventLinks = Record<string, string>;

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/**
 * The `links` of an event (decision 092): the /api/v1 addresses of the objects it names, under
 * PUBLIC_URL, so a receiver can read more without building addresses. Undefined without
 * PUBLIC_URL (links never point at a guessed host: decision 032) or when the event names nothing
 * the integration API serves.
 */
export function eventLinks(type: string, data: unknown, publicUrl: string | undefined): EventLinks | undefined {
  if (!publicUrl || !data || typeof data !== 'object') return undefined;
  const fields = data as Record<string, unknown>;
  const links: EventLinks = {};
  const contactId = text(fields.contactId);
  if (type === 'message.status' && text(fields.id)) links.message = `${publicUrl}/api/v1/messages/${text(fields.id)}`;
  if (type === 'message.inbound') {
    const from = text(fields.from);
    if (from) links.inbound = `${publicUrl}/api/v1/inbound?from=${encodeURIComponent(from)}`;
    const answered = text(fields.replyToMessageId);
    const campaignId = text(fields.campaignId);
    // A campaign's message is read through its report; an API message by its own address.
    if (answered && !campaignId) links.replyTo = `${publicUrl}/api/v1/messages/${answered}`;
    if (campaignId) links.campaignReport = `${publicUrl}/api/v1/campaigns/${campaignId}/report`;
  }
  if (type === 'campaign.completed' && text(fields.campaignId))
    links.campaignReport = `${publicUrl}/api/v1/campaigns/${text(fields.campaignId)}/report`;
  if (contactId) links.contact = `${publicUrl}/api/v1/contacts/${contactId}`;
  return Object.keys(links).length > 0 ? links : undefined;
}

/** The JSON body of an event as every delivery sends it: `{ id, type, createdAt, data, links? }`. */
export function eventBody(event: { id: string; type: string; createdAt: string; data: unknown }, publicUrl: string | undefined): string {
  const links = eventLinks(event.type, event.data, publicUrl);
  return JSON.stringify({ ...event, ...(links ? { links } : {}) });
}

import { api } from './session.ts';

/** Launches a campaign through the API and waits (set-up: outside a test, where expect.poll cannot run) until it completes. */
export async function launchUntilCompleted(baseUrl: string, token: string, campaignId: string, timeoutMs = 45_000): Promise<void> {
  await api(baseUrl, 'POST', `/api/campaigns/${campaignId}/launch`, undefined, token);
  const deadline = Date.now() + timeoutMs;
  const status = async () =>
    (await api<{ campaign: { status: string; name: string } }>(baseUrl, 'GET', `/api/campaigns/${campaignId}`, undefined, token)).campaign;
  for (;;) {
    const campaign = await status();
    if (campaign.status === 'completed') return;
    if (Date.now() > deadline) throw new Error(`the campaign "${campaign.name}" did not complete (${campaign.status})`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

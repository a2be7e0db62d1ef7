import type { Campaign, CampaignCounts } from '@sms/contracts/campaigns';
import type { SimulatorConfig } from '@sms/contracts/gateway-simulator';
import { toLocalDateTime } from '@sms/contracts/zoned-time';
import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { auditLog } from '../src/db/schema.ts';
import { countMessageRows, FAST_SIMULATOR, nonZero } from './campaign-fixtures.ts';
import type { TestServer } from './helper.ts';

/**
 * Factories and checks shared by the campaign API tests: create, launch and read campaigns over
 * HTTP, wait for a state, compare the API's counters with the message rows, read the audit log.
 */

/** A valid id that names nothing. */
export const MISSING_ID = '00000000-0000-4000-8000-000000000000';

/** Creates a campaign (201 expected) and answers it. */
export async function createCampaign(server: TestServer, token: string, body: Record<string, unknown>): Promise<Campaign> {
  const response = await server.post('/api/campaigns', body, { token });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.campaign as Campaign;
}

/** Launches a campaign (200 expected) and answers it as the launch answered it. */
export async function launchCampaign(server: TestServer, token: string, id: string): Promise<Campaign> {
  const response = await server.post(`/api/campaigns/${id}/launch`, undefined, { token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.campaign as Campaign;
}

/** Runs an action (pause, resume, cancel) expecting 200; answers the campaign. */
export async function campaignAction(
  server: TestServer,
  token: string,
  id: string,
  action: 'pause' | 'resume' | 'cancel',
): Promise<Campaign> {
  const response = await server.post(`/api/campaigns/${id}/${action}`, undefined, { token });
  expect(response.status, `${action}: ${JSON.stringify(response.body)}`).toBe(200);
  return response.body.campaign as Campaign;
}

/** GET /api/campaigns/{id} (200 expected). */
export async function getCampaign(server: TestServer, token: string, id: string): Promise<Campaign> {
  const response = await server.get(`/api/campaigns/${id}`, { token });
  expect(response.status).toBe(200);
  return response.body.campaign as Campaign;
}

/**
 * Polls until `check` answers a value (not undefined), every 200 ms (the API's per-IP limit is
 * 600 requests a minute), or fails after `timeoutMs`.
 */
export async function poll<T>(check: () => Promise<T | undefined>, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Polls the campaign until `ready` holds. */
export function waitForCampaign(
  server: TestServer,
  token: string,
  id: string,
  ready: (campaign: Campaign) => boolean,
  what: string,
  timeoutMs = 30_000,
): Promise<Campaign> {
  return poll(
    async () => {
      const campaign = await getCampaign(server, token, id);
      return ready(campaign) ? campaign : undefined;
    },
    timeoutMs,
    what,
  );
}

const sameCounts = (a: CampaignCounts, b: CampaignCounts) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Whether the engine has nothing left to do on its own: no message in flight or waiting for its
 * receipt, the audience fanned out (it is, in the background, after the launch answers), and a
 * sending campaign held by a reason (quiet hours). A sending campaign without one is about to send
 * its queue or to be completed, so its counts, status and completion time are still moving.
 */
function engineIdle(campaign: Campaign): boolean {
  const { counts } = campaign;
  if (counts.sending > 0 || counts.sent > 0) return false;
  if ((campaign.status === 'sending' || campaign.status === 'paused') && !campaign.audienceReady) return false;
  return campaign.status !== 'sending' || campaign.statusReason !== null;
}

/**
 * Waits until the engine is idle on the campaign and its counts hold still for 150 ms, then checks
 * they equal the message rows and that `total` is their sum. Answers the counts.
 */
export async function settledCounts(server: TestServer, token: string, id: string, timeoutMs = 30_000): Promise<CampaignCounts> {
  const counts = await poll(
    async () => {
      const first = await getCampaign(server, token, id);
      if (!engineIdle(first)) return undefined;
      await new Promise((resolve) => setTimeout(resolve, 150));
      const second = await getCampaign(server, token, id);
      return engineIdle(second) && second.status === first.status && sameCounts(first.counts, second.counts) ? second.counts : undefined;
    },
    timeoutMs,
    'the counters to settle',
  );
  expect(nonZero(counts)).toEqual(await countMessageRows(server, id));
  const sum = Object.entries(counts).reduce((total, [key, value]) => (key === 'total' ? total : total + value), 0);
  expect(counts.total).toBe(sum);
  return counts;
}

/**
 * Adds a simulator gateway (FAST_SIMULATOR settings plus `config`) and answers its id. Tests that
 * need a slow carrier use their own gateway: reconfiguring one drops its instance, and with it the
 * receipts it still owed (messages in flight would stay 'sent').
 */
export async function addSimulator(server: TestServer, token: string, name: string, config: Partial<SimulatorConfig>): Promise<string> {
  const response = await server.post('/api/gateways', { name, kind: 'simulator', config: { ...FAST_SIMULATOR, ...config } }, { token });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.gateway.id as string;
}

/** Audit entries about one subject, oldest first. */
export function auditOf(server: TestServer, subjectId: string) {
  return server.database.db.select().from(auditLog).where(eq(auditLog.subjectId, subjectId)).orderBy(asc(auditLog.id));
}

/** A local date-time `ms` from now in `timeZone` (seconds included), as scheduledLocal takes it. */
export function localIn(ms: number, timeZone = 'UTC'): string {
  return toLocalDateTime(new Date(Date.now() + ms), timeZone);
}

/** A local date-time `days` from now, to the minute (a schedule comfortably in the future or past). */
export function localInDays(days: number, timeZone = 'UTC'): string {
  return localIn(days * 86_400_000, timeZone).slice(0, 16);
}

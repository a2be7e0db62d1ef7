import type { CampaignStatusReason } from '@sms/contracts/campaign-status-reason';
import { SENDING_HELD_CODE, type SendingHold, type SendingHoldReason } from '@sms/contracts/sending-hold';
import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { Conflict } from '../../platform/errors.ts';
import { Rechecked } from '../../platform/rechecked.ts';
import { deleteSetting, getSetting, putSetting, SETTING_KEYS } from '../../platform/settings.ts';
import { transitionCampaigns } from './campaign-state.ts';

/**
 * The sending hold (docs/decisions/072-restores-hold-sending.md): a restored copy of the data, or
 * an installation about to be moved, must not send by itself. While the hold is set the
 * dispatcher claims no one-off message (they stay queued), every campaign that was sending or
 * scheduled waits paused with a reason recording its status, and launches and resumes are refused,
 * until an administrator resumes sending, which puts each of those campaigns back as it was.
 */

interface StoredHold {
  since: string;
  reason: SendingHoldReason;
}

const NOT_HELD: SendingHold = { held: false, since: null, reason: null };

/** The reason code a hold pauses campaigns with; resuming looks for both. */
const PAUSE_CODE: Record<SendingHoldReason, 'RESTORED' | 'SENDING_HELD'> = { restored: 'RESTORED', manual: 'SENDING_HELD' };
const PAUSED_BY_HOLD = sql`c.status = 'paused' and c.status_reason->>'code' in ('RESTORED', 'SENDING_HELD')`;

/** Whether sending is held, since when and why. */
export async function readSendingHold(db: Executor): Promise<SendingHold> {
  const stored = await getSetting<Partial<StoredHold> | null>(db, SETTING_KEYS.sendingHold);
  if (!stored?.since) return NOT_HELD;
  return { held: true, since: stored.since, reason: stored.reason === 'manual' ? 'manual' : 'restored' };
}

/** How long the sending engine trusts what it read of the hold: a claim loop pays no query per claim. */
const HOLD_RECHECK_MS = 2_000;
const heldCache = new Rechecked<'hold', boolean>(HOLD_RECHECK_MS, async (db) => (await readSendingHold(db)).held);

/** Whether sending is held, as the sending engine reads it (through a 2 s cache; this process's switches clear it). */
export const sendingHeld = (db: Db): Promise<boolean> => heldCache.get(db, 'hold');

/** Drops the cached hold, after a hold or a resume commits, so this process's engine sees it at once. */
export const forgetSendingHold = (): void => heldCache.forget();

/**
 * Holds sending (in the caller's transaction): pauses every sending or scheduled campaign with a
 * reason that records the status it had, and stores the hold. A restore calls it with `restored`
 * inside the transaction that loads the data, so no committed restore can send.
 */
export async function holdSending(db: Executor, reason: SendingHoldReason, now = new Date()): Promise<{ campaignsPaused: number }> {
  let campaignsPaused = 0;
  for (const previous of ['sending', 'scheduled'] as const) {
    const statusReason: CampaignStatusReason = { code: PAUSE_CODE[reason], params: { previous } };
    const moved = await transitionCampaigns(db, 'paused', { from: [previous], where: sql`true`, statusReason });
    campaignsPaused += moved.length;
  }
  await putSetting(db, SETTING_KEYS.sendingHold, { since: now.toISOString(), reason } satisfies StoredHold);
  return { campaignsPaused };
}

/**
 * Lifts the hold (in the caller's transaction): every campaign it paused goes back to the status
 * it had (a scheduled one to scheduled, so the schedule starts it when due), then the hold goes.
 */
export async function resumeSending(db: Executor): Promise<{ campaignsResumed: number }> {
  let campaignsResumed = 0;
  for (const previous of ['sending', 'scheduled'] as const) {
    const moved = await transitionCampaigns(db, previous, {
      from: ['paused'],
      where: sql`${PAUSED_BY_HOLD} and c.status_reason->'params'->>'previous' = ${previous}`,
    });
    campaignsResumed += moved.length;
  }
  await deleteSetting(db, SETTING_KEYS.sendingHold);
  return { campaignsResumed };
}

/** 409 while sending is held: launching or resuming a campaign then would send behind the hold's back. */
export async function refuseWhileHeld(db: Executor): Promise<void> {
  if (!(await readSendingHold(db)).held) return;
  throw new Conflict('Sending is on hold: an administrator must resume sending first.', { code: SENDING_HELD_CODE });
}

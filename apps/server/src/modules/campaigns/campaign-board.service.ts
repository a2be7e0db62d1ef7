import { APPROVAL_ERROR_CODES, boardColumnOf, type BoardColumn, type BoardResponse } from '@sms/contracts/campaign-approval';
import type { StoredAudience } from '@sms/contracts/campaigns';
import { roleCan } from '@sms/contracts/policy';
import type { Role } from '@sms/contracts/roles';
import type { Db } from '../../db/client.ts';
import type { Command } from '../../platform/audit.ts';
import { Conflict, Forbidden } from '../../platform/errors.ts';
import { changeCampaignState, launchCampaign, type WakeDispatcher } from './campaign-actions.service.ts';
import { approveCampaign, requestApproval, withdrawRequest } from './campaign-approval.service.ts';
import { listBoardCampaigns, readApprovalThreshold } from './campaign-approval.queries.ts';
import { readCampaignCounts } from './campaign-counts.queries.ts';
import { illegalTransition } from './campaign-state.ts';
import { countAudience, type CampaignRow } from './campaigns.queries.ts';
import { updateCampaign } from './campaigns.service.ts';

/** Finished campaigns the "done" column shows, most recent first. */
export const BOARD_DONE_LIMIT = 50;

/** The board: campaigns with their column, recipients, author, schedule and approval state. */
export async function campaignBoard(db: Db): Promise<BoardResponse> {
  const [rows, threshold] = await Promise.all([listBoardCampaigns(db, BOARD_DONE_LIMIT), readApprovalThreshold(db)]);
  const done = rows.filter((row) => boardColumnOf(row.status) === 'done');
  const shown = done.length > BOARD_DONE_LIMIT ? rows.filter((row) => row !== done[BOARD_DONE_LIMIT]) : rows;
  // Before launch a campaign has no messages: its audience is counted (drafts and reviews are few);
  // after, its messages are (one query for all).
  const unlaunched = shown.filter((row) => row.status === 'draft' || row.status === 'in_review');
  const [counts, sizes] = await Promise.all([
    readCampaignCounts(
      db,
      shown.filter((row) => !unlaunched.includes(row)).map((row) => row.id),
    ),
    Promise.all(unlaunched.map(async (row) => [row.id, (await countAudience(db, row.audience as StoredAudience, row.id)).count] as const)),
  ]);
  const sizeOf = new Map(sizes);
  return {
    data: shown.map((row) => ({
      id: row.id,
      name: row.name,
      status: row.status,
      column: boardColumnOf(row.status),
      audienceSize: sizeOf.get(row.id) ?? counts.get(row.id)?.total ?? 0,
      author: row.createdBy ? { id: row.createdBy, name: row.authorName ?? 'Deleted user' } : null,
      scheduledAt: row.scheduledAt?.toISOString() ?? null,
      timeZone: row.timeZone,
      approval: row.approval,
      updatedAt: row.updatedAt.toISOString(),
    })),
    truncated: done.length > BOARD_DONE_LIMIT,
    threshold,
  };
}

const noSchedule = () =>
  new Conflict('This campaign has no schedule: give it a time in the composer first, or move it to Sending to send it now', {
    code: APPROVAL_ERROR_CODES.noSchedule,
  });

/**
 * A move on the board, carried out by the campaign's own actions (one state machine): to in
 * review = request approval; out of review = approve (scheduled or sending, as the campaign asks)
 * or withdraw (draft); draft to scheduled or sending = launch; sending <-> paused; done = cancel;
 * scheduled back to draft = remove its schedule. Anything else is the state machine's 409.
 */
export async function moveOnBoard(
  db: Db,
  input: Command & { target: CampaignRow; column: BoardColumn; role: Role; wake: WakeDispatcher },
): Promise<void> {
  const { target, column } = input;
  const command = { actor: input.actor, ip: input.ip };
  const from = target.status;
  if (boardColumnOf(from) === column) return;
  const wantsScheduled = column === 'scheduled';
  switch (column) {
    case 'draft':
      if (from === 'in_review') return withdrawRequest(db, { ...command, target });
      if (from === 'scheduled') {
        await updateCampaign(db, { ...command, id: target.id, body: { scheduledLocal: null } });
        return;
      }
      throw illegalTransition(from, 'draft');
    case 'in_review':
      return requestApproval(db, { ...command, target });
    case 'scheduled':
    case 'sending': {
      if (from === 'paused' && column === 'sending')
        return changeCampaignState(db, { ...command, target, action: 'resume', wake: input.wake });
      if (from !== 'draft' && from !== 'in_review') throw illegalTransition(from, column);
      // The campaign's schedule decides where a launch goes: the column must agree with it.
      if (wantsScheduled && !target.scheduledAt) throw noSchedule();
      if (!wantsScheduled && target.scheduledAt) throw illegalTransition(from, 'sending');
      if (from === 'draft') {
        await launchCampaign(db, { ...command, id: target.id, wake: input.wake });
        return;
      }
      if (!roleCan(input.role, 'approve', 'Campaign')) throw new Forbidden('You do not have permission to approve campaigns.');
      return approveCampaign(db, { ...command, target, wake: input.wake });
    }
    case 'paused':
      if (from !== 'sending') throw illegalTransition(from, 'paused');
      return changeCampaignState(db, { ...command, target, action: 'pause', wake: input.wake });
    case 'done':
      return changeCampaignState(db, { ...command, target, action: 'cancel', wake: input.wake });
  }
}

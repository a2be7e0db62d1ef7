import {
  SENDER_ERROR_CODES,
  SENDER_TRANSITIONS,
  alphanumericSenderProblem,
  type CreateSenderValues,
  type SenderSettings,
  type SenderStatusBody,
  type UpdateSenderBody,
} from '@sms/contracts/senders';
import type { Db, Executor } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { recordAudit, type Command } from '../../platform/audit.ts';
import { Conflict, NotFound, ValidationError } from '../../platform/errors.ts';
import { getSetting, putSetting, SETTING_KEYS } from '../../platform/settings.ts';
import { findGateway } from '../gateways/index.ts';
import { assignableUser, findSender, insertSender, updateSenderRow, type SenderRow, type SenderPatch } from './senders.queries.ts';

/** Inserts, turning the unique index's refusal into a 409 naming the field. */
export async function insertOrConflict(tx: Executor, run: () => Promise<string>): Promise<string> {
  try {
    return await run();
  } catch (error) {
    if (isUniqueViolation(error))
      throw new Conflict('This number or sender ID is on the list already', { code: SENDER_ERROR_CODES.exists, field: 'value' });
    throw error;
  }
}

/** Checks that a gateway given for a sender exists (400 naming the field otherwise). */
async function checkGateway(db: Executor, gatewayId: string | null | undefined, field = 'gatewayId'): Promise<void> {
  if (gatewayId && !(await findGateway(db, gatewayId))) throw new ValidationError(field, `${field} must name an existing gateway`);
}

/** Registers a sender ID (draft) or adds a number bought elsewhere (draft until its registration is confirmed). */
export async function createSender(db: Db, input: Command & { body: CreateSenderValues }): Promise<SenderRow> {
  const { body } = input;
  await checkGateway(db, body.gatewayId);
  const id = await db.transaction(async (tx) => {
    const created = await insertOrConflict(tx, () =>
      insertSender(tx, { ...body, status: 'draft', origin: 'added', createdBy: input.actor.id }),
    );
    await recordAudit(tx, {
      actor: input.actor,
      action: 'sender.create',
      subject: 'Sender',
      subjectId: created,
      ip: input.ip,
      details: body,
    });
    return created;
  });
  return (await findSender(db, id)) as SenderRow;
}

/**
 * Changes a sender. A new value must follow its kind's rule, and a bought number keeps its value
 * (it is what the provider sold); changing the value sends the registration back to draft.
 */
export async function updateSender(db: Db, input: Command & { target: SenderRow; body: UpdateSenderBody }): Promise<SenderRow> {
  const { target, body } = input;
  const patch: SenderPatch = { ...body };
  if (body.value !== undefined && body.value !== target.value) {
    if (target.origin === 'bought') throw new ValidationError('value', 'value of a bought number cannot change');
    const problem =
      target.kind === 'number'
        ? /^\+[1-9]\d{6,14}$/.test(body.value)
          ? null
          : 'value must be a number in international format (such as +14155550100)'
        : alphanumericSenderProblem(body.value);
    if (problem) throw new ValidationError('value', problem);
    patch.status = 'draft';
  } else delete patch.value;
  await checkGateway(db, body.gatewayId);
  if (body.routeAssigneeId && !(await assignableUser(db, body.routeAssigneeId)))
    throw new ValidationError('routeAssigneeId', 'routeAssigneeId must be an active user who may answer in the inbox');
  await db.transaction(async (tx) => {
    await insertOrConflict(tx, async () => {
      await updateSenderRow(tx, target.id, patch);
      return target.id;
    });
    await recordAudit(tx, {
      actor: input.actor,
      action: 'sender.update',
      subject: 'Sender',
      subjectId: target.id,
      ip: input.ip,
      details: body,
    });
  });
  return (await findSender(db, target.id)) as SenderRow;
}

/** Moves a sender's registration (draft, submitted, approved, rejected) as SENDER_TRANSITIONS allows. */
export async function changeSenderStatus(db: Db, input: Command & { target: SenderRow; body: SenderStatusBody }): Promise<SenderRow> {
  const { target, body } = input;
  const allowed = SENDER_TRANSITIONS[target.status];
  if (!allowed.includes(body.status))
    throw new Conflict(`A ${target.status} registration can move to: ${allowed.join(', ')}`, {
      code: SENDER_ERROR_CODES.transition,
      field: 'status',
    });
  await db.transaction(async (tx) => {
    await updateSenderRow(tx, target.id, { status: body.status, ...(body.notes === undefined ? {} : { notes: body.notes }) });
    await recordAudit(tx, {
      actor: input.actor,
      action: 'sender.status',
      subject: 'Sender',
      subjectId: target.id,
      ip: input.ip,
      details: { from: target.status, to: body.status, ...(body.notes === undefined ? {} : { notes: body.notes }) },
    });
  });
  return (await findSender(db, target.id)) as SenderRow;
}

/** The sender a route acts on (404). */
export async function senderOr404(db: Executor, id: string): Promise<SenderRow> {
  const row = await findSender(db, id);
  if (!row) throw new NotFound('Number or sender ID not found');
  return row;
}

/** The organisation's sender rule (off unless turned on). */
export async function readSenderSettings(db: Executor): Promise<SenderSettings> {
  const stored = await getSetting<Partial<SenderSettings>>(db, SETTING_KEYS.senders);
  return { restrictToList: stored?.restrictToList === true };
}

/** Saves the sender rule (audited). */
export async function saveSenderSettings(db: Db, input: Command & { settings: SenderSettings }): Promise<SenderSettings> {
  await db.transaction(async (tx) => {
    await putSetting(tx, SETTING_KEYS.senders, input.settings);
    await recordAudit(tx, {
      actor: input.actor,
      action: 'sender.settings_update',
      subject: 'Settings',
      ip: input.ip,
      details: input.settings,
    });
  });
  return input.settings;
}

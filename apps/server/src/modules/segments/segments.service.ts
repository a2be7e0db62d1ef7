import { SEGMENT_ERROR_CODES, type CreateSegmentBody, type SegmentDefinition, type UpdateSegmentBody } from '@sms/contracts/segments';
import type { Db, Executor } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { recordAudit, type Command } from '../../platform/audit.ts';
import { Conflict, NotFound, ValidationError } from '../../platform/errors.ts';
import {
  campaignExists,
  campaignsAwaitingSegment,
  deleteSegmentRow,
  insertSegment,
  updateSegmentRow,
  type SegmentRow,
} from './segments.queries.ts';

/** 400 naming the condition when a definition refers to a campaign that does not exist. */
export async function checkDefinition(db: Executor, definition: SegmentDefinition | undefined, prefix = 'definition'): Promise<void> {
  const conditions = definition?.conditions;
  for (const key of ['repliedTo', 'notRepliedTo'] as const) {
    const id = conditions?.[key];
    if (id && !(await campaignExists(db, id)))
      throw new ValidationError(`${prefix}.conditions.${key}`, `${prefix}.conditions.${key} names a campaign that does not exist`);
  }
}

/** Runs a write, turning the name's unique index into a 409 naming the field. */
async function uniqueName<T>(name: string | undefined, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error))
      throw new Conflict(`A segment named "${name}" already exists`, { code: SEGMENT_ERROR_CODES.nameTaken, field: 'name' });
    throw error;
  }
}

/** Saves a new segment. */
export async function createSegment(db: Db, input: Command & { body: CreateSegmentBody }): Promise<SegmentRow> {
  await checkDefinition(db, input.body.definition);
  return uniqueName(input.body.name, () =>
    db.transaction(async (tx) => {
      const row = await insertSegment(tx, { name: input.body.name, definition: input.body.definition, createdBy: input.actor.id });
      await recordAudit(tx, {
        actor: input.actor,
        action: 'segment.create',
        subject: 'Segment',
        subjectId: row.id,
        ip: input.ip,
        details: { name: row.name },
      });
      return row;
    }),
  );
}

/** Renames a segment or changes its definition (campaigns already sending keep the definition they recorded). */
export async function updateSegment(db: Db, input: Command & { id: string; body: UpdateSegmentBody }): Promise<SegmentRow> {
  await checkDefinition(db, input.body.definition);
  return uniqueName(input.body.name, () =>
    db.transaction(async (tx) => {
      const row = await updateSegmentRow(tx, input.id, input.body);
      if (!row) throw new NotFound('Segment not found');
      await recordAudit(tx, {
        actor: input.actor,
        action: 'segment.update',
        subject: 'Segment',
        subjectId: row.id,
        ip: input.ip,
        details: { fields: Object.keys(input.body) },
      });
      return row;
    }),
  );
}

/** Deletes a segment; 409 naming the campaign when a scheduled (or not yet resolved) campaign is to be sent to it. */
export async function deleteSegment(db: Db, input: Command & { id: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const [user] = await campaignsAwaitingSegment(tx, input.id);
    if (user)
      throw new Conflict(`The campaign "${user.name}" is to be sent to this segment: change its audience or cancel it first`, {
        code: SEGMENT_ERROR_CODES.inUse,
        existingId: user.id,
      });
    if (!(await deleteSegmentRow(tx, input.id))) throw new NotFound('Segment not found');
    await recordAudit(tx, { actor: input.actor, action: 'segment.delete', subject: 'Segment', subjectId: input.id, ip: input.ip });
  });
}

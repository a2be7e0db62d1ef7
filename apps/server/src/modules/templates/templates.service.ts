import { TEMPLATE_ERROR_CODES, type CreateTemplateBody, type UpdateTemplateBody } from '@sms/contracts/templates';
import { parseTemplate } from '@sms/contracts/message-template';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { recordAudit, type Command } from '../../platform/audit.ts';
import { Conflict, NotFound, ValidationError } from '../../platform/errors.ts';
import { deleteTemplateRow, insertTemplate, updateTemplateRow, type TemplateRow } from './templates.queries.ts';

/** 400 on `body` when a merge tag is malformed (the composer's check, so a template can always be sent). */
function checkTemplateBody(body: string | undefined): void {
  if (body === undefined) return;
  const problem = parseTemplate(body).problems[0];
  if (problem) throw new ValidationError('body', `body has a malformed merge field at character ${problem.start + 1}: ${problem.message}`);
}

/** Runs a write, turning the name's unique index into a 409 naming the field. */
async function uniqueName<T>(name: string | undefined, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error))
      throw new Conflict(`A template named "${name}" already exists`, { code: TEMPLATE_ERROR_CODES.nameTaken, field: 'name' });
    throw error;
  }
}

/** Creates a template. */
export async function createTemplate(db: Db, input: Command & { body: CreateTemplateBody }): Promise<TemplateRow> {
  checkTemplateBody(input.body.body);
  return uniqueName(input.body.name, () =>
    db.transaction(async (tx) => {
      const row = await insertTemplate(tx, { ...input.body, createdBy: input.actor.id });
      await recordAudit(tx, {
        actor: input.actor,
        action: 'template.create',
        subject: 'Template',
        subjectId: row.id,
        ip: input.ip,
        details: { name: row.name },
      });
      return row;
    }),
  );
}

/** Changes a template. */
export async function updateTemplate(db: Db, input: Command & { id: string; body: UpdateTemplateBody }): Promise<TemplateRow> {
  checkTemplateBody(input.body.body);
  return uniqueName(input.body.name, () =>
    db.transaction(async (tx) => {
      const row = await updateTemplateRow(tx, input.id, input.body);
      if (!row) throw new NotFound('Template not found');
      await recordAudit(tx, {
        actor: input.actor,
        action: 'template.update',
        subject: 'Template',
        subjectId: row.id,
        ip: input.ip,
        details: { fields: Object.keys(input.body) },
      });
      return row;
    }),
  );
}

/** Deletes a template (campaigns and replies made from it keep their text). */
export async function deleteTemplate(db: Db, input: Command & { id: string }): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await deleteTemplateRow(tx, input.id))) throw new NotFound('Template not found');
    await recordAudit(tx, { actor: input.actor, action: 'template.delete', subject: 'Template', subjectId: input.id, ip: input.ip });
  });
}

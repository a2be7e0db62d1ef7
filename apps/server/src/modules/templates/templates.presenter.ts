import type { Template } from '@sms/contracts/templates';
import type { TemplateWithCreator } from './templates.queries.ts';

/** Maps a template row (with its creator's name) to the API's Template. */
export function presentTemplate({ template, creatorName }: TemplateWithCreator): Template {
  return {
    id: template.id,
    name: template.name,
    category: template.category,
    body: template.body,
    senderId: template.senderId,
    useCount: template.useCount,
    lastUsedAt: template.lastUsedAt?.toISOString() ?? null,
    createdBy: template.createdBy ? { id: template.createdBy, name: creatorName ?? 'Deleted user' } : null,
    createdAt: template.createdAt.toISOString(),
    updatedAt: template.updatedAt.toISOString(),
  };
}

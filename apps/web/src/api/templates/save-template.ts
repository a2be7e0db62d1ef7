import type { CreateTemplateBody, Template, UpdateTemplateBody } from '@sms/contracts/templates';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost, apiPut } from '../../lib/api-client';
import { templatesKeys } from './templates-keys';

/** POST /api/templates, or PUT /api/templates/{id} when an id is given. */
export const saveTemplate = async ({ id, body }: { id?: string; body: CreateTemplateBody | UpdateTemplateBody }): Promise<Template> =>
  (id
    ? await apiPut<{ template: Template }>(`/api/templates/${encodeURIComponent(id)}`, body)
    : await apiPost<{ template: Template }>('/api/templates', body)
  ).template;

/** Saves a template and refreshes the template lists. */
export function useSaveTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templatesKeys.all }),
  });
}

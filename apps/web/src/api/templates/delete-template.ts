import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete } from '../../lib/api-client';
import { templatesKeys } from './templates-keys';

/** DELETE /api/templates/{id}. */
export const deleteTemplate = (id: string): Promise<void> => apiDelete(`/api/templates/${encodeURIComponent(id)}`);

/** Deletes a template and refreshes the template lists. */
export function useDeleteTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templatesKeys.all }),
  });
}

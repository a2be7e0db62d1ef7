import type { UserResponse } from '@sms/contracts/users';
import { useMutation } from '@tanstack/react-query';
import { apiClient, apiDelete } from '../../lib/api-client';
import { useAuth } from '../../lib/auth/use-auth';

/** POST /api/users/me/avatar (multipart field `avatar`). */
export async function uploadAvatar(file: File): Promise<UserResponse> {
  const form = new FormData();
  form.append('avatar', file);
  // The API client lets the browser write the multipart type and boundary for FormData (as the brand uploads do).
  return (await apiClient.post<UserResponse>('/api/users/me/avatar', form, { headers: { 'Content-Type': 'multipart/form-data' } })).data;
}

/** DELETE /api/users/me/avatar. */
export const removeAvatar = (): Promise<UserResponse> => apiDelete<UserResponse>('/api/users/me/avatar');

export function useUploadAvatar() {
  const { refreshUser } = useAuth();
  return useMutation({ mutationFn: uploadAvatar, onSuccess: () => refreshUser().catch(() => undefined) });
}

export function useRemoveAvatar() {
  const { refreshUser } = useAuth();
  return useMutation({ mutationFn: removeAvatar, onSuccess: () => refreshUser().catch(() => undefined) });
}

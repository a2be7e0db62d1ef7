import { IMPORT_FILE_FIELD, type ImportUploadResponse } from '@sms/contracts/imports';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client';
import { importsKeys } from './imports-keys';

export interface UploadImportInput {
  file: File;
  /** Called with 0-100 while the file is sent. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/** POST /api/contacts/imports (multipart): stores the file and answers its preview. */
export async function uploadImport({ file, onProgress, signal }: UploadImportInput): Promise<ImportUploadResponse> {
  const form = new FormData();
  form.append(IMPORT_FILE_FIELD, file, file.name);
  const response = await apiClient.post<ImportUploadResponse>('/api/contacts/imports', form, {
    // Let the browser set multipart/form-data with its boundary.
    headers: { 'Content-Type': undefined },
    signal,
    onUploadProgress: (event) => {
      if (onProgress && event.total) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    },
  });
  return response.data;
}

/** Uploads a file; primes the import and its preview so the mapping step shows at once. */
export function useUploadImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadImport,
    onSuccess: (data) => {
      queryClient.setQueryData(importsKeys.detail(data.import.id), data.import);
      queryClient.setQueryData(importsKeys.preview(data.import.id, null), data.preview);
    },
  });
}

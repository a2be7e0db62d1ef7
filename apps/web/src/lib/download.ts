import { apiClient, type RequestConfig } from './api-client';

/** The file name a Content-Disposition header gives (RFC 6266 `filename*` first), else null. */
export function dispositionFileName(header: string | null | undefined): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/.exec(header);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  return name ? name : null;
}

/** Hands a blob to the browser as a download named `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser time to start reading the blob before releasing it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * Downloads an authenticated API file (the bearer token lives in localStorage, not a cookie, so
 * a plain link cannot carry it): fetched whole as a blob, then saved. Large exports are held in
 * memory once; a signed one-time download URL would let the browser stream them instead.
 */
export async function downloadFile(url: string, fallbackName: string, config?: RequestConfig): Promise<string> {
  // Error answers come back as JSON (the client reads error bodies as text), so they carry the usual message.
  const response = await apiClient.get<Blob>(url, { ...config, responseType: 'blob', headers: { Accept: '*/*' } });
  const name = dispositionFileName(response.headers.get('content-disposition')) ?? fallbackName;
  saveBlob(response.data, name);
  return name;
}

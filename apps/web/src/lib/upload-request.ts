import type { Method } from './api-client';

// The API client's uploads with progress (fetch cannot report it): loaded with the first upload,
// not on every page.

/** Statuses whose Response may not carry a body. */
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/** The same request through XMLHttpRequest, for its upload progress events; answers a fetch Response. */
export function sendWithProgress(
  method: Method,
  url: string,
  init: RequestInit,
  onProgress: (event: { loaded: number; total: number | undefined }) => void,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.responseType = 'blob';
    (init.headers as Headers).forEach((value, name) => xhr.setRequestHeader(name, value));
    xhr.upload.onprogress = (event) => onProgress({ loaded: event.loaded, total: event.lengthComputable ? event.total : undefined });
    xhr.onload = () => {
      const headers = new Headers();
      for (const line of xhr
        .getAllResponseHeaders()
        .trim()
        .split(/[\r\n]+/)) {
        const colon = line.indexOf(':');
        if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
      }
      resolve(new Response(NULL_BODY_STATUSES.has(xhr.status) ? null : (xhr.response as Blob), { status: xhr.status, headers }));
    };
    xhr.onerror = () => reject(new TypeError('Network Error'));
    xhr.onabort = () => reject(init.signal?.reason ?? new DOMException('aborted', 'AbortError'));
    init.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    if (init.signal?.aborted) xhr.abort();
    else xhr.send(init.body as XMLHttpRequestBodyInit | null);
  });
}

import type { TestResponse, TestServer } from './helper.ts';

/** One file part of a multipart upload. */
export interface UploadFile {
  field: string;
  bytes: Uint8Array;
  filename?: string;
  /** The client's claimed Content-Type of the part (the server must not trust it). */
  type?: string;
}

export interface UploadOptions {
  token?: string;
  files?: UploadFile[];
  fields?: Record<string, string>;
}

/** POSTs a multipart/form-data request (as a browser would) and reads the answer like the helper. */
export async function upload<T = unknown>(server: TestServer, path: string, options: UploadOptions): Promise<TestResponse<T>> {
  const form = new FormData();
  for (const [name, value] of Object.entries(options.fields ?? {})) form.append(name, value);
  for (const file of options.files ?? []) {
    form.append(
      file.field,
      new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }),
      file.filename ?? 'upload.bin',
    );
  }
  const headers: Record<string, string> = options.token ? { authorization: `Bearer ${options.token}` } : {};
  const response = await fetch(`${server.baseUrl}${path}`, { method: 'POST', headers, body: form });
  const text = await response.text();
  const isJson = response.headers.get('content-type')?.includes('application/json');
  return { status: response.status, headers: response.headers, body: (isJson && text ? JSON.parse(text) : text) as T };
}

/** GETs a path and returns the raw bytes with status and headers. */
export async function fetchBytes(
  server: TestServer,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
  const response = await fetch(`${server.baseUrl}${path}`, { headers });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

import { MAINTENANCE_CODE } from '@sms/contracts/maintenance-constants';
import { loginWithRedirect, paths } from '../config/paths';
import { HttpFailure, toApiError } from './api-error';
import { clearStoredSession, readToken } from './auth/session-storage';
import { connection } from './connection/connection-state';
import { maintenanceWithReturn } from './maintenance/maintenance-return';
import { queryString, type QueryParams } from './query-string';

export { ApiError, errorMessage } from './api-error';

/** Spec section 9: five minutes, for uploads too. */
export const REQUEST_TIMEOUT_MS = 300_000;

/** Options of one call (the subset of axios's that the app used, with the same meaning). */
export interface RequestConfig {
  /** Query parameters: undefined and null are left out, arrays repeat the name (`name[]=`, or `name=` with `indexes: null`). */
  params?: QueryParams;
  paramsSerializer?: { indexes: null };
  signal?: AbortSignal;
  /** Skip the global 401 handling (sign-in and sign-out calls answer 401 as a normal outcome). */
  skipAuthRedirect?: boolean;
  /** Milliseconds before the call fails with the timeout message; REQUEST_TIMEOUT_MS by default. */
  timeout?: number;
  /** Extra or replaced headers; `undefined` removes a default. For FormData bodies the browser sets the multipart type. */
  headers?: Record<string, string | undefined>;
  /** `blob` for downloads; JSON (or text when not JSON) otherwise. */
  responseType?: 'json' | 'blob';
  /** Upload progress (the call then goes through XMLHttpRequest: fetch cannot report it). */
  onUploadProgress?: (event: { loaded: number; total: number | undefined }) => void;
}

/** A successful answer: its body (parsed), status and headers. */
export interface ApiResponse<T> {
  data: T;
  status: number;
  headers: Headers;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

const BASE_URL: string = import.meta.env.VITE_API_URL ?? '';
const DEFAULT_HEADERS = { 'Content-Type': 'application/json', Accept: 'application/json' };

type Navigate = (to: string) => void;
let navigate: Navigate = (to) => window.location.assign(to);
const unauthorizedListeners = new Set<() => void>();

/** Lets the router take over the 401 redirect (client-side navigation instead of a reload). */
export function setApiNavigator(fn: Navigate): void {
  navigate = fn;
}

/** Called after any 401 has cleared the stored session (the auth provider resets its state). */
export function onUnauthorized(listener: () => void): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

const LOGIN_PAGES: readonly string[] = [paths.login, paths.split.login];

/** Spec section 8: on 401 drop the session and go to the login page with a redirect back here. */
function handleUnauthorized(): void {
  clearStoredSession();
  for (const listener of unauthorizedListeners) listener();
  const { pathname, search } = window.location;
  if (!LOGIN_PAGES.includes(pathname)) navigate(loginWithRedirect(`${pathname}${search}`));
}

/** Maintenance mode (503 MAINTENANCE): show the maintenance page, which comes back here when it ends. */
function handleMaintenance(): void {
  const { pathname, search } = window.location;
  if (pathname !== paths.maintenance) navigate(maintenanceWithReturn(`${pathname}${search}`));
}

/**
 * The request's headers: JSON defaults, the bearer token, the caller's. Without a body no
 * Content-Type (Fastify refuses an empty JSON body); FormData gets the browser's multipart type.
 */
function requestHeaders(body: unknown, config: RequestConfig): Headers {
  const headers = new Headers();
  const token = readToken();
  for (const [name, value] of Object.entries({
    ...DEFAULT_HEADERS,
    ...(token ? { Authorization: `Bearer ${token}` } : {}),
    ...config.headers,
  }))
    if (value !== undefined) headers.set(name, value);
  if (body === undefined || body instanceof FormData) headers.delete('Content-Type');
  return headers;
}

/** JSON bodies are serialised; FormData, Blob and strings go as they are. */
function requestBody(body: unknown): BodyInit | undefined {
  if (body === undefined) return undefined;
  if (body instanceof FormData || body instanceof Blob || typeof body === 'string') return body;
  return JSON.stringify(body);
}

/** A body read as JSON when it parses, else as the text it is (an empty body is undefined). */
async function readBody(response: Response, responseType: RequestConfig['responseType']): Promise<unknown> {
  if (responseType === 'blob' && response.ok) return response.blob();
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** A Retry-After header in seconds, when there is one (its date form is read as none: the wait is capped anyway). */
function retryAfterSeconds(headers: Headers): number | undefined {
  const seconds = Number(headers.get('retry-after') ?? NaN);
  return seconds >= 0 ? seconds : undefined;
}

let transport: typeof fetch = (input, init) => fetch(input, init);

/**
 * Where the calls go: the browser's fetch, or, while the server renders a public page
 * (delivery/public-pages.server.tsx), the server answering its own API in process.
 */
export function setApiTransport(next: typeof fetch): void {
  transport = next;
}

/**
 * One HTTP call: every failure becomes an ApiError, after the 401 and maintenance handling. Each
 * outcome tells the connection state whether the server could serve (connection/).
 */
async function request<T>(method: Method, url: string, body: unknown, config: RequestConfig = {}): Promise<ApiResponse<T>> {
  const timeout = AbortSignal.timeout(config.timeout ?? REQUEST_TIMEOUT_MS);
  const signal = config.signal ? AbortSignal.any([config.signal, timeout]) : timeout;
  const init: RequestInit = { method, headers: requestHeaders(body, config), body: requestBody(body), signal };
  const target = `${BASE_URL}${url}${queryString(config.params, config.paramsSerializer?.indexes !== null)}`;
  try {
    let response: Response;
    let data: unknown;
    try {
      // Uploads with progress go through XMLHttpRequest, whose code loads with the first of them.
      response = config.onUploadProgress
        ? await (await import('./upload-request')).sendWithProgress(method, target, init, config.onUploadProgress)
        : await transport(target, init);
      data = await readBody(response, config.responseType);
    } catch {
      // No (whole) answer: the timeout, the caller's cancel, or the network.
      if (timeout.aborted) throw new HttpFailure('timeout', `timeout of ${config.timeout ?? REQUEST_TIMEOUT_MS}ms exceeded`);
      if (config.signal?.aborted) throw new HttpFailure('canceled', 'canceled');
      throw new HttpFailure('network', 'Network Error');
    }
    if (!response.ok) throw HttpFailure.status(response.status, data, retryAfterSeconds(response.headers));
    connection.report(undefined);
    return { data: data as T, status: response.status, headers: response.headers };
  } catch (error) {
    const apiError = toApiError(error);
    // A cancelled call or one past its time says nothing about the server.
    if (apiError.status !== 0 || apiError.trouble) connection.report(apiError.trouble, apiError.retryAfter);
    if (apiError.status === 401 && !config.skipAuthRedirect) handleUnauthorized();
    if (apiError.status === 503 && apiError.code === MAINTENANCE_CODE) handleMaintenance();
    throw apiError;
  }
}

/**
 * The single HTTP client of the app (on the browser's fetch; uploads with progress on
 * XMLHttpRequest). Answers the whole response; every failure rejects with an ApiError.
 */
export const apiClient = {
  get: <T>(url: string, config?: RequestConfig) => request<T>('GET', url, undefined, config),
  post: <T>(url: string, body?: unknown, config?: RequestConfig) => request<T>('POST', url, body, config),
  put: <T>(url: string, body?: unknown, config?: RequestConfig) => request<T>('PUT', url, body, config),
  patch: <T>(url: string, body?: unknown, config?: RequestConfig) => request<T>('PATCH', url, body, config),
  delete: <T>(url: string, body?: unknown, config?: RequestConfig) => request<T>('DELETE', url, body, config),
};

/** GET `url`, resolving to the response body. */
export async function apiGet<T>(url: string, config?: RequestConfig): Promise<T> {
  return (await apiClient.get<T>(url, config)).data;
}

/** POST `body` as JSON to `url`, resolving to the response body. */
export async function apiPost<T>(url: string, body?: unknown, config?: RequestConfig): Promise<T> {
  return (await apiClient.post<T>(url, body, config)).data;
}

/** PUT `body` as JSON to `url`, resolving to the response body. */
export async function apiPut<T>(url: string, body?: unknown, config?: RequestConfig): Promise<T> {
  return (await apiClient.put<T>(url, body, config)).data;
}

/** PATCH `body` as JSON to `url`, resolving to the response body. */
export async function apiPatch<T>(url: string, body?: unknown, config?: RequestConfig): Promise<T> {
  return (await apiClient.patch<T>(url, body, config)).data;
}

/** DELETE `url`, optionally with a JSON body, resolving to the response body. */
export async function apiDelete<T = void>(url: string, body?: unknown, config?: RequestConfig): Promise<T> {
  return (await apiClient.delete<T>(url, body, config)).data;
}

import { MAINTENANCE_CODE } from '@sms/contracts/maintenance';
import axios, { type AxiosRequestConfig } from 'axios';
import { loginWithRedirect, paths } from '../config/paths';
import { toApiError } from './api-error';
import { clearStoredSession, readToken } from './auth/session-storage';
import { maintenanceWithReturn } from './maintenance/maintenance-return';

export { ApiError, errorMessage } from './api-error';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Skip the global 401 handling (sign-in and sign-out calls answer 401 as a normal outcome). */
    skipAuthRedirect?: boolean;
  }
}

/** Spec section 9: five minutes, for uploads too. */
export const REQUEST_TIMEOUT_MS = 300_000;

/**
 * The single HTTP client of the app (raw axios instance; use it directly for uploads with
 * onUploadProgress). Every failure rejects with an ApiError.
 */
export const apiClient = axios.create({
  baseURL: import.meta.env.VITE_API_URL ?? '',
  timeout: REQUEST_TIMEOUT_MS,
  headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
});

apiClient.interceptors.request.use((config) => {
  const token = readToken();
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
  return config;
});

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

const LOGIN_PAGES: readonly string[] = [paths.login, paths.login2];

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

apiClient.interceptors.response.use(undefined, (error: unknown) => {
  const apiError = toApiError(error);
  const config = axios.isAxiosError(error) ? error.config : undefined;
  if (apiError.status === 401 && !config?.skipAuthRedirect) handleUnauthorized();
  if (apiError.status === 503 && apiError.code === MAINTENANCE_CODE) handleMaintenance();
  return Promise.reject(apiError);
});

/** GET `url`, resolving to the response body. */
export async function apiGet<T>(url: string, config?: AxiosRequestConfig): Promise<T> {
  return (await apiClient.get<T>(url, config)).data;
}

/** POST `body` as JSON to `url`, resolving to the response body. */
export async function apiPost<T>(url: string, body?: unknown, config?: AxiosRequestConfig): Promise<T> {
  return (await apiClient.post<T>(url, body, config)).data;
}

/** PUT `body` as JSON to `url`, resolving to the response body. */
export async function apiPut<T>(url: string, body?: unknown, config?: AxiosRequestConfig): Promise<T> {
  return (await apiClient.put<T>(url, body, config)).data;
}

/** PATCH `body` as JSON to `url`, resolving to the response body. */
export async function apiPatch<T>(url: string, body?: unknown, config?: AxiosRequestConfig): Promise<T> {
  return (await apiClient.patch<T>(url, body, config)).data;
}

/** DELETE `url`, optionally with a JSON body, resolving to the response body. */
export async function apiDelete<T = void>(url: string, body?: unknown, config?: AxiosRequestConfig): Promise<T> {
  return (await apiClient.delete<T>(url, { ...config, data: body })).data;
}

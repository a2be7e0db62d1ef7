import type { Browser, BrowserContext, Page } from 'playwright-core';

export interface Account {
  name: string;
  email: string;
  password: string;
}

export const FIRST_ADMIN: Account = { name: 'Ada Admin', email: 'ada@example.org', password: 'Correct-Horse-42' };

/** Calls the API directly (test set-up only; journeys under test go through the UI). */
export async function api<T>(baseUrl: string, method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} -> ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

export interface Session {
  token: string;
  user: { id: string; email: string };
}

/** Signs in through the API; returns the token and user. */
export function signInByApi(baseUrl: string, account: Account = FIRST_ADMIN): Promise<Session> {
  return api<Session>(baseUrl, 'POST', '/api/users/login', { email: account.email, password: account.password });
}

/** Creates the first admin through the API and signs in. */
export async function seedAdmin(baseUrl: string, account: Account = FIRST_ADMIN): Promise<Session> {
  await api(baseUrl, 'POST', '/api/users/register', account);
  return signInByApi(baseUrl, account);
}

/**
 * A page whose console errors, failed scripts and CSP violations are collected, so every
 * journey also proves the built app runs cleanly under the server's strict CSP.
 */
export async function openPage(browser: Browser, baseUrl: string): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1366, height: 900 } });
  // 15 s: a page load on a busy 2-CPU CI host has taken over 10 s; a wait that never holds still fails.
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    const text = message.text();
    // Expected failed requests (401/403/404 answers the test provokes) are not app faults.
    if (message.type() === 'error' && !/status of (401|403|404|409|429)/.test(text)) problems.push(`console: ${text}`);
  });
  return { context, page, problems };
}

/** Stores a session the way the app does (localStorage token and user) before any page loads. */
export async function useSession(context: BrowserContext, session: { token: string; user: unknown }): Promise<void> {
  await context.addInitScript((value) => {
    if (!window.sessionStorage.getItem('e2e-session-set')) {
      window.localStorage.setItem('token', value.token);
      window.localStorage.setItem('user', JSON.stringify(value.user));
      window.sessionStorage.setItem('e2e-session-set', '1');
    }
  }, session);
}

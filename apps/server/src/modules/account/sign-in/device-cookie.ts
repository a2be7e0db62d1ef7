import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Executor } from '../../../db/client.ts';
import { appSettings } from '../../../db/schema.ts';
import { getSetting, SETTING_KEYS } from '../../../platform/settings.ts';

/**
 * Device cookies (OWASP "Blocking Brute Force Attacks"; decision 076): after a successful sign-in
 * the browser keeps a token saying "this device signed in to this account before", and its later
 * sign-ins to that account are judged on its own failures only (login-throttle.ts). A token is
 * `<account id>.<random device id>.<HMAC of both with the installation's secret>`: no personal
 * data, and nobody without the secret can make one. One cookie holds the tokens of up to five
 * accounts (a shared computer), newest first; it is sent only to the sign-in routes.
 */
export const DEVICE_COOKIE = 'sms_device';
const COOKIE_PATH = '/api/users/login';
const MAX_AGE_SECONDS = 180 * 24 * 3600;
const MAX_ACCOUNTS = 5;
const TOKEN_SHAPE = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{43})$/;

/** A device the request's cookie proves for one account. */
export interface KnownDevice {
  accountId: string;
  /** The device's name in the sign-in throttle: account and device id. */
  device: string;
  token: string;
}

/** The installation's device-cookie secret, made on first use (kept in app_settings, so every process and backups share it). */
async function deviceSecret(db: Executor): Promise<string> {
  const stored = await getSetting<string>(db, SETTING_KEYS.deviceCookieSecret);
  if (typeof stored === 'string') return stored;
  await db
    .insert(appSettings)
    .values({ key: SETTING_KEYS.deviceCookieSecret, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  return (await getSetting<string>(db, SETTING_KEYS.deviceCookieSecret)) as string;
}

const signature = (secret: string, accountId: string, deviceId: string) =>
  createHmac('sha256', secret).update(`device\0${accountId}\0${deviceId}`).digest('base64url');

const cookieValue = (header: string | undefined): string | undefined =>
  header
    ?.split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${DEVICE_COOKIE}=`))
    ?.slice(DEVICE_COOKIE.length + 1);

/** The devices a request's Cookie header proves, one per account; forged, damaged or repeated entries are left out. */
export async function knownDevices(db: Executor, cookieHeader: string | undefined): Promise<KnownDevice[]> {
  const value = cookieValue(cookieHeader);
  if (!value) return [];
  const secret = await deviceSecret(db);
  const devices: KnownDevice[] = [];
  for (const token of value.split('~').slice(0, MAX_ACCOUNTS)) {
    const [, accountId, deviceId, mac] = TOKEN_SHAPE.exec(token) ?? [];
    if (!accountId || !deviceId || !mac || devices.some((known) => known.accountId === accountId)) continue;
    if (!timingSafeEqual(Buffer.from(mac), Buffer.from(signature(secret, accountId, deviceId)))) continue;
    devices.push({ accountId, device: `${accountId}:${deviceId}`, token });
  }
  return devices;
}

/** The throttle's name of this request's device for `accountId`, when its cookie proves one. */
export const deviceFor = (devices: KnownDevice[], accountId: string): string | undefined =>
  devices.find((known) => known.accountId === accountId)?.device;

/** The cookie's value after `accountId` signed in: its token first (the same device id when it had one), then the others. */
export async function deviceCookieAfterSignIn(db: Executor, accountId: string, devices: KnownDevice[]): Promise<string> {
  const own = devices.find((known) => known.accountId === accountId);
  let token = own?.token;
  if (!token) {
    const deviceId = randomBytes(12).toString('base64url');
    token = `${accountId}.${deviceId}.${signature(await deviceSecret(db), accountId, deviceId)}`;
  }
  const others = devices.filter((known) => known.accountId !== accountId).map((known) => known.token);
  return [token, ...others].slice(0, MAX_ACCOUNTS).join('~');
}

/**
 * Sets the device cookie on a sign-in answer: HttpOnly (no script reads it), SameSite=Strict,
 * Secure when the request came over https or PUBLIC_URL is https (plain-HTTP installs on a LAN
 * keep working), sent back only to the sign-in routes.
 */
export function setDeviceCookie(request: FastifyRequest, reply: FastifyReply, value: string, publicUrl: string | undefined): void {
  const secure = request.protocol === 'https' || publicUrl?.startsWith('https:') === true;
  reply.header(
    'set-cookie',
    `${DEVICE_COOKIE}=${value}; Path=${COOKIE_PATH}; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`,
  );
}

import { createHash, randomBytes } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import {
  API_KEY_LIMITS,
  API_KEY_PREFIX,
  type CreateApiKeyBody,
  type RotateApiKeyBody,
  type UpdateApiKeyBody,
} from '@sms/contracts/api-keys';
import type { Db } from '../../db/client.ts';
import type { ApiKeyAccess } from './api-key-access.ts';
import { recordAudit, type Command } from '../../platform/audit.ts';
import { Conflict, NotFound, ValidationError } from '../../platform/errors.ts';
import { insertApiKey, revokeApiKey, rotateApiKeySecret, updateApiKeyRow, type ApiKeyRow } from './api-keys.queries.ts';

/** SHA-256 of a secret: secrets are long random strings, so a fast hash is enough (no password stretching). */
export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** An address range as [address, prefix length, family], or undefined when it is not one. */
function parseCidr(text: string): [string, number, 'ipv4' | 'ipv6'] | undefined {
  const [address = '', bits] = text.split('/');
  const version = isIP(address);
  if (version === 0) return undefined;
  const max = version === 4 ? 32 : 128;
  const prefix = bits === undefined ? max : Number(bits);
  if (!Number.isInteger(prefix) || prefix < 0 || prefix > max) return undefined;
  return [address, prefix, version === 4 ? 'ipv4' : 'ipv6'];
}

/** Whether `ip` falls in one of `cidrs` (an IPv4 address mapped into IPv6 counts as IPv4). */
export function addressAllowed(cidrs: string[], ip: string): boolean {
  if (cidrs.length === 0) return true;
  const list = new BlockList();
  for (const cidr of cidrs) {
    const parsed = parseCidr(cidr);
    if (parsed) list.addSubnet(...parsed);
  }
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  const address = mapped ?? ip;
  const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
  return isIP(address) !== 0 && list.check(address, family);
}

/** A new secret: `smsk_` + 32 random bytes, base64url. */
const newSecret = () => `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
/** What the list shows of a secret, to tell keys apart. */
const prefixOf = (secret: string) => secret.slice(0, API_KEY_PREFIX.length + 6);

/** Creates a key; answers it with its secret (`smsk_` + 32 random bytes), which is never stored nor shown again. */
export async function createApiKey(db: Db, command: Command, body: CreateApiKeyBody): Promise<{ row: ApiKeyRow; secret: string }> {
  const cidrs = body.allowedCidrs ?? [];
  cidrs.forEach((cidr, index) => {
    if (!parseCidr(cidr))
      throw new ValidationError(`allowedCidrs.${index}`, 'must be an IP address or a CIDR range such as 203.0.113.0/24');
  });
  if (body.expiresAt && new Date(body.expiresAt).getTime() <= Date.now())
    throw new ValidationError('expiresAt', 'expiresAt must be in the future');
  const secret = newSecret();
  const row = await db.transaction(async (tx) => {
    const inserted = await insertApiKey(tx, {
      name: body.name,
      prefix: prefixOf(secret),
      secretHash: hashSecret(secret),
      scopes: [...new Set(body.scopes)],
      expiresAt: body.expiresAt ?? null,
      allowedCidrs: cidrs,
      rateLimit: body.rateLimit ?? API_KEY_LIMITS.defaultRateLimit,
      createdBy: command.actor.id,
    });
    await recordAudit(tx, {
      actor: command.actor,
      action: 'api_key.create',
      subject: 'Settings',
      subjectId: inserted.id,
      ip: command.ip,
      details: { name: inserted.name, scopes: inserted.scopes },
    });
    return inserted;
  });
  return { row, secret };
}

/**
 * Renames a key, changes its rate limit or its scopes (the next request uses them). A change of
 * scopes is audited on its own (`api_key.scopes`, from and to), the rest as `api_key.update`. 404 when unknown.
 */
export async function updateApiKey(db: Db, access: ApiKeyAccess, command: Command, id: string, body: UpdateApiKeyBody): Promise<ApiKeyRow> {
  // Pending last uses first: the answer shows the key's last use like the list does.
  await access.flushLastUse();
  const { scopes, ...rest } = body;
  const updated = await db.transaction(async (tx) => {
    const found = await updateApiKeyRow(tx, id, { ...rest, scopes: scopes && [...new Set(scopes)] });
    if (!found) throw new NotFound('API key not found');
    const { scopes_before: before, ...row } = found;
    const audit = { actor: command.actor, subject: 'Settings', subjectId: id, ip: command.ip };
    if (rest.name !== undefined || rest.rateLimit !== undefined)
      await recordAudit(tx, { ...audit, action: 'api_key.update', details: { ...rest } });
    const sameScopes = before.length === row.scopes.length && before.every((scope) => row.scopes.includes(scope));
    if (!sameScopes)
      await recordAudit(tx, { ...audit, action: 'api_key.scopes', details: { name: row.name, from: before, to: row.scopes } });
    return row;
  });
  // After the commit, so no request reads the old row back into the cache.
  access.forget(id);
  return updated;
}

/**
 * Replaces a key's secret and answers the new one (shown this once). The replaced secret keeps
 * working for `overlapHours` (database clock; 0: it stops at once), then is refused with
 * API_KEY_ROTATED; a secret replaced by an earlier rotation stops at once. 404 when unknown, 409 when revoked.
 */
export async function rotateApiKey(
  db: Db,
  access: ApiKeyAccess,
  command: Command,
  id: string,
  body: RotateApiKeyBody,
): Promise<{ row: ApiKeyRow; secret: string }> {
  await access.flushLastUse();
  const secret = newSecret();
  const row = await db.transaction(async (tx) => {
    const rotated = await rotateApiKeySecret(tx, id, {
      prefix: prefixOf(secret),
      secretHash: hashSecret(secret),
      overlapHours: body.overlapHours,
    });
    if (!rotated) throw new Conflict('A revoked API key cannot be rotated; create a new key.');
    await recordAudit(tx, {
      actor: command.actor,
      action: 'api_key.rotate',
      subject: 'Settings',
      subjectId: id,
      ip: command.ip,
      details: { name: rotated.name, prefix: rotated.prefix, overlapHours: body.overlapHours },
    });
    return rotated;
  });
  // After the commit: a cached replaced secret must be read again to learn its overlap's end.
  access.forget(id);
  return { row, secret };
}

/** Revokes a key at once: its next request is refused. 404 when unknown. */
export async function revokeKey(db: Db, access: ApiKeyAccess, command: Command, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await revokeApiKey(tx, id);
    if (!row) throw new NotFound('API key not found');
    await recordAudit(tx, {
      actor: command.actor,
      action: 'api_key.revoke',
      subject: 'Settings',
      subjectId: id,
      ip: command.ip,
      details: { name: row.name },
    });
  });
  // After the commit, so no request reads the old row back into the cache.
  access.forget(id);
}

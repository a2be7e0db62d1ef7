import { createHash, randomBytes } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import { API_KEY_LIMITS, API_KEY_PREFIX, type CreateApiKeyBody, type UpdateApiKeyBody } from '@sms/contracts/api-keys';
import type { Db } from '../../db/client.ts';
import type { ApiKeyAccess } from './api-key-access.ts';
import { recordAudit, type Command } from '../../platform/audit.ts';
import { NotFound, ValidationError } from '../../platform/errors.ts';
import { insertApiKey, revokeApiKey, updateApiKeyRow, type ApiKeyRow } from './api-keys.queries.ts';

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

/** Creates a key; answers it with its secret (`smsk_` + 32 random bytes), which is never stored nor shown again. */
export async function createApiKey(db: Db, command: Command, body: CreateApiKeyBody): Promise<{ row: ApiKeyRow; secret: string }> {
  const cidrs = body.allowedCidrs ?? [];
  cidrs.forEach((cidr, index) => {
    if (!parseCidr(cidr))
      throw new ValidationError(`allowedCidrs.${index}`, 'must be an IP address or a CIDR range such as 203.0.113.0/24');
  });
  if (body.expiresAt && new Date(body.expiresAt).getTime() <= Date.now())
    throw new ValidationError('expiresAt', 'expiresAt must be in the future');
  const secret = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const row = await db.transaction(async (tx) => {
    const inserted = await insertApiKey(tx, {
      name: body.name,
      prefix: secret.slice(0, API_KEY_PREFIX.length + 6),
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

/** Renames a key or changes its rate limit (the next request uses it). 404 when unknown. */
export async function updateApiKey(db: Db, access: ApiKeyAccess, command: Command, id: string, body: UpdateApiKeyBody): Promise<ApiKeyRow> {
  // Pending last uses first: the answer shows the key's last use like the list does.
  await access.flushLastUse();
  const updated = await db.transaction(async (tx) => {
    const row = await updateApiKeyRow(tx, id, body);
    if (!row) throw new NotFound('API key not found');
    await recordAudit(tx, {
      actor: command.actor,
      action: 'api_key.update',
      subject: 'Settings',
      subjectId: id,
      ip: command.ip,
      details: { ...body },
    });
    return row;
  });
  // After the commit, so no request reads the old row back into the cache.
  access.forget(id);
  return updated;
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

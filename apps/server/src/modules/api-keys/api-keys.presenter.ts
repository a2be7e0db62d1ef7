import type { ApiKey } from '@sms/contracts/api-keys';
import { API_SCOPES, type ApiScope } from '@sms/contracts/policy';
import type { ApiKeyRow } from './api-keys.queries.ts';

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

/** An api_keys row as the staff API shows it (never the secret nor its hash). */
export function presentApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes.filter((scope): scope is ApiScope => (API_SCOPES as readonly string[]).includes(scope)),
    expiresAt: iso(row.expires_at),
    allowedCidrs: row.allowed_cidrs,
    rateLimit: Number(row.rate_limit),
    lastUsedAt: iso(row.last_used_at),
    lastUsedIp: row.last_used_ip,
    revokedAt: iso(row.revoked_at),
    previousSecretExpiresAt: iso(row.previous_expires_at),
    createdAt: iso(row.created_at) ?? '',
  };
}

import type { Gateway, GatewayLink } from '@sms/contracts/gateways';
import { GATEWAY_KIND_DEFINITIONS } from './gateway-kinds.ts';
import type { GatewayRow } from './gateways.queries.ts';

/** Stored config with the kind's defaults filled in (so forms show the values in force). */
function configInForce(row: GatewayRow): Record<string, unknown> {
  const parsed = GATEWAY_KIND_DEFINITIONS[row.kind]?.configSchema.safeParse(row.config);
  return parsed?.success ? parsed.data : row.config;
}

/** Maps a gateway row (and its link as the workers report it) to the API shape: secrets are never included, only which ones are set. */
export function presentGateway(row: GatewayRow, link: GatewayLink | null = null): Gateway {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    config: configInForce(row),
    secretsSet: Object.entries(row.secrets ?? {})
      .filter(([, value]) => typeof value === 'string' && value.length > 0)
      .map(([name]) => name)
      .sort(),
    isDefault: row.isDefault,
    enabled: row.enabled,
    rateLimit: row.rateLimit,
    link,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

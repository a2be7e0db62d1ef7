import type { Gateway, GatewayCallbacks, GatewayLink } from '@sms/contracts/gateways';
import { GATEWAY_KIND_DEFINITIONS } from './gateway-kinds.ts';
import type { GatewayRow } from './gateways.queries.ts';

/** Stored config with the kind's defaults filled in (so forms show the values in force). */
function configInForce(row: GatewayRow): Record<string, unknown> {
  const parsed = GATEWAY_KIND_DEFINITIONS[row.kind]?.configSchema.safeParse(row.config);
  return parsed?.success ? parsed.data : row.config;
}

/**
 * The callback URLs of a gateway (they carry its secret token): for those who may configure it,
 * null for everyone else.
 */
export function gatewayCallbacks(row: GatewayRow, publicUrl: string | undefined, reveal: boolean): GatewayCallbacks | null {
  if (!reveal) return null;
  return (
    GATEWAY_KIND_DEFINITIONS[row.kind]?.callbacks?.(
      { config: configInForce(row), secrets: row.secrets },
      { gatewayId: row.id, publicUrl },
    ) ?? null
  );
}

/** Maps a gateway row (and its link as the workers report it) to the API shape: secrets are never included, only which ones are set. */
export function presentGateway(row: GatewayRow, link: GatewayLink | null = null, callbacks: GatewayCallbacks | null = null): Gateway {
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
    callbacks,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

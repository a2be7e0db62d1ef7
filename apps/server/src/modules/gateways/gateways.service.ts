import { GATEWAY_ERROR_CODES, type CreateGatewayBody, type GatewayTestResult, type UpdateGatewayBody } from '@sms/contracts/gateways';
import type { Db } from '../../db/client.ts';
import { recordAudit, type Command } from '../../platform/audit.ts';
import { Conflict } from '../../platform/errors.ts';
import { kindDefinition, parseKindSettings, type GatewayContext } from './gateway-kinds.ts';
import { forgetSendingGateways } from './sending-gateways.ts';
import {
  activeCampaignsUsing,
  clearDefaultGateway,
  insertGateway,
  softDeleteGateway,
  updateGatewayRow,
  type GatewayRow,
} from './gateways.queries.ts';

/** Secrets after an update: an omitted or empty value keeps what is stored. */
function mergeSecrets(stored: Record<string, string>, sent: Record<string, string> | undefined): Record<string, string> {
  const merged = { ...stored };
  for (const [name, value] of Object.entries(sent ?? {})) if (value !== '') merged[name] = value;
  return merged;
}

/** Which settings changed, for the audit log (secret values never appear, only their names). */
function describeChanges(body: UpdateGatewayBody | CreateGatewayBody): Record<string, unknown> {
  const { secrets, ...rest } = body;
  return { ...rest, ...(secrets ? { secretsChanged: Object.keys(secrets).filter((name) => secrets[name] !== '') } : {}) };
}

const DEFAULT_CANNOT_BE_DISABLED = 'The default gateway cannot be disabled: make another gateway the default first';

/** Adds a gateway after checking its settings against its kind; it may become the default (enabled). */
export async function createGateway(db: Db, input: Command & { body: CreateGatewayBody }): Promise<GatewayRow> {
  const { body } = input;
  const settings = parseKindSettings(body.kind, body.config, body.secrets);
  // Same rule as on update: a disabled default would leave campaigns without a usable gateway.
  if (body.isDefault && !body.enabled)
    throw new Conflict(DEFAULT_CANNOT_BE_DISABLED, { code: GATEWAY_ERROR_CODES.lastDefault, field: 'enabled' });
  const created = await db.transaction(async (tx) => {
    if (body.isDefault) await clearDefaultGateway(tx);
    const row = await insertGateway(tx, {
      name: body.name,
      kind: body.kind,
      config: settings.config,
      secrets: settings.secrets as Record<string, string>,
      isDefault: body.isDefault,
      enabled: body.enabled,
      rateLimit: body.rateLimit,
      createdBy: input.actor.id,
    });
    await recordAudit(tx, {
      actor: input.actor,
      action: 'gateway.create',
      subject: 'Gateway',
      subjectId: row.id,
      ip: input.ip,
      details: describeChanges(body),
    });
    return row;
  });
  forgetSendingGateways();
  return created;
}

/** Changes a gateway; the default cannot be disabled, and becoming default unsets the previous one. */
export async function updateGateway(db: Db, input: Command & { target: GatewayRow; body: UpdateGatewayBody }): Promise<GatewayRow> {
  const { target, body } = input;
  const secrets = mergeSecrets(target.secrets, body.secrets);
  const settings = parseKindSettings(target.kind, body.config ?? target.config, secrets);
  const willBeDefault = body.isDefault ?? target.isDefault;
  if (willBeDefault && body.enabled === false) {
    throw new Conflict(DEFAULT_CANNOT_BE_DISABLED, { code: GATEWAY_ERROR_CODES.lastDefault, field: 'enabled' });
  }
  const updated = await db.transaction(async (tx) => {
    if (body.isDefault && !target.isDefault) await clearDefaultGateway(tx);
    const row = await updateGatewayRow(tx, target.id, {
      ...(body.name === undefined ? {} : { name: body.name }),
      config: settings.config,
      secrets: settings.secrets as Record<string, string>,
      ...(body.isDefault ? { isDefault: true, enabled: true } : {}),
      ...(body.enabled === undefined ? {} : { enabled: body.enabled }),
      ...(body.rateLimit === undefined ? {} : { rateLimit: body.rateLimit }),
    });
    if (!row) throw new Error('gateway vanished during update');
    await recordAudit(tx, {
      actor: input.actor,
      action: 'gateway.update',
      subject: 'Gateway',
      subjectId: row.id,
      ip: input.ip,
      details: describeChanges(body),
    });
    return row;
  });
  // After the commit, so no send reads the old row back into the cache.
  forgetSendingGateways();
  return updated;
}

/** Deletes a gateway unless it is the default or a live campaign uses it (409 naming them). */
export async function deleteGateway(db: Db, input: Command & { target: GatewayRow }): Promise<void> {
  const { target } = input;
  if (target.isDefault)
    throw new Conflict('The default gateway cannot be deleted: make another gateway the default first', {
      code: GATEWAY_ERROR_CODES.lastDefault,
    });
  const users = await activeCampaignsUsing(db, target.id);
  if (users.length > 0)
    throw new Conflict(`This gateway is used by campaigns that are not finished: ${users.join(', ')}`, { code: GATEWAY_ERROR_CODES.inUse });
  await db.transaction(async (tx) => {
    await softDeleteGateway(tx, target.id);
    await recordAudit(tx, {
      actor: input.actor,
      action: 'gateway.delete',
      subject: 'Gateway',
      subjectId: target.id,
      ip: input.ip,
      details: { name: target.name, kind: target.kind },
    });
  });
  forgetSendingGateways();
}

/** Connects with the stored settings and checks credentials, without sending anything. */
export async function testGateway(
  target: GatewayRow,
  deployment: Omit<GatewayContext, 'gatewayId' | 'clock' | 'logger'>,
): Promise<GatewayTestResult> {
  const definition = kindDefinition(target.kind);
  let settings: { config: Record<string, unknown>; secrets: Record<string, unknown> };
  try {
    settings = parseKindSettings(target.kind, target.config, target.secrets);
  } catch (error) {
    return { ok: false, message: `The settings are incomplete: ${(error as Error).message}` };
  }
  const gateway = definition.create(
    settings,
    { receipts: () => {}, inbound: () => {} },
    { gatewayId: target.id, clock: Date.now, ...deployment },
  );
  try {
    const result = await gateway.testConnection();
    return result.ok ? { ok: true, message: result.details } : { ok: false, message: result.message };
  } catch (error) {
    return { ok: false, message: (error as Error).message };
  } finally {
    await gateway.close().catch(() => {});
  }
}

import {
  createGatewayBodySchema,
  type CreateGatewayBody,
  type Gateway,
  type GatewayKind,
  type UpdateGatewayBody,
} from '@sms/contracts/gateways';
import { configToForm, formToConfig, schemaErrors, type ConfigFormValues } from './kinds/config-fields';
import type { GatewayKindDefinition } from './kinds/gateway-kind';

/** Everything the gateway dialog holds; numbers stay text while typed. */
export interface GatewayFormValues {
  name: string;
  kind: GatewayKind;
  rateLimit: string;
  enabled: boolean;
  isDefault: boolean;
  config: ConfigFormValues;
  /** Typed secrets; '' keeps the stored one. */
  secrets: Record<string, string>;
}

/** A valid form: the create body (secrets left empty are left out). */
export type GatewayFormOutput = CreateGatewayBody;

/** The form's starting values: the gateway's, or the kind's defaults for a new one. */
export function gatewayFormDefaults(gateway: Gateway | null, definition: GatewayKindDefinition): GatewayFormValues {
  return {
    name: gateway?.name ?? '',
    kind: definition.kind,
    rateLimit: gateway?.rateLimit === null || gateway?.rateLimit === undefined ? '' : String(gateway.rateLimit),
    enabled: gateway?.enabled ?? true,
    isDefault: gateway?.isDefault ?? false,
    config: configToForm(definition.specs, { ...definition.defaults, ...(gateway?.config ?? {}) }),
    secrets: Object.fromEntries(Object.keys(definition.secrets).map((name) => [name, ''])),
  };
}

/**
 * Checks the form with the shared gateway rules and the kind's own schemas. Errors are keyed by
 * form path ('config.host', 'secrets.authToken', 'rateLimit'); messages are the schemas' own.
 */
export function validateGatewayForm(
  values: GatewayFormValues,
  definition: GatewayKindDefinition,
  secretsSet: readonly string[],
): { output: GatewayFormOutput } | { errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const { config, errors: typing } = formToConfig(definition.specs, values.config);
  for (const [name, message] of Object.entries(typing)) errors[`config.${name}`] = message;
  for (const [name, message] of Object.entries(schemaErrors(definition.configSchema, config))) errors[`config.${name}`] ??= message;

  const secrets: Record<string, string> = {};
  for (const [name, schema] of Object.entries(definition.secrets)) {
    const value = values.secrets[name] ?? '';
    if (value === '' && secretsSet.includes(name)) continue;
    const result = schema.safeParse(value);
    if (!result.success) errors[`secrets.${name}`] = result.error.issues[0]?.message ?? 'validation.required';
    else if (value !== '') secrets[name] = value;
  }

  const rateText = values.rateLimit.trim();
  const rateLimit = rateText === '' ? null : /^\d+$/.test(rateText) ? Number(rateText) : Number.NaN;
  if (Number.isNaN(rateLimit)) errors.rateLimit = 'validation.wholeNumber';
  const parsed = createGatewayBodySchema.safeParse({
    name: values.name,
    kind: values.kind,
    config,
    secrets,
    isDefault: values.isDefault,
    enabled: values.enabled,
    rateLimit: Number.isNaN(rateLimit) ? null : rateLimit,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.path.join('.');
      if (path === 'name' || path === 'rateLimit') errors[path] ??= issue.message;
    }
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { errors };
  // The kind's schema fills in defaults the form left out; send the config as typed.
  return { output: { ...parsed.data, config } };
}

/** The PUT body for an existing gateway: what changed (secrets only when typed; the kind never changes). */
export function gatewayUpdateBody(gateway: Gateway, output: GatewayFormOutput): UpdateGatewayBody {
  const body: UpdateGatewayBody = {};
  if (output.name !== gateway.name) body.name = output.name;
  if (JSON.stringify(output.config) !== JSON.stringify(configSubset(gateway.config, output.config))) body.config = output.config;
  if (Object.keys(output.secrets).length > 0) body.secrets = output.secrets;
  if (output.enabled !== gateway.enabled) body.enabled = output.enabled;
  if (output.rateLimit !== gateway.rateLimit) body.rateLimit = output.rateLimit;
  if (output.isDefault && !gateway.isDefault) body.isDefault = true;
  return body;
}

/** The stored config restricted to the keys the form sends, in the same order (for comparison). */
function configSubset(stored: Record<string, unknown>, sent: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.keys(sent).map((key) => [key, stored[key]]));
}

import type { GatewayCallbacks, GatewayKind } from '@sms/contracts/gateways';
import type { ComponentType } from 'react';
import type { Control } from 'react-hook-form';
import type { z } from 'zod';
import type { GatewayFormOutput, GatewayFormValues } from '../gateway-form';
import type { ConfigFieldSpec } from './config-fields';

export interface KindFieldsProps {
  control: Control<GatewayFormValues, unknown, GatewayFormOutput>;
  /** Names of the secrets stored for this gateway (their fields show "set"). */
  secretsSet: readonly string[];
  /** Where the provider calls back (a saved Kannel or http gateway, for administrators); null otherwise. */
  callbacks?: GatewayCallbacks | null;
  /** Whether the gateway is saved already (its callback URLs exist only then). */
  saved?: boolean;
}

/** What the gateway form needs to know about one kind: its settings, their checks and its fields. */
export interface GatewayKindDefinition {
  kind: GatewayKind;
  specs: readonly ConfigFieldSpec[];
  /** Settings a new gateway of this kind starts with. */
  defaults: Record<string, unknown>;
  configSchema: z.ZodType;
  /** One entry per secret; a schema that refuses '' makes the secret required until it is set. */
  secrets: Record<string, z.ZodType>;
  /** The kind's settings and secrets (SecretField), laid out as its administrators expect. */
  Fields: ComponentType<KindFieldsProps>;
}

import type { GatewayKind } from '@sms/contracts/gateways';
import type { GatewayKindDefinition } from './gateway-kind';
import { HTTP_KIND } from './http';
import { SIMULATOR_KIND } from './simulator';
import { KANNEL_KIND } from './kannel';
import { SMPP_KIND } from './smpp';
import { TWILIO_KIND } from './twilio';

/** The kinds the form can edit, in the order the kind picker offers them. */
export const GATEWAY_KIND_FORMS: Partial<Record<GatewayKind, GatewayKindDefinition>> = {
  simulator: SIMULATOR_KIND,
  smpp: SMPP_KIND,
  twilio: TWILIO_KIND,
  kannel: KANNEL_KIND,
  http: HTTP_KIND,
};

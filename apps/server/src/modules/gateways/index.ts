// The public face of this module: what other modules and the entry points use. Everything else
// in the folder is internal (docs/decisions/034-module-layers.md; npm run lint enforces it).

export { kindDefinition, parseKindSettings, type GatewayContext } from './gateway-kinds.ts';
export {
  currentGatewayLinks,
  deleteGatewayLinks,
  deleteStaleGatewayLinks,
  LINK_STALE_SECONDS,
  upsertGatewayLink,
} from './gateway-links.queries.ts';
export {
  findDefaultGateway,
  findGateway,
  httpCallbackGateway,
  kannelCallbackToken,
  twilioAuthToken,
  type GatewayRow,
} from './gateways.queries.ts';
export { gatewayForSending } from './sending-gateways.ts';
export { gatewaysRoutes } from './gateways.routes.ts';

// The public face of this module: what other modules and the entry points use. Everything else
// in the folder is internal (docs/decisions/034-module-layers.md; npm run lint enforces it).

export { recipientsWhere } from './audience.ts';
export { emptyCounts, readCampaignCounts, readOneCampaignCounts, rollUpCounts } from './campaign-counts.queries.ts';
export {
  lastSentMinute,
  readErrorCounts,
  readTag1Cells,
  readTimeline,
  rollUpReportAggregates,
  type Tag1Cell,
  type TimelineRow,
} from './report-aggregates.queries.ts';
export { transitionCampaign, transitionCampaigns } from './campaign-state.ts';
export { presentCampaign } from './campaigns.presenter.ts';
export { findCampaign, findCampaignRow, type CampaignRow } from './campaigns.queries.ts';
export { campaignsRoutes } from './campaigns.routes.ts';
export { createCampaign } from './campaigns.service.ts';
export { holdSending, readSendingHold, resumeSending, sendingHeld } from './sending-hold.ts';

import { z } from 'zod';

/**
 * The one definition of a campaign's reach and reply figures, used by every screen that shows
 * them (tag1 report and its groups, non-responders, campaign page, reports list, dashboard):
 *
 *   recipients  = every message of the campaign (each a contact) = reached + not reached
 *   reached     = sent + delivered (handed to the carrier, not reported lost)
 *   replied     = recipients who answered (a reply proves delivery: a replied message is delivered)
 *   not replied = reached - replied = the non-responders
 *   response rate = replied / recipients, percent with one decimal (0 with no recipients)
 *
 * Not reached: still queued or being sent, failed, undelivered, skipped, cancelled.
 */
export const replyFiguresSchema = z.object({
  recipients: z.number().int(),
  reached: z.number().int(),
  notReached: z.number().int(),
  replied: z.number().int(),
  notReplied: z.number().int(),
  responseRate: z.number(),
});
export type ReplyFigures = z.infer<typeof replyFiguresSchema>;

/** The counts the figures are made of (of CampaignCounts): a campaign's counters, or one tag1 group's. */
export interface FigureCounts {
  total: number;
  sent: number;
  delivered: number;
  replied: number;
}

/** The figures of some counts (see the definition above). */
export function replyFigures(counts: FigureCounts): ReplyFigures {
  const reached = counts.sent + counts.delivered;
  return {
    recipients: counts.total,
    reached,
    notReached: counts.total - reached,
    replied: counts.replied,
    notReplied: reached - counts.replied,
    // reports.ts's percent() written out: reports.ts imports campaigns.ts, which imports this module.
    responseRate: counts.total > 0 ? Math.round((counts.replied / counts.total) * 1000) / 10 : 0,
  };
}

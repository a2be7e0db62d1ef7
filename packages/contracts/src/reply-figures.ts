import { z } from 'zod';
import { REACHED_STATUSES, type ReachedStatus } from './message-statuses.ts';

/**
 * The one definition of a campaign's reach and reply figures, used by every screen that shows
 * them (tag1 report and its groups, non-responders, campaign page, reports list, dashboard):
 *
 *   recipients  = every message of the campaign (each a contact) = reached + not reached
 *   reached     = sent + delivered + unknown (REACHED_STATUSES: handed to the carrier, not reported
 *                 lost; unknown = no receipt within the validity period, counted like sent, so a
 *                 campaign's reach never changes when its receipts time out: decision 073)
 *   replied     = recipients who answered (a reply proves delivery: a replied message is delivered)
 *   not replied = reached - replied = the non-responders
 *   response rate = replied / recipients, percent with one decimal (0 with no recipients)
 *   opted out   = recipients who opted out in answer to it: an opt-out keyword (STOP...) from a
 *                 contact not opted out yet, matched to their message like any reply (the most
 *                 recent message sent to them before it, within its reply window: decision 029),
 *                 counted once per recipient. Recorded when the reply is matched (messages
 *                 .opted_out_at, counted by trigger like replies), so a later campaign's opt-outs
 *                 go to the later campaign and an opt-in since does not undo it: the figure of a
 *                 campaign never moves because of another one (decision 083).
 *
 * Not reached: still queued or being sent, failed, undelivered, skipped, cancelled.
 * In SQL (non-responders, follow-up audiences, segments): `status = any(REACHED_STATUSES)`.
 */
export const replyFiguresSchema = z.object({
  recipients: z.number().int(),
  reached: z.number().int(),
  notReached: z.number().int(),
  replied: z.number().int(),
  notReplied: z.number().int(),
  responseRate: z.number(),
  optedOut: z.number().int(),
});
export type ReplyFigures = z.infer<typeof replyFiguresSchema>;

/** The counts the figures are made of (of CampaignCounts): a campaign's counters, or one tag1 group's. */
export type FigureCounts = Record<ReachedStatus | 'total' | 'replied' | 'optedOut', number>;

/** The figures of some counts (see the definition above). */
export function replyFigures(counts: FigureCounts): ReplyFigures {
  const reached = REACHED_STATUSES.reduce((sum, status) => sum + counts[status], 0);
  return {
    recipients: counts.total,
    reached,
    notReached: counts.total - reached,
    replied: counts.replied,
    notReplied: reached - counts.replied,
    // reports.ts's percent() written out: reports.ts imports campaigns.ts, which imports this module.
    responseRate: counts.total > 0 ? Math.round((counts.replied / counts.total) * 1000) / 10 : 0,
    optedOut: counts.optedOut,
  };
}

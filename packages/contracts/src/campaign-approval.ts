import { z } from 'zod';
import { CAMPAIGN_STATUSES, type CampaignStatus } from './campaign-statuses.ts';

/**
 * Campaign approval (four eyes) and the campaign board (decision 101). A campaign to more than
 * `threshold` recipients goes to `in_review` instead of launching; a manager or admin other than
 * its author approves it (it then launches as requested: now, or at its schedule) or rejects it
 * with a comment (back to draft).
 */
export const APPROVAL_ERROR_CODES = {
  /** Launching (or scheduling) a campaign that needs approval and has none. */
  required: 'CAMPAIGN_APPROVAL_REQUIRED',
  /** The author (or the requester) approving or rejecting their own campaign. */
  ownApproval: 'CAMPAIGN_OWN_APPROVAL',
  /** A board move to "scheduled" of a campaign that has no schedule. */
  noSchedule: 'CAMPAIGN_NO_SCHEDULE',
} as const;

export const APPROVAL_LIMITS = { commentMax: 1000, thresholdMax: 100_000_000 } as const;

/** The admin's rule: null = off; otherwise campaigns to more than this many recipients need approval. */
export const approvalSettingsSchema = z.object({
  threshold: z
    .number({ error: 'threshold must be a whole number of recipients, or null (off)' })
    .int('threshold must be a whole number of recipients')
    .min(1, 'threshold must be at least 1')
    .max(APPROVAL_LIMITS.thresholdMax, `threshold must be at most ${APPROVAL_LIMITS.thresholdMax}`)
    .nullable(),
});
export type ApprovalSettings = z.infer<typeof approvalSettingsSchema>;

export const APPROVAL_STATES = ['pending', 'approved', 'rejected', 'withdrawn'] as const;
export type ApprovalState = (typeof APPROVAL_STATES)[number];

const personSchema = z.object({ id: z.string(), name: z.string() });

/** One approval request and what became of it. */
export const approvalEntrySchema = z.object({
  id: z.string(),
  state: z.enum(APPROVAL_STATES),
  requestedBy: personSchema.nullable(),
  requestedAt: z.string(),
  decidedBy: personSchema.nullable(),
  decidedAt: z.string().nullable(),
  comment: z.string().nullable(),
});
export type ApprovalEntry = z.infer<typeof approvalEntrySchema>;

/** GET /api/campaigns/{id}/approval: whether it needs approval now, the state, the history (newest first). */
export const campaignApprovalResponseSchema = z.object({
  threshold: z.number().nullable(),
  /** Active contacts the audience reaches now (null once launched: the messages are counted instead). */
  audienceSize: z.number().nullable(),
  required: z.boolean(),
  state: z.enum(APPROVAL_STATES).nullable(),
  /** Whether the caller may approve or reject it (a manager or admin, not its author, while in review). */
  canDecide: z.boolean(),
  history: z.array(approvalEntrySchema),
});
export type CampaignApprovalResponse = z.infer<typeof campaignApprovalResponseSchema>;

export const rejectApprovalBodySchema = z.object({
  comment: z
    .string({ error: 'comment must be text' })
    .trim()
    .min(1, 'comment is required: tell the author what to change')
    .max(APPROVAL_LIMITS.commentMax, `comment must be at most ${APPROVAL_LIMITS.commentMax} characters`),
});
export type RejectApprovalBody = z.infer<typeof rejectApprovalBodySchema>;

export const approveBodySchema = z.object({
  comment: z
    .string({ error: 'comment must be text' })
    .trim()
    .max(APPROVAL_LIMITS.commentMax, `comment must be at most ${APPROVAL_LIMITS.commentMax} characters`)
    .optional(),
});
export type ApproveBody = z.infer<typeof approveBodySchema>;

/** The board's columns; "done" holds completed, cancelled and failed campaigns. */
export const BOARD_COLUMNS = ['draft', 'in_review', 'scheduled', 'sending', 'paused', 'done'] as const;
export type BoardColumn = (typeof BOARD_COLUMNS)[number];

const COLUMN_OF: Record<CampaignStatus, BoardColumn> = {
  draft: 'draft',
  in_review: 'in_review',
  scheduled: 'scheduled',
  sending: 'sending',
  paused: 'paused',
  completed: 'done',
  cancelled: 'done',
  failed: 'done',
};

/** The column a campaign status is shown in. */
export const boardColumnOf = (status: CampaignStatus): BoardColumn => COLUMN_OF[status];

export const boardCardSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  column: z.enum(BOARD_COLUMNS),
  /** Recipients: the audience's active contacts before launch, the campaign's messages after. */
  audienceSize: z.number(),
  author: personSchema.nullable(),
  scheduledAt: z.string().nullable(),
  timeZone: z.string(),
  approval: z.enum(APPROVAL_STATES).nullable(),
  updatedAt: z.string(),
});
export type BoardCard = z.infer<typeof boardCardSchema>;

export const boardResponseSchema = z.object({
  data: z.array(boardCardSchema),
  /** Whether older finished campaigns were left out of the "done" column. */
  truncated: z.boolean(),
  threshold: z.number().nullable(),
});
export type BoardResponse = z.infer<typeof boardResponseSchema>;

export const moveCampaignBodySchema = z.object({
  column: z.enum(BOARD_COLUMNS, { error: `column must be one of ${BOARD_COLUMNS.join(', ')}` }),
});
export type MoveCampaignBody = z.infer<typeof moveCampaignBodySchema>;

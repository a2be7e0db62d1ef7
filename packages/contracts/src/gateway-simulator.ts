import { z } from 'zod';

const rate = (field: string) =>
  z
    .number({ error: `${field} must be a number` })
    .min(0, `${field} must be between 0 and 1`)
    .max(1, `${field} must be between 0 and 1`);
const ms = (field: string, max: number) =>
  z
    .number({ error: `${field} must be a number` })
    .int(`${field} must be a whole number`)
    .min(0, `${field} must be 0 or more`)
    .max(max, `${field} must be at most ${max}`);

/**
 * The built-in simulated gateway: accepts messages at a set pace, reports deliveries after
 * realistic delays, fails and replies at set rates (its replies enter the normal inbound path).
 */
export const simulatorConfigSchema = z
  .object({
    /** Messages accepted per second at most (the simulated carrier's throughput). */
    acceptPerSecond: z
      .number()
      .int('acceptPerSecond must be a whole number')
      .min(1, 'acceptPerSecond must be at least 1')
      .max(100_000, 'acceptPerSecond must be at most 100000')
      .default(500),
    /** Delay before a delivery receipt, uniformly between min and max. */
    receiptDelayMinMs: ms('receiptDelayMinMs', 600_000).default(500),
    receiptDelayMaxMs: ms('receiptDelayMaxMs', 600_000).default(4_000),
    /** Share of messages refused at submit (permanent error, e.g. invalid number). */
    failureRate: rate('failureRate').default(0.01),
    /** Share of accepted messages that end undelivered. */
    undeliveredRate: rate('undeliveredRate').default(0.03),
    /** Share of delivered messages that get a reply. */
    replyRate: rate('replyRate').default(0.3),
    /** Delay before a reply, uniformly between min and max. */
    replyDelayMinMs: ms('replyDelayMinMs', 3_600_000).default(2_000),
    replyDelayMaxMs: ms('replyDelayMaxMs', 3_600_000).default(20_000),
    /** Texts replies are drawn from. */
    replyTexts: z
      .array(z.string().trim().min(1).max(160))
      .min(1, 'replyTexts must list at least one text')
      .max(50)
      .default(['YES', 'Yes', 'yes!', 'NO', 'No thanks', '1', '2', 'OK', 'STOP']),
  })
  .refine((c) => c.receiptDelayMaxMs >= c.receiptDelayMinMs, {
    error: 'receiptDelayMaxMs must be at least receiptDelayMinMs',
    path: ['receiptDelayMaxMs'],
  })
  .refine((c) => c.replyDelayMaxMs >= c.replyDelayMinMs, {
    error: 'replyDelayMaxMs must be at least replyDelayMinMs',
    path: ['replyDelayMaxMs'],
  });
export type SimulatorConfig = z.infer<typeof simulatorConfigSchema>;

/** The simulator has nothing secret. */
export const simulatorSecretsSchema = z.object({});

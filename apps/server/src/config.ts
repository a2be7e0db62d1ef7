import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TWILIO_DEFAULT_API_BASE_URL } from '@sms/contracts/gateway-twilio';
import type { IMPORT_LIMITS } from '@sms/contracts/imports';
import { z } from 'zod';
import { isRefusedAddress, LINK_LOCAL_REFUSED } from './platform/outbound-address.ts';

/** Repository root (apps/server/src -> ../../..), so defaults do not depend on the shell's cwd. */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** Parses "12h", "30m", "45s", "2d" or a plain number of seconds into seconds; NaN when invalid. */
export function parseDuration(value: string): number {
  const match = /^\s*(\d+)\s*([smhd]?)\s*$/i.exec(value);
  if (!match) return Number.NaN;
  const unit = (match[2] ?? '').toLowerCase();
  const factor = unit === 'm' ? 60 : unit === 'h' ? 3600 : unit === 'd' ? 86_400 : 1;
  return Number(match[1]) * factor;
}

const booleanFlag = (name: string, fallback: boolean) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return fallback;
      if (['true', '1', 'yes', 'on'].includes(value.toLowerCase())) return true;
      if (['false', '0', 'no', 'off'].includes(value.toLowerCase())) return false;
      ctx.addIssue({ code: 'custom', message: `${name} must be true or false` });
      return z.NEVER;
    });

const optionalText = z.string().optional();

const perMinute = (name: string, fallback: number) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(1, `${name} must be 1-1000000`)
    .max(1_000_000, `${name} must be 1-1000000`)
    .default(fallback);

// Relative paths given by the user are resolved from where npm was invoked (INIT_CWD), not from
// the workspace folder npm switches into, so `DATA_DIR=./x npm start` means ./x of the shell.
const baseDir = (env: NodeJS.ProcessEnv) => env.INIT_CWD ?? process.cwd();

const envSchema = (env: NodeJS.ProcessEnv) =>
  z.object({
    PORT: z.coerce
      .number({ error: 'PORT must be a number' })
      .int('PORT must be a whole number')
      .min(0, 'PORT must be 0-65535')
      .max(65_535, 'PORT must be 0-65535')
      .default(3000),
    HOST: z.string().default('127.0.0.1'),
    METRICS_PORT: z.coerce
      .number({ error: 'METRICS_PORT must be a number' })
      .int('METRICS_PORT must be a whole number')
      .min(0, 'METRICS_PORT must be 0-65535')
      .max(65_535, 'METRICS_PORT must be 0-65535')
      .optional(),
    DATA_DIR: optionalText.transform((value) => (value ? resolve(baseDir(env), value) : resolve(REPO_ROOT, 'data'))),
    BACKUP_DIR: optionalText.transform((value) => (value ? resolve(baseDir(env), value) : undefined)),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\/\S+$/, 'DATABASE_URL must be a postgres:// or postgresql:// URL')
      .optional(),
    JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters (or leave it unset to generate one)').optional(),
    TOKEN_TTL: optionalText.transform((value, ctx) => {
      const seconds = parseDuration(value ?? '12h');
      if (!Number.isFinite(seconds) || seconds < 1) {
        ctx.addIssue({ code: 'custom', message: 'TOKEN_TTL must be a duration like 12h, 30m, 45s, 2d or a number of seconds' });
        return z.NEVER;
      }
      return seconds;
    }),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
        error: 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent',
      })
      .default('info'),
    PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'PUBLIC_URL must be an http(s) URL' }).optional(),
    WEB_DIST: optionalText.transform((value) => (value ? resolve(baseDir(env), value) : resolve(REPO_ROOT, 'apps/web/dist'))),
    RUN_WORKER: booleanFlag('RUN_WORKER', true),
    TRUST_PROXY: booleanFlag('TRUST_PROXY', false),
    DISPATCH_BATCH_SIZE: z.coerce
      .number({ error: 'DISPATCH_BATCH_SIZE must be a number' })
      .int('DISPATCH_BATCH_SIZE must be a whole number')
      .min(1, 'DISPATCH_BATCH_SIZE must be 1-10000')
      .max(10_000, 'DISPATCH_BATCH_SIZE must be 1-10000')
      .default(500),
    DISPATCH_LANES: z.coerce
      .number({ error: 'DISPATCH_LANES must be a number' })
      .int('DISPATCH_LANES must be a whole number')
      .min(1, 'DISPATCH_LANES must be 1-64')
      .max(64, 'DISPATCH_LANES must be 1-64')
      .default(4),
    SMTP_URL: z
      .url({ protocol: /^smtps?$/, error: 'SMTP_URL must be an smtp:// or smtps:// URL (smtp://user:password@host:587)' })
      .optional(),
    MAIL_FROM: z
      .string()
      .regex(
        /^(?:[^<>@\r\n]*<[^<>@\s]+@[^<>@\s]+>|[^<>@\s]+@[^<>@\s]+)$/,
        'MAIL_FROM must be an address such as no-reply@example.org or "SMS Platform <no-reply@example.org>"',
      )
      .optional(),
    TWILIO_API_BASE_URL: z.url({ protocol: /^https?$/, error: 'TWILIO_API_BASE_URL must be an http(s) URL' }).optional(),
    ALLOW_LINK_LOCAL_OUTBOUND: booleanFlag('ALLOW_LINK_LOCAL_OUTBOUND', false),
    ALLOW_PRIVATE_WEBHOOK_URLS: booleanFlag('ALLOW_PRIVATE_WEBHOOK_URLS', false),
    RATE_LIMIT_PER_USER_PER_MINUTE: perMinute('RATE_LIMIT_PER_USER_PER_MINUTE', 1200),
    RATE_LIMIT_PER_ADDRESS_PER_MINUTE: perMinute('RATE_LIMIT_PER_ADDRESS_PER_MINUTE', 600),
    DISPATCH_LEASE_SECONDS: z.coerce
      .number({ error: 'DISPATCH_LEASE_SECONDS must be a number' })
      .int('DISPATCH_LEASE_SECONDS must be a whole number')
      .min(5, 'DISPATCH_LEASE_SECONDS must be 5-3600')
      .max(3600, 'DISPATCH_LEASE_SECONDS must be 5-3600')
      .optional(),
  });

/** The validated configuration every part of the server reads (never process.env directly). */
export interface Config {
  port: number;
  host: string;
  /** Where this process serves GET /metrics (Prometheus), bound to `host`; off when unset (decision 091). */
  metricsPort: number | undefined;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Where scheduled backups and `npm run backup` write by default (BACKUP_DIR; else DATA_DIR/backups). */
  backupDir?: string | undefined;
  jwtSecret: string | undefined;
  tokenTtlSeconds: number;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  publicUrl: string | undefined;
  webDist: string;
  runWorker: boolean;
  trustProxy: boolean;
  /** SMTP server for account e-mails (reset links); without it they go by SMS or to the outbox. */
  smtpUrl: string | undefined;
  /** Sender of account e-mails. */
  mailFrom: string;
  /** Twilio's REST address: Twilio's own; TWILIO_API_BASE_URL overrides it for tests (a fake on loopback). */
  twilioApiBaseUrl: string;
  /** Let outbound connections (SMPP, SMTP, Twilio) reach link-local and cloud metadata addresses. */
  allowLinkLocalOutbound: boolean;
  /** Let webhook endpoints be private, loopback or link-local addresses (tests, a receiver on the same network). */
  allowPrivateWebhookUrls: boolean;
  /**
   * Sending engine tuning (messages per batch, concurrent batches per worker, claim lease; the
   * lease when unset: 15 s on PostgreSQL, 120 s embedded, see runtime.ts engineFor).
   */
  dispatch: { batchSize: number; lanes: number; leaseSeconds?: number | undefined };
  /**
   * API requests a minute (decision 076): per signed-in user (RATE_LIMIT_PER_USER_PER_MINUTE), and
   * per address for anonymous requests and failed authentication (RATE_LIMIT_PER_ADDRESS_PER_MINUTE).
   */
  rateLimits: { perUserPerMinute: number; perAddressPerMinute: number };
  /** Contacts import limits lowered from their defaults (tests; not read from the environment; modules/imports applies them). */
  importLimits?: Partial<Record<Exclude<keyof typeof IMPORT_LIMITS, 'previewRows'>, number>>;
}

/** Thrown by loadConfig with one line per bad variable. */
export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

const VARIABLES = [
  'PORT',
  'HOST',
  'METRICS_PORT',
  'DATA_DIR',
  'DATABASE_URL',
  'BACKUP_DIR',
  'JWT_SECRET',
  'TOKEN_TTL',
  'LOG_LEVEL',
  'PUBLIC_URL',
  'WEB_DIST',
  'RUN_WORKER',
  'TRUST_PROXY',
  'DISPATCH_BATCH_SIZE',
  'DISPATCH_LANES',
  'DISPATCH_LEASE_SECONDS',
  'SMTP_URL',
  'MAIL_FROM',
  'TWILIO_API_BASE_URL',
  'ALLOW_LINK_LOCAL_OUTBOUND',
  'ALLOW_PRIVATE_WEBHOOK_URLS',
  'RATE_LIMIT_PER_USER_PER_MINUTE',
  'RATE_LIMIT_PER_ADDRESS_PER_MINUTE',
] as const;

/** Reads and checks the environment once; throws ConfigError listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Blank values count as unset, so `PORT= npm start` falls back to the default instead of 0.
  const given = Object.fromEntries(VARIABLES.map((name) => [name, env[name]?.trim() || undefined]));
  const result = envSchema(env).safeParse(given);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`));
  }
  const parsed = result.data;
  // Links in e-mails must point at the real site, never at whatever Host header a request sent.
  if (parsed.SMTP_URL && !parsed.PUBLIC_URL)
    throw new ConfigError(['SMTP_URL: set PUBLIC_URL too, so links in e-mails point at this site']);
  // Addresses the server connects to must not be the cloud's metadata service (unless allowed).
  if (!parsed.ALLOW_LINK_LOCAL_OUTBOUND) {
    const refused = (['SMTP_URL', 'TWILIO_API_BASE_URL'] as const).filter((name) => {
      const url = parsed[name];
      return url !== undefined && isRefusedAddress(new URL(url).hostname);
    });
    if (refused.length) throw new ConfigError(refused.map((name) => `${name}: ${LINK_LOCAL_REFUSED}`));
  }
  return {
    port: parsed.PORT,
    host: parsed.HOST,
    metricsPort: parsed.METRICS_PORT,
    dataDir: parsed.DATA_DIR,
    databaseUrl: parsed.DATABASE_URL,
    backupDir: parsed.BACKUP_DIR,
    jwtSecret: parsed.JWT_SECRET,
    tokenTtlSeconds: parsed.TOKEN_TTL,
    logLevel: parsed.LOG_LEVEL,
    publicUrl: parsed.PUBLIC_URL?.replace(/\/+$/, ''),
    webDist: parsed.WEB_DIST,
    runWorker: parsed.RUN_WORKER,
    trustProxy: parsed.TRUST_PROXY,
    smtpUrl: parsed.SMTP_URL,
    mailFrom: parsed.MAIL_FROM ?? `no-reply@${parsed.PUBLIC_URL ? new URL(parsed.PUBLIC_URL).hostname : 'localhost'}`,
    twilioApiBaseUrl: (parsed.TWILIO_API_BASE_URL ?? TWILIO_DEFAULT_API_BASE_URL).replace(/\/+$/, ''),
    allowLinkLocalOutbound: parsed.ALLOW_LINK_LOCAL_OUTBOUND,
    allowPrivateWebhookUrls: parsed.ALLOW_PRIVATE_WEBHOOK_URLS,
    dispatch: { batchSize: parsed.DISPATCH_BATCH_SIZE, lanes: parsed.DISPATCH_LANES, leaseSeconds: parsed.DISPATCH_LEASE_SECONDS },
    rateLimits: { perUserPerMinute: parsed.RATE_LIMIT_PER_USER_PER_MINUTE, perAddressPerMinute: parsed.RATE_LIMIT_PER_ADDRESS_PER_MINUTE },
  };
}

/** loadConfig for entry points: prints the problems and exits with status 1 on bad config. */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): Config {
  try {
    return loadConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

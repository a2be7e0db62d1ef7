import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseDuration, REPO_ROOT } from './config.ts';

/** loadConfig's problems for an environment, or [] when it is valid. */
function problemsOf(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
}

describe('configuration', () => {
  it('has working defaults with an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: resolve(REPO_ROOT, 'data'),
      databaseUrl: undefined,
      jwtSecret: undefined,
      tokenTtlSeconds: 12 * 3600,
      logLevel: 'info',
      publicUrl: undefined,
      webDist: resolve(REPO_ROOT, 'apps/web/dist'),
      runWorker: true,
      trustProxy: false,
      rateLimits: { perUserPerMinute: 1200, perAddressPerMinute: 600 },
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATA_DIR: '/srv/sms',
      DATABASE_URL: 'postgres://sms:pw@db:5432/sms',
      JWT_SECRET: 'x'.repeat(40),
      TOKEN_TTL: '30m',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: 'https://sms.example.org/',
      WEB_DIST: '/srv/web',
      RUN_WORKER: 'false',
      TRUST_PROXY: 'true',
      DISPATCH_BATCH_SIZE: '1000',
      DISPATCH_LANES: '8',
      DISPATCH_LEASE_SECONDS: '30',
      SMTP_URL: 'smtps://mailer:pw@mail.example.org:465',
      MAIL_FROM: 'SMS Platform <no-reply@example.org>',
      TWILIO_API_BASE_URL: 'http://127.0.0.1:4010/',
      ALLOW_LINK_LOCAL_OUTBOUND: 'true',
      RATE_LIMIT_PER_USER_PER_MINUTE: '3000',
      RATE_LIMIT_PER_ADDRESS_PER_MINUTE: '120',
    });
    expect(config).toEqual({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/srv/sms',
      databaseUrl: 'postgres://sms:pw@db:5432/sms',
      jwtSecret: 'x'.repeat(40),
      tokenTtlSeconds: 1800,
      logLevel: 'warn',
      publicUrl: 'https://sms.example.org',
      webDist: '/srv/web',
      runWorker: false,
      trustProxy: true,
      smtpUrl: 'smtps://mailer:pw@mail.example.org:465',
      mailFrom: 'SMS Platform <no-reply@example.org>',
      twilioApiBaseUrl: 'http://127.0.0.1:4010',
      allowLinkLocalOutbound: true,
      allowPrivateWebhookUrls: false,
      dispatch: { batchSize: 1000, lanes: 8, leaseSeconds: 30 },
      rateLimits: { perUserPerMinute: 3000, perAddressPerMinute: 120 },
    });
  });

  it("fixes Twilio's address unless TWILIO_API_BASE_URL (tests) says otherwise, and refuses link-local addresses unless allowed", () => {
    expect(loadConfig({})).toMatchObject({ twilioApiBaseUrl: 'https://api.twilio.com', allowLinkLocalOutbound: false });
    const refused =
      'link-local and cloud metadata addresses (169.254.0.0/16, fe80::/10, fd00:ec2::254) are refused; set ALLOW_LINK_LOCAL_OUTBOUND=true to allow them';
    expect(
      problemsOf({
        TWILIO_API_BASE_URL: 'http://169.254.169.254/latest',
        SMTP_URL: 'smtp://[fd00:ec2::254]:25',
        PUBLIC_URL: 'https://sms.example.org',
      }),
    ).toEqual([`SMTP_URL: ${refused}`, `TWILIO_API_BASE_URL: ${refused}`]);
    expect(problemsOf({ TWILIO_API_BASE_URL: 'http://169.254.169.254', ALLOW_LINK_LOCAL_OUTBOUND: 'yes' })).toEqual([]);
    expect(problemsOf({ TWILIO_API_BASE_URL: 'ftp://x.test' })).toEqual([
      'TWILIO_API_BASE_URL: TWILIO_API_BASE_URL must be an http(s) URL',
    ]);
  });

  it('checks the mail settings: an smtp(s) URL, a sender address, and PUBLIC_URL for the links', () => {
    expect(loadConfig({}).smtpUrl).toBeUndefined();
    expect(loadConfig({}).mailFrom).toBe('no-reply@localhost');
    expect(loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525', PUBLIC_URL: 'https://sms.example.org' }).mailFrom).toBe(
      'no-reply@sms.example.org',
    );
    expect(problemsOf({ SMTP_URL: 'http://mail.example.org', MAIL_FROM: 'nobody' })).toEqual([
      'SMTP_URL: SMTP_URL must be an smtp:// or smtps:// URL (smtp://user:password@host:587)',
      'MAIL_FROM: MAIL_FROM must be an address such as no-reply@example.org or "SMS Platform <no-reply@example.org>"',
    ]);
    expect(problemsOf({ SMTP_URL: 'smtp://127.0.0.1:2525' })).toEqual([
      'SMTP_URL: set PUBLIC_URL too, so links in e-mails point at this site',
    ]);
  });

  it('has sending engine defaults and refuses out-of-range tuning', () => {
    expect(loadConfig({}).dispatch).toEqual({ batchSize: 500, lanes: 4, leaseSeconds: undefined });
    expect(problemsOf({ DISPATCH_BATCH_SIZE: '0', DISPATCH_LANES: 'many', DISPATCH_LEASE_SECONDS: '2' })).toEqual([
      'DISPATCH_BATCH_SIZE: DISPATCH_BATCH_SIZE must be 1-10000',
      'DISPATCH_LANES: DISPATCH_LANES must be a number',
      'DISPATCH_LEASE_SECONDS: DISPATCH_LEASE_SECONDS must be 5-3600',
    ]);
  });

  it('has request budgets per user and per address, checked like the rest', () => {
    expect(loadConfig({}).rateLimits).toEqual({ perUserPerMinute: 1200, perAddressPerMinute: 600 });
    expect(problemsOf({ RATE_LIMIT_PER_USER_PER_MINUTE: '0', RATE_LIMIT_PER_ADDRESS_PER_MINUTE: 'lots' })).toEqual([
      'RATE_LIMIT_PER_USER_PER_MINUTE: RATE_LIMIT_PER_USER_PER_MINUTE must be 1-1000000',
      'RATE_LIMIT_PER_ADDRESS_PER_MINUTE: RATE_LIMIT_PER_ADDRESS_PER_MINUTE must be a number',
    ]);
  });

  it('resolves relative paths from where npm was started', () => {
    expect(loadConfig({ DATA_DIR: './mydata', INIT_CWD: '/home/ops' }).dataDir).toBe('/home/ops/mydata');
  });

  it('treats blank values as unset', () => {
    expect(loadConfig({ PORT: '', JWT_SECRET: '  ', DATABASE_URL: '' })).toMatchObject({
      port: 3000,
      jwtSecret: undefined,
      databaseUrl: undefined,
    });
  });

  it('lists every bad variable with a clear message', () => {
    const problems = problemsOf({
      PORT: 'eighty',
      DATABASE_URL: 'mysql://localhost/db',
      JWT_SECRET: 'short',
      TOKEN_TTL: '12 hours',
      LOG_LEVEL: 'loud',
      PUBLIC_URL: 'not a url',
      RUN_WORKER: 'maybe',
      TRUST_PROXY: 'sometimes',
    });
    expect(problems).toEqual([
      'PORT: PORT must be a number',
      'DATABASE_URL: DATABASE_URL must be a postgres:// or postgresql:// URL',
      'JWT_SECRET: JWT_SECRET must be at least 32 characters (or leave it unset to generate one)',
      'TOKEN_TTL: TOKEN_TTL must be a duration like 12h, 30m, 45s, 2d or a number of seconds',
      'LOG_LEVEL: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent',
      'PUBLIC_URL: PUBLIC_URL must be an http(s) URL',
      'RUN_WORKER: RUN_WORKER must be true or false',
      'TRUST_PROXY: TRUST_PROXY must be true or false',
    ]);
    expect(problemsOf({ PORT: '70000' })).toEqual(['PORT: PORT must be 0-65535']);
  });

  it('parses durations', () => {
    expect(parseDuration('12h')).toBe(43_200);
    expect(parseDuration('30m')).toBe(1800);
    expect(parseDuration('45s')).toBe(45);
    expect(parseDuration('2d')).toBe(172_800);
    expect(parseDuration('3600')).toBe(3600);
    expect(parseDuration('1.5h')).toBeNaN();
    expect(parseDuration('')).toBeNaN();
  });
});

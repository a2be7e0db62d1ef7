import { API_KEY_PREFIX } from '@sms/contracts/api-keys';
import { ERROR_CODES } from '@sms/contracts/errors';
import type { Db } from '../../db/client.ts';
import type { ApiKeyPrincipal } from '../../platform/auth.ts';
import { Forbidden, Unauthenticated } from '../../platform/errors.ts';
import { findApiKeyByHash, recordApiKeyUses } from './api-keys.queries.ts';
import { addressAllowed, hashSecret } from './api-keys.service.ts';

const NOT_VALID = 'This API key is not valid.';
const EXPIRED = 'This API key has expired.';
const ROTATED = 'This API key secret was replaced by a rotation and its overlap has ended: use the new secret.';
/** What a key's secret looks like (api-keys.service.ts makes them): anything else is refused without a lookup. */
const KEY_SHAPE = new RegExp(`^${API_KEY_PREFIX}[A-Za-z0-9_-]{43}$`);

/** The 401 of a secret a rotation replaced, after its overlap: a code the integrator can act on. */
const rotatedError = () => new Unauthenticated(ROTATED, ERROR_CODES.apiKeyRotated);

/** Puts `value` last in `map`, dropping the oldest entry first when `max` are kept. */
function remember<V>(map: Map<string, V>, key: string, value: V, max: number): void {
  map.delete(key);
  if (map.size >= max) map.delete(map.keys().next().value ?? '');
  map.set(key, value);
}

/** A verified key as the cache keeps it: what a request needs, and until when it may be trusted. */
interface Verified {
  principal: ApiKeyPrincipal;
  allowedCidrs: string[];
  /** The key's expiry (ms since the epoch), or null; for a secret a rotation replaced, the end of its overlap if sooner. */
  expiresAt: number | null;
  /** What a request past `expiresAt` is answered. */
  expiredError: () => Unauthenticated;
  /** After this (ms since the epoch) the key is read again from the database. */
  staleAt: number;
}

export interface ApiKeyAccessOptions {
  /** How long a verified key is trusted without reading it again (decision 045). */
  cacheMs?: number;
  /** How long uses wait before their last-use time and address are written (decision 045). */
  lastUseFlushMs?: number;
  /** Keys kept at most (a bound on memory; the oldest go first). */
  maxCached?: number;
  /** Refused keys kept at most (the oldest go first). */
  maxUnknown?: number;
  /** How long a key the database did not know (or knew as revoked or expired) is answered 401 without asking again (decision 076). */
  unknownCacheMs?: number;
  onError?: (error: unknown) => void;
  clock?: () => number;
}

/**
 * How /api/v1 requests find their key (decision 045): the lookup by the secret's hash is trusted
 * for `cacheMs` (1 s), so a busy key costs one read a second instead of one a request; a revoke or
 * edit in this process forgets the key at once. Keys the database refused (unknown, revoked,
 * expired) are refused from memory for `unknownCacheMs` (10 s; decision 076). Last uses (time and
 * address) are kept in memory and written in one statement every `lastUseFlushMs` (2 s), before
 * the keys are listed, and on close, instead of an UPDATE per request.
 */
export class ApiKeyAccess {
  private readonly db: Db;
  private readonly cacheMs: number;
  private readonly flushMs: number;
  private readonly maxCached: number;
  private readonly onError: (error: unknown) => void;
  private readonly clock: () => number;
  private readonly unknownMs: number;
  private readonly maxUnknown: number;
  private readonly verified = new Map<string, Verified>();
  /** Keys refused by the database: their 401 and until when it is answered without a lookup. */
  private readonly unknown = new Map<string, { error: Unauthenticated; until: number }>();
  private readonly looking = new Map<string, Promise<Verified | Error>>();
  /** Bumped by every forget: a lookup that started before it must not fill the cache. */
  private generation = 0;
  private readonly pendingUses = new Map<string, { at: Date; ip: string }>();
  private flushTimer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();

  constructor(db: Db, options: ApiKeyAccessOptions = {}) {
    this.db = db;
    this.cacheMs = options.cacheMs ?? 1_000;
    this.flushMs = options.lastUseFlushMs ?? 2_000;
    this.maxCached = options.maxCached ?? 1_000;
    this.unknownMs = options.unknownCacheMs ?? 10_000;
    this.maxUnknown = options.maxUnknown ?? 10_000;
    this.onError = options.onError ?? (() => {});
    this.clock = options.clock ?? Date.now;
  }

  /**
   * The authentication layer's resolver: secret -> usable key, or 401 (unknown, revoked, expired) /
   * 403 (address). A secret that cannot be a key, or one the database refused in the last
   * `unknownCacheMs`, is answered without a lookup; `beforeLookUp` runs before any lookup.
   */
  readonly resolve = async (secret: string, ip: string, beforeLookUp?: () => void): Promise<ApiKeyPrincipal> => {
    if (!KEY_SHAPE.test(secret)) throw new Unauthenticated(NOT_VALID);
    const hash = hashSecret(secret);
    const now = this.clock();
    let key = this.verified.get(hash);
    if (!key || key.staleAt <= now) {
      const refused = this.unknown.get(hash);
      if (refused && refused.until > now) throw refused.error;
      beforeLookUp?.();
      const found = await this.lookUp(hash);
      if (found instanceof Error) throw found;
      key = found;
    }
    if (key.expiresAt !== null && key.expiresAt <= now) throw key.expiredError();
    if (!addressAllowed(key.allowedCidrs, ip)) throw new Forbidden(`This API key is not allowed from the address ${ip}.`);
    this.noteUse(key.principal.id, ip, now);
    return key.principal;
  };

  /** Forgets a key at once (revoked, rotated, renamed, new rate limit or scopes): its next request reads it again. */
  forget(id: string): void {
    this.generation++;
    this.looking.clear();
    this.unknown.clear();
    for (const [hash, key] of this.verified) if (key.principal.id === id) this.verified.delete(hash);
  }

  /** Writes the pending last uses now (before the keys are listed, so the list shows them). */
  flushLastUse(): Promise<void> {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    const uses = [...this.pendingUses].map(([id, use]) => ({ id, ...use }));
    this.pendingUses.clear();
    // One write after another: a later flush never lands before an earlier one.
    this.flushing = this.flushing.then(async () => {
      if (uses.length === 0) return;
      try {
        await recordApiKeyUses(this.db, uses);
      } catch (error) {
        // Kept for the next flush unless a newer use replaced it meanwhile.
        for (const use of uses) if (!this.pendingUses.has(use.id)) this.pendingUses.set(use.id, { at: use.at, ip: use.ip });
        this.onError(error);
      }
    });
    return this.flushing;
  }

  /** Writes what is pending and stops the timer (the database closes after this). */
  async close(): Promise<void> {
    await this.flushLastUse();
  }

  /** One lookup at a time per secret: a burst on a cold cache costs one read. */
  private lookUp(hash: string): Promise<Verified | Error> {
    let pending = this.looking.get(hash);
    if (!pending) {
      const generation = this.generation;
      pending = this.read(hash, generation).finally(() => {
        if (this.looking.get(hash) === pending) this.looking.delete(hash);
      });
      this.looking.set(hash, pending);
    }
    return pending;
  }

  private async read(hash: string, generation: number): Promise<Verified | Error> {
    const row = await findApiKeyByHash(this.db, hash);
    if (!row || row.revoked_at || row.expired || row.retired) {
      this.verified.delete(hash);
      const error = !row
        ? new Unauthenticated(NOT_VALID)
        : row.revoked_at
          ? new Unauthenticated('This API key was revoked.')
          : row.expired
            ? new Unauthenticated(EXPIRED)
            : rotatedError();
      // None of the three ever becomes usable, so the answer is kept: a flood of one such key costs
      // one lookup per `unknownMs` (decision 076).
      if (generation === this.generation) remember(this.unknown, hash, { error, until: this.clock() + this.unknownMs }, this.maxUnknown);
      return error;
    }
    const expiresAt = row.expires_at === null ? null : new Date(row.expires_at).getTime();
    // A replaced secret read during its overlap: refused from memory once the overlap ends.
    const overlapEnds = row.previous && row.previous_expires_at !== null ? new Date(row.previous_expires_at).getTime() : null;
    const retiresFirst = overlapEnds !== null && (expiresAt === null || overlapEnds < expiresAt);
    const key: Verified = {
      principal: { id: row.id, name: row.name, scopes: row.scopes, rateLimit: Number(row.rate_limit) },
      allowedCidrs: row.allowed_cidrs,
      expiresAt: retiresFirst ? overlapEnds : expiresAt,
      expiredError: retiresFirst ? rotatedError : () => new Unauthenticated(EXPIRED),
      staleAt: this.clock() + this.cacheMs,
    };
    if (generation === this.generation) remember(this.verified, hash, key, this.maxCached);
    return key;
  }

  private noteUse(id: string, ip: string, now: number): void {
    this.pendingUses.set(id, { at: new Date(now), ip });
    if (!this.flushTimer) {
      this.flushTimer = setTimeout(() => void this.flushLastUse(), this.flushMs);
      this.flushTimer.unref();
    }
  }
}

import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';

/** Expired counters are deleted once every this many hits (per limiter). */
const SWEEP_EVERY = 200;

/**
 * A fixed-window counter per key, kept in the database (`rateLimits`) so that every instance counts against
 * the same limit. Used where a limit needs a key that @fastify/rate-limit cannot see before the body is
 * parsed, such as an e-mail. One upsert per hit, atomic on both engines.
 */
export class RateLimiter {
  private hitsSinceSweep = 0;

  constructor(
    private readonly db: Kysely<DB>,
    readonly max: number,
    readonly windowMs: number,
  ) {}

  /** Counts one attempt for `key`; returns how long to wait when the limit is exceeded. */
  async hit(key: string, now = Date.now()): Promise<{ isAllowed: true } | { isAllowed: false; retryAfterMs: number }> {
    const resetAt = now + this.windowMs;
    const expired = sql<boolean>`"rateLimits"."resetAt" <= ${now}`;
    const row = await this.db
      .insertInto('rateLimits')
      .values({ key, count: 1, resetAt })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          count: sql<number>`case when ${expired} then 1 else "rateLimits"."count" + 1 end`,
          resetAt: sql<number>`case when ${expired} then ${resetAt} else "rateLimits"."resetAt" end`,
        }),
      )
      .returning(['count', 'resetAt'])
      .executeTakeFirstOrThrow();
    this.hitsSinceSweep += 1;
    if (this.hitsSinceSweep >= SWEEP_EVERY) {
      this.hitsSinceSweep = 0;
      await this.db.deleteFrom('rateLimits').where('resetAt', '<=', now).execute();
    }
    if (Number(row.count) > this.max) return { isAllowed: false, retryAfterMs: Number(row.resetAt) - now };
    return { isAllowed: true };
  }
}

/**
 * A fixed-window counter per key, kept in this process's memory (one per app instance). Used where a
 * limit needs a key that @fastify/rate-limit cannot see before the body is parsed, such as an e-mail.
 */
export class RateLimiter {
  private readonly hits = new Map<string, { count: number; resetAt: number }>();

  constructor(
    readonly max: number,
    readonly windowMs: number,
  ) {}

  /** Counts one attempt for `key`; returns how long to wait when the limit is exceeded. */
  hit(key: string, now = Date.now()): { isAllowed: true } | { isAllowed: false; retryAfterMs: number } {
    if (this.hits.size > 10_000) this.sweep(now);
    const entry = this.hits.get(key);
    if (!entry || entry.resetAt <= now) {
      this.hits.set(key, { count: 1, resetAt: now + this.windowMs });
      return { isAllowed: true };
    }
    entry.count += 1;
    if (entry.count > this.max) return { isAllowed: false, retryAfterMs: entry.resetAt - now };
    return { isAllowed: true };
  }

  private sweep(now: number) {
    for (const [key, entry] of this.hits) if (entry.resetAt <= now) this.hits.delete(key);
  }
}

/**
 * A token bucket: `capacity` actions at once, refilled at `perSecond`. In memory, for limits that belong to one
 * connection: the server refuses a socket's WebRTC signals past it, and the browser paces its own signals under it
 * (`SignalPacer` in the web app) so that none is refused.
 */
export class TokenBucket {
  private tokens: number;
  private updatedAt: number;

  constructor(
    readonly capacity: number,
    readonly perSecond: number,
    now = Date.now(),
  ) {
    this.tokens = capacity;
    this.updatedAt = now;
  }

  private refill(now: number): void {
    this.tokens = Math.min(this.capacity, this.tokens + ((now - this.updatedAt) / 1000) * this.perSecond);
    this.updatedAt = now;
  }

  /** Takes one token; false when none is left. */
  take(now = Date.now()): boolean {
    this.refill(now);
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  /** How long until a token can be taken (0: now). */
  msUntilToken(now = Date.now()): number {
    this.refill(now);
    return this.tokens >= 1 ? 0 : Math.ceil(((1 - this.tokens) / this.perSecond) * 1000);
  }
}

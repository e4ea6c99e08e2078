import { SIGNAL_LIMIT, TokenBucket, type TAck, type TRtcSignal } from '@resolved/shared';

/** Sends one signal; `done` gets the server's reply. */
export type TSignalEmit = (signal: TRtcSignal, toUserId: string | undefined, done: (reply: TAck) => void) => void;

/** What the pacer stays under: the server's limit less a margin, so arrival jitter never crosses it. */
export const PACED_SIGNAL_LIMIT = {
  burst: SIGNAL_LIMIT.burst - 20,
  perSecond: SIGNAL_LIMIT.perSecond * 0.8,
} as const;

/** How long the pacer waits after a refusal the margin did not prevent (another tab's socket, a restarted server). */
export const REFUSED_PAUSE_MS = 1000;

interface TTimers {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const BROWSER_TIMERS: TTimers = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * Sends the call's signals in the order they were made, never faster than the server takes them (`SIGNAL_LIMIT` per
 * socket). A call of many people, or one rebuilding its connections on a slow machine, makes more signals than the
 * limit at once: past it the server refused them, and a lost answer or candidate left a pair unconnected until the
 * next retry, which made more signals still. Here they wait their turn instead; one refused anyway is sent again
 * first, after REFUSED_PAUSE_MS. A signal of a connection gone by its turn is dropped: in a call of nine on a loaded
 * machine, the signals of connections already rebuilt held back those of their successors past the connect bound,
 * which rebuilt those in turn, and the call never came up.
 */
export class SignalPacer {
  private readonly queue: { signal: TRtcSignal; toUserId: string | undefined; isCurrent?: () => boolean }[] = [];
  private readonly bucket: TokenBucket;
  private timer: unknown = null;
  private isClosed = false;

  constructor(
    private readonly emit: TSignalEmit,
    private readonly timers: TTimers = BROWSER_TIMERS,
  ) {
    this.bucket = new TokenBucket(PACED_SIGNAL_LIMIT.burst, PACED_SIGNAL_LIMIT.perSecond, timers.now());
  }

  /** Signals waiting for their turn. */
  get waiting(): number {
    return this.queue.length;
  }

  /**
   * Sends `signal` in its turn. `isCurrent`, when given, is asked again at that turn: a signal of a connection that
   * was replaced or closed meanwhile (its offer, answer or candidates) is dropped then, without using the budget.
   */
  send(signal: TRtcSignal, toUserId?: string, isCurrent?: () => boolean): void {
    if (this.isClosed) return;
    this.queue.push(isCurrent ? { signal, toUserId, isCurrent } : { signal, toUserId });
    this.drain();
  }

  /** Drops what is waiting: the call is over. */
  close(): void {
    this.isClosed = true;
    this.queue.length = 0;
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
  }

  private wake(ms: number): void {
    this.timer = this.timers.setTimeout(() => {
      this.timer = null;
      this.drain();
    }, ms);
  }

  private drain(): void {
    while (this.timer === null && this.queue.length > 0 && !this.isClosed) {
      if (this.queue[0]!.isCurrent?.() === false) {
        this.queue.shift();
        continue;
      }
      const now = this.timers.now();
      if (!this.bucket.take(now)) {
        this.wake(this.bucket.msUntilToken(now));
        return;
      }
      const next = this.queue.shift()!;
      this.emit(next.signal, next.toUserId, (reply) => {
        if (reply.ok || reply.error.code !== 'rate_limited' || this.isClosed) return;
        this.queue.unshift(next);
        if (this.timer !== null) this.timers.clearTimeout(this.timer);
        this.wake(REFUSED_PAUSE_MS);
      });
    }
  }
}

/**
 * Wakes a tournament's sequencer after a change, at most once per `WAKE_INTERVAL_MS` per tournament (the first at
 * once, then one trailing wake for every change within the interval). A round's ballots come ten a second in a large
 * field, and each wake reads what is due from the database: one per ballot would read it ten times for one answer.
 * A wake is a hint (the sequencer reconciles at every run), so coalescing only delays it; a change after the trailing
 * wake was planned is seen by that wake, since it reads the database when it runs. Per instance.
 */
export const WAKE_INTERVAL_MS = 500;

interface THeld {
  /** When the last wake went (ms since the epoch). */
  wokeAt: number;
  timer?: ReturnType<typeof setTimeout>;
}

export class SequencerWakes {
  private readonly held = new Map<number, THeld>();
  private isStopped = false;

  constructor(
    /** Makes the sequencer of the tournament due now. */
    private readonly wakeNow: (tournamentId: number) => void,
    private readonly intervalMs = WAKE_INTERVAL_MS,
  ) {}

  changed(tournamentId: number): void {
    if (this.isStopped) return;
    const held = this.held.get(tournamentId);
    if (held?.timer) return;
    const delay = held ? held.wokeAt + this.intervalMs - Date.now() : 0;
    if (delay <= 0) {
      this.wake(tournamentId);
      return;
    }
    held!.timer = setTimeout(() => this.wake(tournamentId), delay);
    held!.timer.unref?.();
  }

  /** Stops every planned wake (the server closes; the sequencer's own job keeps what is due). */
  stop(): void {
    this.isStopped = true;
    for (const held of this.held.values()) clearTimeout(held.timer);
    this.held.clear();
  }

  private wake(tournamentId: number): void {
    if (this.isStopped) return;
    // One small entry per tournament changed on this instance; a change after a quiet interval wakes at once.
    this.held.set(tournamentId, { wokeAt: Date.now() });
    // After the change's own synchronous work, as the event that told it.
    queueMicrotask(() => {
      if (!this.isStopped) this.wakeNow(tournamentId);
    });
  }
}

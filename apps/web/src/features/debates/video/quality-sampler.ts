import {
  advanceWindow,
  judgeWindow,
  QUALITY_SAMPLE_MS,
  readQualitySample,
  UNKNOWN_QUALITY,
  type TCallQuality,
  type TQualityWindow,
} from './call-quality';

/**
 * The connection that carries a person's media to this browser, by their user id: the mesh's connection to that peer
 * (`MeshClient.connectionOf`), or a media server's per-feed connection. Undefined while there is none.
 */
export type TConnectionOf = (userId: string) => RTCPeerConnection | undefined;

export type TQualitySnapshot = Readonly<Record<string, TCallQuality>>;

/**
 * Reads, every QUALITY_SAMPLE_MS, the stats of each watched person's connection and judges them (`judgeQuality` over
 * the last few seconds); React reads the judgements through `subscribe` / `getSnapshot`. A connection that is not
 * connected, or a new one (the call rebuilt), starts its window afresh, and so does one on which media stopped
 * arriving and came back (`advanceWindow`).
 */
export class QualitySampler {
  private userIds: string[] = [];
  private windows = new Map<string, { pc: RTCPeerConnection; window: TQualityWindow }>();
  private snapshot: TQualitySnapshot = Object.freeze({});
  private readonly listeners = new Set<() => void>();
  private cancelTimer: (() => void) | null = null;
  private isSampling = false;

  constructor(
    private connectionOf: TConnectionOf,
    private readonly clock: {
      now(): number;
      setTimer(run: () => void, ms: number): () => void;
    } = {
      now: () => Date.now(),
      setTimer: (run, ms) => {
        const id = setTimeout(run, ms);
        return () => clearTimeout(id);
      },
    },
  ) {}

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    if (this.listeners.size === 1) this.schedule();
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.stop();
    };
  };

  readonly getSnapshot = (): TQualitySnapshot => this.snapshot;

  /** Whose connections to sample (the people on the tiles). */
  watch(userIds: string[], connectionOf: TConnectionOf = this.connectionOf): void {
    this.userIds = userIds;
    this.connectionOf = connectionOf;
  }

  /** Reads every watched connection once (the timer calls it; a test may too). */
  async sample(): Promise<void> {
    if (this.isSampling) return;
    this.isSampling = true;
    try {
      const next: Record<string, TCallQuality> = {};
      const windows = new Map<string, { pc: RTCPeerConnection; window: TQualityWindow }>();
      await Promise.all(
        this.userIds.map(async (userId) => {
          const pc = this.connectionOf(userId);
          if (!pc || pc.connectionState !== 'connected') return;
          const report = await pc.getStats().catch(() => null);
          if (!report) return;
          const sample = readQualitySample(report.values() as Iterable<Record<string, unknown>>, this.clock.now());
          const previous = this.windows.get(userId);
          const window = advanceWindow(previous?.pc === pc ? previous.window : undefined, sample);
          windows.set(userId, { pc, window });
          next[userId] = judgeWindow(window);
        }),
      );
      this.windows = windows;
      if (!sameQuality(this.snapshot, next)) {
        this.snapshot = Object.freeze(next);
        for (const listener of this.listeners) listener();
      }
    } finally {
      this.isSampling = false;
    }
  }

  stop(): void {
    this.cancelTimer?.();
    this.cancelTimer = null;
  }

  private schedule(): void {
    if (this.cancelTimer) return;
    this.cancelTimer = this.clock.setTimer(() => {
      this.cancelTimer = null;
      void this.sample().finally(() => {
        if (this.listeners.size > 0) this.schedule();
      });
    }, QUALITY_SAMPLE_MS);
  }
}

/** A person's judgement, or UNKNOWN_QUALITY when their connection is not up or not measured. */
export function qualityOf(snapshot: TQualitySnapshot, userId: string): TCallQuality {
  return snapshot[userId] ?? UNKNOWN_QUALITY;
}

function sameQuality(a: TQualitySnapshot, b: Record<string, TCallQuality>): boolean {
  const keys = Object.keys(b);
  return (
    keys.length === Object.keys(a).length &&
    keys.every((k) => a[k]?.words === b[k]?.words && a[k]?.level === b[k]?.level)
  );
}

/**
 * How well a call's connection carries someone's media, from `RTCPeerConnection.getStats()`: the round-trip time of
 * the selected candidate pair and the share of packets lost over the last few seconds. Pure: the sampler
 * (`quality-sampler.ts`) reads the stats every QUALITY_SAMPLE_MS and keeps a short window of samples.
 */

/** How often a connection's stats are read. */
export const QUALITY_SAMPLE_MS = 2000;
/** The span loss is measured over: the oldest sample kept is at most this old. */
export const QUALITY_WINDOW_MS = 6000;

/**
 * Where plain words start (docs/decisions.md): above 5 % loss or 400 ms round trip video freezes and speech breaks up;
 * above 2 % or 250 ms it still plays, a little jerky or late.
 */
export const POOR_LOSS = 0.05;
export const POOR_RTT_MS = 400;
export const FAIR_LOSS = 0.02;
export const FAIR_RTT_MS = 250;

export interface TQualitySample {
  at: number;
  /** The selected pair's `currentRoundTripTime` in ms; null when the browser has not measured it yet. */
  rttMs: number | null;
  /** Summed over the connection's inbound RTP streams (audio and video), since the connection began. */
  packetsLost: number;
  packetsReceived: number;
}

export type TQualityLevel = 'good' | 'fair' | 'poor' | 'unknown';

export interface TCallQuality {
  level: TQualityLevel;
  rttMs: number | null;
  /** Lost over lost + received in the window, 0..1; null before two samples. */
  loss: number | null;
  /** For screen readers, and shown as the tile's words when the connection is poor. */
  words: string;
  /** Nothing arrives on the connection (it says connected, yet no packet came since the last sample). */
  isStalled?: boolean;
}

export const UNKNOWN_QUALITY: TCallQuality = {
  level: 'unknown',
  rttMs: null,
  loss: null,
  words: 'Connection quality: not measured yet.',
};

type TStat = Record<string, unknown>;

/** One sample from a stats report (anything iterable over stats objects: an `RTCStatsReport`'s `values()`). */
export function readQualitySample(stats: Iterable<TStat>, at: number): TQualitySample {
  const byId = new Map<string, TStat>();
  for (const s of stats) byId.set(String(s.id), s);
  let pair: TStat | undefined;
  for (const s of byId.values()) {
    if (s.type === 'transport' && typeof s.selectedCandidatePairId === 'string') {
      pair = byId.get(s.selectedCandidatePairId);
    }
  }
  // Without a transport's selected pair (Firefox), the nominated pair that succeeded is the one in use.
  pair ??= [...byId.values()].find(
    (s) => s.type === 'candidate-pair' && s.nominated === true && s.state === 'succeeded',
  );
  const rtt = pair?.currentRoundTripTime;
  let packetsLost = 0;
  let packetsReceived = 0;
  for (const s of byId.values()) {
    if (s.type !== 'inbound-rtp') continue;
    packetsLost += Math.max(0, Number(s.packetsLost ?? 0));
    packetsReceived += Number(s.packetsReceived ?? 0);
  }
  return { at, rttMs: typeof rtt === 'number' ? Math.round(rtt * 1000) : null, packetsLost, packetsReceived };
}

/**
 * The judgement over a window of samples, oldest first: loss is the delta between the oldest and the newest (what was
 * lost lately, not since the call began), the round trip the newest.
 */
export function judgeQuality(samples: TQualitySample[]): TCallQuality {
  const newest = samples.at(-1);
  const oldest = samples[0];
  if (!newest || !oldest) return UNKNOWN_QUALITY;
  const lost = newest.packetsLost - oldest.packetsLost;
  const received = newest.packetsReceived - oldest.packetsReceived;
  const loss = samples.length > 1 && lost + received > 0 ? Math.max(0, lost) / (Math.max(0, lost) + received) : null;
  const { rttMs } = newest;
  if (loss === null && rttMs === null) return UNKNOWN_QUALITY;
  const level: TQualityLevel =
    (loss ?? 0) > POOR_LOSS || (rttMs ?? 0) > POOR_RTT_MS
      ? 'poor'
      : (loss ?? 0) > FAIR_LOSS || (rttMs ?? 0) > FAIR_RTT_MS
        ? 'fair'
        : 'good';
  return { level, rttMs, loss, words: qualityWords(level, rttMs, loss) };
}

/**
 * What a tile says while nothing arrives from that person (no packet since the last sample): the figures before say
 * nothing of now (the round trip is the last one measured), so none are shown.
 */
export const STALLED_QUALITY: TCallQuality = {
  level: 'poor',
  rttMs: null,
  loss: null,
  words: 'Nothing arrives from this person: reconnecting.',
  isStalled: true,
};

/** A connection's window of samples, and whether its newest sample found nothing received since the one before. */
export interface TQualityWindow {
  samples: TQualitySample[];
  isStalled: boolean;
}

/**
 * The window after a sample. No packet received since the last sample (after some had been): the media stopped, and
 * the window holds only the newest sample. The first sample after media returns starts a new window, so the packets
 * lost in the gap (counted when the stream resumes) and the figures from before it do not leave the tile saying
 * "Weak connection" for the seconds after.
 */
export function advanceWindow(window: TQualityWindow | undefined, next: TQualitySample): TQualityWindow {
  const last = window?.samples.at(-1);
  if (last && last.packetsReceived > 0 && next.packetsReceived <= last.packetsReceived) {
    return { samples: [next], isStalled: true };
  }
  if (window?.isStalled) return { samples: [next], isStalled: false };
  return { samples: windowed(window?.samples ?? [], next), isStalled: false };
}

/** The judgement of a window: STALLED_QUALITY while nothing arrives, else `judgeQuality` over its samples. */
export function judgeWindow(window: TQualityWindow): TCallQuality {
  return window.isStalled ? STALLED_QUALITY : judgeQuality(window.samples);
}

/** Keeps the samples of the last QUALITY_WINDOW_MS (and the newest), oldest first. */
export function windowed(samples: TQualitySample[], next: TQualitySample): TQualitySample[] {
  return [...samples, next].filter((s) => next.at - s.at <= QUALITY_WINDOW_MS);
}

function qualityWords(level: Exclude<TQualityLevel, 'unknown'>, rttMs: number | null, loss: number | null): string {
  const measured = [
    rttMs !== null ? `${rttMs} ms round trip` : null,
    loss !== null ? `${formatPercent(loss)} of packets lost` : null,
  ]
    .filter(Boolean)
    .join(', ');
  const lead =
    level === 'poor'
      ? 'Weak connection: video may freeze and speech may break up'
      : level === 'fair'
        ? 'Fair connection: video may be a little jerky or late'
        : 'Good connection';
  return `${lead} (${measured}).`;
}

function formatPercent(share: number): string {
  const percent = share * 100;
  return `${percent < 10 && percent > 0 ? percent.toFixed(1) : Math.round(percent)} %`;
}

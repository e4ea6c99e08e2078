import { describe, expect, it } from 'vitest';
import {
  advanceWindow,
  judgeQuality,
  judgeWindow,
  STALLED_QUALITY,
  type TQualityWindow,
  QUALITY_WINDOW_MS,
  readQualitySample,
  UNKNOWN_QUALITY,
  windowed,
  type TQualitySample,
} from './call-quality';
import { QualitySampler } from './quality-sampler';

const sample = (at: number, rttMs: number | null, packetsLost: number, packetsReceived: number): TQualitySample => ({
  at,
  rttMs,
  packetsLost,
  packetsReceived,
});

describe('reading a connection’s stats', () => {
  it('takes the selected pair’s round trip and sums loss over the inbound streams', () => {
    const stats = [
      { id: 'T1', type: 'transport', selectedCandidatePairId: 'CP2' },
      { id: 'CP1', type: 'candidate-pair', currentRoundTripTime: 0.9, nominated: false, state: 'failed' },
      { id: 'CP2', type: 'candidate-pair', currentRoundTripTime: 0.0834, nominated: true, state: 'succeeded' },
      { id: 'IA', type: 'inbound-rtp', kind: 'audio', packetsLost: 3, packetsReceived: 500 },
      { id: 'IV', type: 'inbound-rtp', kind: 'video', packetsLost: 7, packetsReceived: 1500 },
      { id: 'OV', type: 'outbound-rtp', kind: 'video', packetsSent: 999 },
    ];
    expect(readQualitySample(stats, 42)).toEqual({ at: 42, rttMs: 83, packetsLost: 10, packetsReceived: 2000 });
  });

  it('falls back to the nominated pair that succeeded, and knows no round trip before one is measured', () => {
    const firefox = [
      { id: 'CP1', type: 'candidate-pair', nominated: true, state: 'succeeded', currentRoundTripTime: 0.5 },
      { id: 'IV', type: 'inbound-rtp', packetsLost: -2, packetsReceived: 10 },
    ];
    expect(readQualitySample(firefox, 1)).toEqual({ at: 1, rttMs: 500, packetsLost: 0, packetsReceived: 10 });
    expect(readQualitySample([], 1)).toEqual({ at: 1, rttMs: null, packetsLost: 0, packetsReceived: 0 });
  });
});

describe('judging a connection', () => {
  it('is good on a quick, clean connection', () => {
    const q = judgeQuality([sample(0, 40, 0, 0), sample(4000, 60, 1, 1000)]);
    expect(q).toMatchObject({ level: 'good', rttMs: 60 });
    expect(q.loss).toBeCloseTo(1 / 1001);
    expect(q.words).toBe('Good connection (60 ms round trip, 0.1 % of packets lost).');
  });

  it('measures loss over the window, not since the call began', () => {
    // 100 lost long ago; none lately.
    const q = judgeQuality([sample(0, 50, 100, 1000), sample(4000, 50, 100, 1400)]);
    expect(q.loss).toBe(0);
    expect(q.level).toBe('good');
  });

  it('is poor above 5 % loss or 400 ms, fair above 2 % or 250 ms, with words saying so', () => {
    const lossy = judgeQuality([sample(0, 50, 0, 0), sample(4000, 50, 6, 94)]);
    expect(lossy.level).toBe('poor');
    expect(lossy.words).toBe(
      'Weak connection: video may freeze and speech may break up (50 ms round trip, 6.0 % of packets lost).',
    );
    expect(judgeQuality([sample(0, 50, 0, 0), sample(4000, 50, 5, 95)]).level).toBe('fair');
    expect(judgeQuality([sample(0, 401, 0, 0), sample(2000, 401, 0, 100)]).level).toBe('poor');
    expect(judgeQuality([sample(0, 400, 0, 0), sample(2000, 400, 0, 100)]).level).toBe('fair');
    expect(judgeQuality([sample(0, 251, 0, 0), sample(2000, 251, 0, 100)]).level).toBe('fair');
    expect(judgeQuality([sample(0, 250, 0, 0), sample(2000, 250, 2, 98)]).level).toBe('good');
  });

  it('judges the round trip alone from one sample, and knows nothing from nothing', () => {
    expect(judgeQuality([sample(0, 500, 3, 100)])).toMatchObject({ level: 'poor', loss: null });
    expect(judgeQuality([sample(0, null, 3, 100)])).toBe(UNKNOWN_QUALITY);
    expect(judgeQuality([])).toBe(UNKNOWN_QUALITY);
    // Nothing received in the window (the camera off and the microphone muted still send some audio; this is none).
    expect(judgeQuality([sample(0, null, 0, 100), sample(2000, null, 0, 100)])).toBe(UNKNOWN_QUALITY);
  });

  it('keeps only the last few seconds of samples', () => {
    let samples: TQualitySample[] = [];
    for (let at = 0; at <= 10_000; at += 2000) samples = windowed(samples, sample(at, 10, 0, at));
    expect(samples.map((s) => s.at)).toEqual([4000, 6000, 8000, 10_000]);
    expect(samples.at(-1)!.at - samples[0]!.at).toBeLessThanOrEqual(QUALITY_WINDOW_MS);
  });

  it('says nothing arrives while no packet came, and starts afresh once media returns, without its stale figures', () => {
    let window: TQualityWindow | undefined;
    const step = (next: TQualitySample) => judgeWindow((window = advanceWindow(window, next)));
    step(sample(0, 1, 0, 1000));
    expect(step(sample(2000, 1, 0, 2000)).level).toBe('good');
    // The network drops: nothing is received, the round trip read is the last one measured.
    expect(step(sample(4000, 1, 0, 2000))).toEqual(STALLED_QUALITY);
    expect(step(sample(6000, 1, 0, 2000))).toEqual(STALLED_QUALITY);
    // Media is back: the packets lost in the gap are counted now, and are not judged as the connection's present.
    expect(step(sample(8000, 1, 400, 2300))).toMatchObject({ level: 'good', loss: null, rttMs: 1 });
    expect(step(sample(10_000, 1, 400, 2800))).toMatchObject({ level: 'good', loss: 0 });
    // Without the fresh start, the same figures would have said the connection is weak.
    expect(judgeQuality([sample(6000, 1, 0, 2000), sample(8000, 1, 400, 2300)]).level).toBe('poor');
  });

  it('does not call a connection that never received anything stalled', () => {
    let window: TQualityWindow | undefined;
    window = advanceWindow(window, sample(0, null, 0, 0));
    window = advanceWindow(window, sample(2000, null, 0, 0));
    expect(judgeWindow(window)).toEqual(UNKNOWN_QUALITY);
  });
});

/** A connection whose stats the test sets. */
function fakeConnection(state: RTCPeerConnectionState) {
  const conn = {
    connectionState: state,
    stats: [] as Record<string, unknown>[],
    getStats: () => Promise.resolve(new Map(conn.stats.map((s) => [String(s.id), s]))),
  };
  return conn;
}

function statsOf(rtt: number, lost: number, received: number) {
  return [
    { id: 'T', type: 'transport', selectedCandidatePairId: 'P' },
    { id: 'P', type: 'candidate-pair', currentRoundTripTime: rtt / 1000 },
    { id: 'I', type: 'inbound-rtp', packetsLost: lost, packetsReceived: received },
  ];
}

describe('QualitySampler', () => {
  it('samples each watched connection, judges over its window, and starts afresh on a new connection', async () => {
    let now = 0;
    const timers: (() => void)[] = [];
    const ada = fakeConnection('connected');
    const grace = fakeConnection('connecting');
    const connections = new Map<string, ReturnType<typeof fakeConnection>>([
      ['ada', ada],
      ['grace', grace],
    ]);
    const sampler = new QualitySampler((id) => connections.get(id) as unknown as RTCPeerConnection | undefined, {
      now: () => now,
      setTimer: (run) => {
        timers.push(run);
        return () => timers.splice(timers.indexOf(run), 1);
      },
    });
    sampler.watch(['ada', 'grace', 'nobody']);
    let changes = 0;
    const unsubscribe = sampler.subscribe(() => changes++);
    expect(timers).toHaveLength(1);

    ada.stats = statsOf(80, 0, 1000);
    await sampler.sample();
    expect(sampler.getSnapshot()).toEqual({ ada: expect.objectContaining({ level: 'good', rttMs: 80, loss: null }) });
    expect(changes).toBe(1);

    now = 2000;
    ada.stats = statsOf(90, 60, 1940);
    await sampler.sample();
    expect(sampler.getSnapshot().ada).toMatchObject({ level: 'poor', rttMs: 90 });
    expect(sampler.getSnapshot().ada!.loss).toBeCloseTo(0.06);
    expect(sampler.getSnapshot().grace).toBeUndefined();

    // The call rebuilt the connection: its counters start again, and so does the window.
    const rebuilt = fakeConnection('connected');
    rebuilt.stats = statsOf(70, 0, 50);
    connections.set('ada', rebuilt);
    now = 4000;
    await sampler.sample();
    expect(sampler.getSnapshot().ada).toMatchObject({ level: 'good', loss: null });

    // The timer samples and schedules the next; the last listener gone stops it.
    const tick = timers.shift()!;
    tick();
    await new Promise((r) => setTimeout(r, 0));
    expect(timers).toHaveLength(1);
    unsubscribe();
    expect(timers).toHaveLength(0);
  });
});

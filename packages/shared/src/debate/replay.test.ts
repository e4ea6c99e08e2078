import { describe, expect, it } from 'vitest';
import { replaySegments, segmentAt } from './replay.js';
import type { TClockEvent } from './protocol.js';

const at = (s: number) => new Date(1_750_000_000_000 + s * 1000).toISOString();
const ev = (action: TClockEvent['action'], seconds: number, speechIndex: number): TClockEvent => ({
  action,
  phase: 'speech',
  speechIndex,
  at: at(seconds),
});

describe('replay timeline', () => {
  it('turns clock commands into speech and prep segments, pauses kept inside', () => {
    const events = [
      ev('start_speech', 0, 0),
      ev('pause', 100, 0),
      ev('resume', 110, 0),
      ev('end_speech', 360, 1),
      ev('start_prep', 370, 1),
      ev('end_prep', 430, 1),
      ev('start_speech', 430, 1),
    ];
    const segments = replaySegments('ld', 'a', events, at(600));
    expect(segments.map((s) => [s.kind, s.label, (s.endMs - s.startMs) / 1000])).toEqual([
      ['speech', 'AC', 360],
      ['prep', 'Prep', 60],
      ['speech', 'CX', 170],
    ]);
    expect(segmentAt(segments, Date.parse(at(200)))?.label).toBe('AC');
    expect(segmentAt(segments, Date.parse(at(365)))).toBeNull();
    expect(segmentAt(segments, Date.parse(at(599)))?.label).toBe('CX');
  });
});

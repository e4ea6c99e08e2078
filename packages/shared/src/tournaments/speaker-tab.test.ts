import { describe, expect, it } from 'vitest';
import { computeSpeakerTab, type TSpeakerScore } from './speaker-tab.js';

const score = (speakerId: string, entrantId: string, s: TSpeakerScore['score']): TSpeakerScore => ({
  speakerId,
  entrantId,
  score: s,
});

describe('computeSpeakerTab', () => {
  it('ranks each debater by their own points, apart from their partner', () => {
    const tab = computeSpeakerTab([
      score('ann', 't1', 28),
      score('ben', 't1', 29),
      score('cy', 't2', 27.5),
      score('dee', 't2', 28.5),
    ]);
    expect(tab.map((r) => [r.speakerId, r.entrantId, r.rank, r.speakerPoints])).toEqual([
      ['ben', 't1', 1, 29],
      ['dee', 't2', 2, 28.5],
      ['ann', 't1', 3, 28],
      ['cy', 't2', 4, 27.5],
    ]);
  });

  it('drops the highest and lowest round from three scored rounds on', () => {
    const [two] = computeSpeakerTab([score('ann', 't1', 26), score('ann', 't1', 30)]);
    expect(two).toMatchObject({ speakerPoints: 56, isHighLowDropped: false, rounds: 2 });
    const [four] = computeSpeakerTab([26, 28, 29, 30].map((p) => score('ann', 't1', p)));
    expect(four).toMatchObject({ speakerPoints: 57, isHighLowDropped: true, averagePoints: 28.25, rounds: 4 });
  });

  it("scores a bye as the debater's own average, and a loss without points as 0", () => {
    const [ann] = computeSpeakerTab([score('ann', 't1', 28), score('ann', 't1', 29), score('ann', 't1', 'average')]);
    // 28 + 29 + 28.5, then the high (29) and the low (28) dropped.
    expect(ann).toMatchObject({ speakerPoints: 28.5, isHighLowDropped: true, averagePoints: 28.5, rounds: 3 });
    const [ben] = computeSpeakerTab([score('ben', 't2', 0), score('ben', 't2', 28)]);
    expect(ben).toMatchObject({ speakerPoints: 28, averagePoints: 14 });
  });

  it('breaks a tie on the total by the average, and shares a rank when both tie', () => {
    // Both total 28: ann over two rounds (a loss without points scores 0), ben over one.
    const byAverage = computeSpeakerTab([score('ann', 't1', 28), score('ann', 't1', 0), score('ben', 't2', 28)]);
    expect(byAverage.map((r) => [r.speakerId, r.rank, r.averagePoints])).toEqual([
      ['ben', 1, 28],
      ['ann', 2, 14],
    ]);
    // ann, ben and cy total 56 with an average of 28; dee totals 27 after the drop.
    const tied = computeSpeakerTab([
      ...[28, 28].map((p) => score('ann', 't1', p)),
      ...[27, 29].map((p) => score('ben', 't2', p)),
      score('cy', 't3', 28),
      score('cy', 't3', 'average'),
      ...[29, 0, 27].map((p) => score('dee', 't4', p)),
    ]);
    expect(tied.map((r) => [r.speakerId, r.rank])).toEqual([
      ['ann', 1],
      ['ben', 1],
      ['cy', 1],
      ['dee', 4],
    ]);
  });

  it('lists a debater under the team of their latest round', () => {
    const [ann] = computeSpeakerTab([score('ann', 't1', 28), score('ann', 't9', 29)]);
    expect(ann!.entrantId).toBe('t9');
  });
});

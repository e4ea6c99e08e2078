import { describe, expect, it } from 'vitest';
import {
  changeText,
  chartColumns,
  chartRounds,
  ratingRange,
  resultText,
  roundText,
  timeRange,
  type TRatingHistory,
} from './rating-chart-data';

const history: TRatingHistory = [
  {
    formatId: 'ld',
    points: [
      { at: '2026-03-01T10:00:00.000Z', rating: 1662, result: 'win' },
      { at: '2026-03-05T10:00:00.000Z', rating: 1590, result: 'loss' },
    ],
  },
  { formatId: 'pf', points: [{ at: '2026-03-03T10:00:00.000Z', rating: 1420, result: null }] },
];

describe('the rating chart’s data', () => {
  it('lists every rated round oldest first, each with the change it made from the rating before', () => {
    expect(chartRounds(history)).toEqual([
      { formatId: 'ld', atMs: Date.parse('2026-03-01T10:00:00.000Z'), rating: 1662, change: 162, result: 'win' },
      { formatId: 'pf', atMs: Date.parse('2026-03-03T10:00:00.000Z'), rating: 1420, change: -80, result: null },
      { formatId: 'ld', atMs: Date.parse('2026-03-05T10:00:00.000Z'), rating: 1590, change: -72, result: 'loss' },
    ]);
  });

  it('aligns the formats on one time axis in seconds, with gaps where a format had no round', () => {
    const columns = chartColumns(chartRounds(history));
    expect(columns.xs).toEqual([1772359200, 1772532000, 1772704800]);
    expect(columns.series).toEqual([
      { formatId: 'ld', values: [1662, null, 1590] },
      { formatId: 'pf', values: [null, 1420, null] },
    ]);
    expect(columns.roundsAt.map((here) => here.map((r) => r.formatId))).toEqual([['ld'], ['pf'], ['ld']]);
  });

  it('keeps rounds a moment apart apart, and puts two formats’ rounds of the same moment at one position', () => {
    const close: TRatingHistory = [
      {
        formatId: 'ld',
        points: [
          { at: '2026-03-01T10:00:00.100Z', rating: 1600, result: 'win' },
          { at: '2026-03-01T10:00:00.400Z', rating: 1550, result: 'loss' },
        ],
      },
      { formatId: 'pf', points: [{ at: '2026-03-01T10:00:00.400Z', rating: 1400, result: 'loss' }] },
    ];
    const columns = chartColumns(chartRounds(close));
    expect(columns.xs).toEqual([1772359200.1, 1772359200.4]);
    expect(columns.roundsAt.map((here) => here.length)).toEqual([1, 2]);
    expect(columns.series.map((s) => s.values)).toEqual([
      [1600, 1550],
      [null, 1400],
    ]);
  });

  it('reads a round as date, format, rating with its change, and result', () => {
    const [first, second, third] = chartRounds(history);
    expect(roundText(first!)).toBe('Mar 1, 2026 · Lincoln Douglas · rating 1662 (+162) · Win');
    expect(roundText(third!)).toBe('Mar 5, 2026 · Lincoln Douglas · rating 1590 (−72) · Loss');
    expect(resultText(second!.result)).toBe('Result not kept');
    expect(changeText(0)).toBe('±0');
  });

  it('ranges the axes around every rating and the starting 1500, and pads a lone round by a day', () => {
    expect(ratingRange(chartRounds(history))).toEqual([1375, 1700]);
    expect(ratingRange([])).toEqual([1475, 1525]);
    expect(timeRange([1000])).toEqual([1000 - 43_200, 1000 + 43_200]);
    expect(timeRange([0, 1000])).toEqual([-40, 1040]);
  });
});

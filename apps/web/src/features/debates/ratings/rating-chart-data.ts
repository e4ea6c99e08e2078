/**
 * The rating chart's data, framework-free: every rated round in time order with the rating it left and the change it
 * made, the columns the chart library draws (one shared time axis, one series per format), and how one round reads in
 * the tooltip and the table.
 */
import { FORMATS, RATING_DEFAULTS, type TDebaterProgress, type TFormatId, type TRatingPoint } from '@resolved/shared';

export type TRatingHistory = TDebaterProgress['ratingHistory'];

/** One rated round on the chart. */
export interface TChartRound {
  formatId: TFormatId;
  /** When the ballot moved the rating, in milliseconds since the epoch. */
  atMs: number;
  rating: number;
  /** The change this round made: from the previous rating in the format, or from the starting rating. */
  change: number;
  result: TRatingPoint['result'];
}

export interface TChartColumns {
  /** The shared time axis, in seconds (the unit the chart library's time scale takes), oldest first. */
  xs: number[];
  /** One column per format, aligned with `xs`: the rating after that format's round at that time, else null. */
  series: { formatId: TFormatId; values: (number | null)[] }[];
  /** The rounds at each position of `xs` (rarely more than one). */
  roundsAt: TChartRound[][];
}

/** Every rated round of every format, oldest first. */
export function chartRounds(history: TRatingHistory): TChartRound[] {
  return history
    .flatMap(({ formatId, points }) =>
      points.map((point, i) => ({
        formatId,
        atMs: Date.parse(point.at),
        rating: point.rating,
        change: point.rating - (i === 0 ? RATING_DEFAULTS.rating : points[i - 1]!.rating),
        result: point.result,
      })),
    )
    .filter((round) => Number.isFinite(round.atMs))
    .sort((a, b) => a.atMs - b.atMs);
}

/** The chart's columns: rounds of different formats at the same moment share a position on the time axis. */
export function chartColumns(rounds: TChartRound[]): TChartColumns {
  const xs: number[] = [];
  const roundsAt: TChartRound[][] = [];
  for (const round of rounds) {
    const x = round.atMs / 1000;
    const last = roundsAt.at(-1);
    if (xs.at(-1) === x && last && !last.some((r) => r.formatId === round.formatId)) last.push(round);
    else {
      xs.push(x);
      roundsAt.push([round]);
    }
  }
  const formatIds = [...new Set(rounds.map((r) => r.formatId))];
  const series = formatIds.map((formatId) => ({
    formatId,
    values: roundsAt.map((here) => here.find((r) => r.formatId === formatId)?.rating ?? null),
  }));
  return { xs, series, roundsAt };
}

const RESULT_TEXT = { win: 'Win', loss: 'Loss' } as const;

export function resultText(result: TRatingPoint['result']): string {
  return result === null ? 'Result not kept' : RESULT_TEXT[result];
}

/** "+12", "−8" (a real minus sign) or "±0". */
export function changeText(change: number): string {
  if (change > 0) return `+${change}`;
  if (change < 0) return `−${Math.abs(change)}`;
  return '±0';
}

export function roundDateText(atMs: number): string {
  return new Date(atMs).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}

/** One round as the tooltip and the keyboard announcement read it. */
export function roundText(round: TChartRound): string {
  return `${roundDateText(round.atMs)} · ${FORMATS[round.formatId].name} · rating ${round.rating} (${changeText(
    round.change,
  )}) · ${resultText(round.result)}`;
}

/** The y-axis range: every rating and the starting rating, with a margin, on round numbers. */
export function ratingRange(rounds: TChartRound[]): [number, number] {
  const ratings = [RATING_DEFAULTS.rating, ...rounds.map((r) => r.rating)];
  const step = 25;
  return [
    Math.floor((Math.min(...ratings) - step) / step) * step,
    Math.ceil((Math.max(...ratings) + step) / step) * step,
  ];
}

/** The time-axis range in seconds, padded so the first and last points are not cut at the edges. */
export function timeRange(xs: number[]): [number, number] {
  const min = xs[0] ?? 0;
  const max = xs.at(-1) ?? min;
  // One round alone: a day either side, so the axis shows its date.
  const pad = max === min ? 12 * 3600 : (max - min) * 0.04;
  return [min - pad, max + pad];
}

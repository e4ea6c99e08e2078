/** Plain objects for the tournament tests: entrants, and results played out for a draw. */
import type { TRandom } from '../debate/matchmaking.js';
import type { TDebateResult, TDraw, TEntrant, TRoundRecord } from './types.js';

export function buildEntrant(id: string, over: Partial<TEntrant> = {}): TEntrant {
  return { id, teamId: null, rating: 1500, isMinor: false, ...over };
}

/** `count` entrants e01, e02, … with ratings falling from 2000 (e01 the highest). */
export function buildField(count: number, over: (i: number) => Partial<TEntrant> = () => ({})): TEntrant[] {
  return Array.from({ length: count }, (_, i) =>
    buildEntrant(`e${String(i + 1).padStart(3, '0')}`, { rating: 2000 - i, ...over(i) }),
  );
}

/** A confirmed debate: `aff` v `neg`, won by `winner`, with the points given (29 and 28 by default). */
export function result(
  aff: string,
  neg: string,
  winner: 'aff' | 'neg',
  points: [number | null, number | null] = winner === 'aff' ? [29, 28] : [28, 29],
): TDebateResult {
  return { aff, neg, winner, affPoints: points[0], negPoints: points[1] };
}

/** Results for every debate of `draw`, at random: points from 25 to 30 in halves, now and then a forfeit. */
export function playDraw(draw: TDraw, random: TRandom): TRoundRecord {
  const points = () => 25 + Math.floor(random() * 11) / 2;
  return {
    byes: draw.bye ? [draw.bye] : [],
    debates: draw.debates.map((d) => {
      const winner = random() < 0.5 ? 'aff' : 'neg';
      if (random() < 0.03) return result(d.aff, d.neg, winner, [null, null]);
      return result(d.aff, d.neg, winner, [points(), points()]);
    }),
  };
}

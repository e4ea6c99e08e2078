/** Plain objects for the BP tests and the bench: a field of teams, and random results played out for a draw. */
import type { TRandom } from '../debate/matchmaking.js';
import { BP_SIDES } from '../formats/british-parliamentary.js';
import { shuffled } from '../tournaments/random.js';
import type { TBpDraw, TBpRank, TBpRoomResult, TBpRoundRecord, TBpSide } from './types.js';

/** `count` teams t001, t002, … */
export function buildBpField(count: number): string[] {
  return Array.from({ length: count }, (_, i) => `t${String(i + 1).padStart(3, '0')}`);
}

/** Results for every room of `draw`, at random: a shuffled ranking, each team 130–170 points in line with it. */
export function playBpDraw(draw: TBpDraw, random: TRandom): TBpRoundRecord {
  return {
    rooms: draw.rooms.map((room): TBpRoomResult => {
      const order = shuffled(BP_SIDES, random);
      const ranks = {} as Record<TBpSide, TBpRank>;
      const speakerPoints = {} as Record<TBpSide, number>;
      let points = 170 - Math.floor(random() * 8);
      order.forEach((side, i) => {
        ranks[side] = (i + 1) as TBpRank;
        speakerPoints[side] = points;
        points -= 1 + Math.floor(random() * 8);
      });
      return { teams: { ...room.teams }, ranks, speakerPoints };
    }),
  };
}

/**
 * The British Parliamentary team tab (issue 41, item 4): each team's team points (3, 2, 1, 0 a room; a forfeit none,
 * whatever its place), then its total speaker points, then a seeded draw between teams level on both, so the order is
 * total and made again from its seed. The order is what the draw and the break read; the rank shown is the two-sided
 * tab's: teams level on team points and speaker points share it (1, 2, 2, 4), since the seeded draw between them says
 * nothing about their debating. Each team's positions so far come with it: the draw balances them.
 */
import { BP_SIDES } from '../formats/british-parliamentary.js';
import { seededRandom } from '../tournaments/random.js';
import { BP_TEAM_POINTS } from './ballot.js';
import type { TBpRoundRecord, TBpSide } from './types.js';

export interface TBpStanding {
  teamId: string;
  /**
   * 1 is first; teams level on team points and speaker points share a rank and the next rank skips (1, 2, 2, 4). The
   * list's order among them is the seeded draw's, which the draw and the break read: a rank is only what is shown.
   */
  rank: number;
  teamPoints: number;
  speakerPoints: number;
  /** Rooms the team was ranked in. */
  rooms: number;
  /** Rooms it won (ranked first). */
  firsts: number;
  /** How often it sat in each position. */
  positions: Record<TBpSide, number>;
}

const EPSILON = 1e-9;

const emptyPositions = (): Record<TBpSide, number> => ({ og: 0, oo: 0, cg: 0, co: 0 });

/** Each team's position counts over `rounds` (teams not in them absent). */
export function bpPositionCounts(rounds: readonly TBpRoundRecord[]): Map<string, Record<TBpSide, number>> {
  const counts = new Map<string, Record<TBpSide, number>>();
  for (const round of rounds) {
    for (const room of round.rooms) {
      for (const side of BP_SIDES) {
        const id = room.teams[side];
        let row = counts.get(id);
        if (!row) counts.set(id, (row = emptyPositions()));
        row[side]++;
      }
    }
  }
  return counts;
}

/** A tie-break key per team from `seed`, the same whatever order the teams are listed in. */
function seededKeys(teamIds: readonly string[], seed: string): Map<string, number> {
  const random = seededRandom(`bp-standings:${seed}`);
  return new Map([...teamIds].sort().map((id) => [id, random()]));
}

/**
 * The standings of `teamIds` after `rounds`, best first: team points, then speaker points, then the seeded draw.
 * Rooms of teams outside `teamIds` (a swing team, a withdrawn team) count for the teams listed in them.
 */
export function computeBpStandings(
  teamIds: readonly string[],
  rounds: readonly TBpRoundRecord[],
  seed: string,
): TBpStanding[] {
  const rows = new Map<string, TBpStanding>(
    teamIds.map((teamId) => [
      teamId,
      { teamId, rank: 0, teamPoints: 0, speakerPoints: 0, rooms: 0, firsts: 0, positions: emptyPositions() },
    ]),
  );
  for (const round of rounds) {
    for (const room of round.rooms) {
      for (const side of BP_SIDES) {
        const row = rows.get(room.teams[side]);
        if (!row) continue;
        row.teamPoints += room.teamPoints?.[side] ?? BP_TEAM_POINTS[room.ranks[side]];
        row.speakerPoints += room.speakerPoints[side] ?? 0;
        row.rooms++;
        if (room.ranks[side] === 1) row.firsts++;
        row.positions[side]++;
      }
    }
  }
  const keys = seededKeys(teamIds, seed);
  const sorted = [...rows.values()].sort((a, b) => compareOnPoints(a, b) || keys.get(a.teamId)! - keys.get(b.teamId)!);
  sorted.forEach((row, i) => {
    const before = sorted[i - 1];
    row.rank = before && compareOnPoints(before, row) === 0 ? before.rank : i + 1;
  });
  for (const row of sorted) row.speakerPoints = Math.round(row.speakerPoints * 100) / 100;
  return sorted;
}

/** Team points, then speaker points: negative when `a` ranks ahead, 0 when the two are level on both. */
function compareOnPoints(a: TBpStanding, b: TBpStanding): number {
  if (a.teamPoints !== b.teamPoints) return b.teamPoints - a.teamPoints;
  return Math.abs(b.speakerPoints - a.speakerPoints) > EPSILON ? b.speakerPoints - a.speakerPoints : 0;
}

/**
 * The British Parliamentary team tab (issue 41, item 4): each team's team points (3, 2, 1, 0 a room; a forfeit none,
 * whatever its place), then its total speaker points, then a seeded draw between teams level on both, so the order is
 * total and made again from its seed. Each team's positions so far come with it: the draw balances them.
 */
import { BP_SIDES } from '../formats/british-parliamentary.js';
import { seededRandom } from '../tournaments/random.js';
import { BP_TEAM_POINTS } from './ballot.js';
import type { TBpRoundRecord, TBpSide } from './types.js';

export interface TBpStanding {
  teamId: string;
  /** 1 is first; every team its own rank (the seeded draw orders teams level on points and speaker points). */
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
  const sorted = [...rows.values()].sort(
    (a, b) =>
      b.teamPoints - a.teamPoints ||
      (Math.abs(b.speakerPoints - a.speakerPoints) > EPSILON ? b.speakerPoints - a.speakerPoints : 0) ||
      keys.get(a.teamId)! - keys.get(b.teamId)!,
  );
  sorted.forEach((row, i) => {
    row.rank = i + 1;
    row.speakerPoints = Math.round(row.speakerPoints * 100) / 100;
  });
  return sorted;
}

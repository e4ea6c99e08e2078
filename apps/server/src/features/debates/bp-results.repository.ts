/**
 * Reads a British Parliamentary room's ranked ballot (migration 0065) for the debate's API, and a debater's BP record
 * for their dashboard. Written by the results feature (`results/bp-ballots.ts`).
 */
import {
  BP_SIDE_OF,
  isBpPosition,
  type TBpForfeits,
  type TBpRank,
  type TBpRecord,
  type TBpRoundResult,
  type TBpSide,
} from '@resolved/shared';
import type { TDebatesDb } from './debates.repository';
import type { TSeatRow } from './debate-seats.repository';

const SPEAKING_ORDER = ['pm', 'dpm', 'lo', 'dlo', 'mg', 'gw', 'mo', 'ow'];

/** The teams of a BP room that forfeited (migration 0066), each with the place it takes; `{}` when none did. */
export async function findBpForfeits(db: TDebatesDb, debateId: number): Promise<TBpForfeits> {
  const rows = await db
    .selectFrom('bpTeamForfeits')
    .select(['team', 'place'])
    .where('debateId', '=', debateId)
    .execute();
  return Object.fromEntries(rows.map((row) => [row.team, Number(row.place) as TBpRank])) as TBpForfeits;
}

/** The room's result, or null before its ballot (or in any other format). */
export async function findBpRoundResult(
  db: TDebatesDb,
  debateId: number,
  seats: readonly TSeatRow[],
  names: ReadonlyMap<string, string>,
): Promise<TBpRoundResult | null> {
  const ballot = await db.selectFrom('bpBallots').selectAll().where('debateId', '=', debateId).executeTakeFirst();
  if (!ballot) return null;
  const [teams, points] = await Promise.all([
    db.selectFrom('bpTeamResults').selectAll().where('debateId', '=', debateId).orderBy('rank').execute(),
    db.selectFrom('bpSpeakerPoints').select(['userId', 'points']).where('debateId', '=', debateId).execute(),
  ]);
  const pointsOf = new Map(points.map((p) => [p.userId, Number(p.points) / 10]));
  const speakersOf = (team: string) =>
    seats
      .filter((seat) => isBpPosition(seat.position) && BP_SIDE_OF[seat.position] === team)
      .sort((x, y) => SPEAKING_ORDER.indexOf(x.position!) - SPEAKING_ORDER.indexOf(y.position!))
      .map((seat) => ({
        userId: seat.userId,
        position: seat.position as TBpRoundResult['teams'][number]['speakers'][number]['position'],
        points: pointsOf.get(seat.userId) ?? 0,
      }));
  return {
    judge: ballot.judgeId ? { userId: ballot.judgeId, displayName: names.get(ballot.judgeId) ?? 'Former user' } : null,
    teams: teams.map((team) => ({
      team: team.team as TBpSide,
      rank: Number(team.rank) as TBpRank,
      teamPoints: Number(team.teamPoints),
      speakerPoints: Number(team.speakerPoints) / 10,
      speakers: speakersOf(team.team),
    })),
    isLowPointWin: Number(ballot.isLowPointWin) === 1,
    reason: ballot.reason,
    createdAt: ballot.createdAt,
  };
}

/** A debater's BP record over every judged room they sat in; null before the first. */
export async function findBpRecord(db: TDebatesDb, userId: string): Promise<TBpRecord | null> {
  const rows = await db
    .selectFrom('bpSpeakerPoints as p')
    .innerJoin('bpTeamResults as t', (join) =>
      join.onRef('t.debateId', '=', 'p.debateId').onRef('t.team', '=', 'p.team'),
    )
    .innerJoin('bpBallots as b', 'b.debateId', 'p.debateId')
    .select(['p.debateId', 'p.team', 'p.points', 't.rank', 't.teamPoints', 'b.createdAt'])
    .where('p.userId', '=', userId)
    .orderBy('b.createdAt', 'desc')
    .orderBy('p.debateId', 'desc')
    .execute();
  if (rows.length === 0) return null;
  const places: [number, number, number, number] = [0, 0, 0, 0];
  for (const row of rows) places[Number(row.rank) - 1]! += 1;
  const last = rows[0]!;
  return {
    rounds: rows.length,
    teamPoints: rows.reduce((sum, row) => sum + Number(row.teamPoints), 0),
    places,
    last: {
      debateId: Number(last.debateId),
      team: last.team as TBpSide,
      rank: Number(last.rank) as TBpRank,
      teamPoints: Number(last.teamPoints),
      speakerPoints: Number(last.points) / 10,
    },
  };
}

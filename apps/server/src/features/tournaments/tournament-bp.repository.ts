/**
 * British Parliamentary tournaments' SQL (migration 0067): a round's rooms of four teams, and what the draw, the tab
 * and the break read of their ranked ballots (migration 0065: each team's place and points, each speaker's points).
 */
import type { Kysely } from 'kysely';
import { BP_SIDES, type TBpForfeits, type TBpRank, type TBpSide } from '@resolved/shared';
import type { DB } from '../../db/schema';

type TDb = Kysely<DB>;

export interface TBpRoomInsert {
  roundId: number;
  teams: Readonly<Record<TBpSide, number>>;
  debateId: number | null;
  bracket: number;
}

export async function insertBpRooms(db: TDb, rooms: readonly TBpRoomInsert[]): Promise<void> {
  if (rooms.length === 0) return;
  await db
    .insertInto('tournamentBpRooms')
    .values(
      rooms.map((room) => ({
        roundId: room.roundId,
        ogEntrantId: room.teams.og,
        ooEntrantId: room.teams.oo,
        cgEntrantId: room.teams.cg,
        coEntrantId: room.teams.co,
        debateId: room.debateId,
        bracket: room.bracket,
      })),
    )
    .execute();
}

/** A room as the tournament reads it, with its round's number and division. */
export interface TBpRoomRow {
  id: number;
  roundId: number;
  number: number;
  divisionId: number;
  teams: Record<TBpSide, number>;
  debateId: number | null;
  bracket: number;
}

/** The rooms of a tournament with their round's number and division. */
const roomsOf = (db: TDb, tournamentId: number) =>
  db
    .selectFrom('tournamentBpRooms as b')
    .innerJoin('tournamentRounds as r', 'r.id', 'b.roundId')
    .select([
      'b.id',
      'b.roundId',
      'b.ogEntrantId',
      'b.ooEntrantId',
      'b.cgEntrantId',
      'b.coEntrantId',
      'b.debateId',
      'b.bracket',
      'r.number',
      'r.divisionId',
    ])
    .where('r.tournamentId', '=', tournamentId);

type TRoomSelected = Awaited<ReturnType<ReturnType<typeof roomsOf>['executeTakeFirstOrThrow']>>;

const roomOfRow = (row: TRoomSelected): TBpRoomRow => ({
  id: Number(row.id),
  roundId: Number(row.roundId),
  number: Number(row.number),
  divisionId: Number(row.divisionId),
  teams: {
    og: Number(row.ogEntrantId),
    oo: Number(row.ooEntrantId),
    cg: Number(row.cgEntrantId),
    co: Number(row.coEntrantId),
  },
  debateId: row.debateId === null ? null : Number(row.debateId),
  bracket: Number(row.bracket),
});

/** Every room of the tournament, by round then as drawn. */
export async function listBpRooms(db: TDb, tournamentId: number): Promise<TBpRoomRow[]> {
  const rows = await roomsOf(db, tournamentId).orderBy('r.number').orderBy('b.id').execute();
  return rows.map(roomOfRow);
}

/** One room of the tournament by its id, or undefined when the tournament has no such room. */
export async function findBpRoom(db: TDb, tournamentId: number, roomId: number): Promise<TBpRoomRow | undefined> {
  const row = await roomsOf(db, tournamentId).where('b.id', '=', roomId).executeTakeFirst();
  return row && roomOfRow(row);
}

/** The teams of each room that forfeited it (migration 0066), with the place each takes; rooms without any absent. */
export async function bpForfeitsOf(db: TDb, debateIds: readonly number[]): Promise<Map<number, TBpForfeits>> {
  const forfeits = new Map<number, Partial<Record<TBpSide, TBpRank>>>();
  if (debateIds.length === 0) return forfeits;
  const rows = await db
    .selectFrom('bpTeamForfeits')
    .select(['debateId', 'team', 'place'])
    .where('debateId', 'in', debateIds)
    .execute();
  for (const row of rows) {
    const own = forfeits.get(Number(row.debateId)) ?? {};
    own[row.team as TBpSide] = Number(row.place) as TBpRank;
    forfeits.set(Number(row.debateId), own);
  }
  return forfeits;
}

/** A room's ranked result: each team's place, team points and speaker points (in tenths). */
export type TBpRoomOutcome = Record<TBpSide, { rank: TBpRank; teamPoints: number; speakerPoints: number }>;

export interface TBpDebateOutcome {
  status: string;
  judgeId: string | null;
  result: TBpRoomOutcome | null;
}

/** The debates' status, judge and, for those with a ranked ballot, each team's result. */
export async function bpOutcomesOf(db: TDb, debateIds: readonly number[]): Promise<Map<number, TBpDebateOutcome>> {
  const outcomes = new Map<number, TBpDebateOutcome>();
  if (debateIds.length === 0) return outcomes;
  const [debates, teams] = await Promise.all([
    db.selectFrom('debates').select(['id', 'status', 'judgeId']).where('id', 'in', debateIds).execute(),
    db.selectFrom('bpTeamResults').selectAll().where('debateId', 'in', debateIds).execute(),
  ]);
  for (const debate of debates) {
    const own = teams.filter((t) => Number(t.debateId) === Number(debate.id));
    const isWhole = BP_SIDES.every((side) => own.some((t) => t.team === side));
    const result = isWhole
      ? (Object.fromEntries(
          own.map((t) => [
            t.team,
            {
              rank: Number(t.rank) as TBpRank,
              teamPoints: Number(t.teamPoints),
              speakerPoints: Number(t.speakerPoints),
            },
          ]),
        ) as TBpRoomOutcome)
      : null;
    outcomes.set(Number(debate.id), { status: debate.status, judgeId: debate.judgeId, result });
  }
  return outcomes;
}

/** Each speaker's points (tenths) in the debates, with their team place in the room. */
export async function bpSpeakerPointsOf(
  db: TDb,
  debateIds: readonly number[],
): Promise<{ debateId: number; userId: string; team: TBpSide; points: number }[]> {
  if (debateIds.length === 0) return [];
  const rows = await db
    .selectFrom('bpSpeakerPoints')
    .select(['debateId', 'userId', 'team', 'points'])
    .where('debateId', 'in', debateIds)
    .execute();
  return rows.map((row) => ({
    debateId: Number(row.debateId),
    userId: row.userId,
    team: row.team as TBpSide,
    points: Number(row.points),
  }));
}

/** The rooms' ranked ballots: who gave each, whether it was a confirmed low-point win, and the reason. */
export async function bpBallotsOf(
  db: TDb,
  debateIds: readonly number[],
): Promise<Map<number, { judgeId: string | null; isLowPointWin: boolean; reason: string }>> {
  if (debateIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('bpBallots')
    .select(['debateId', 'judgeId', 'isLowPointWin', 'reason'])
    .where('debateId', 'in', debateIds)
    .execute();
  return new Map(
    rows.map((row) => [
      Number(row.debateId),
      { judgeId: row.judgeId, isLowPointWin: Number(row.isLowPointWin) === 1, reason: row.reason },
    ]),
  );
}

/** Tournaments SQL: the tournament, its hosts, teams, divisions, entrants, rounds and pairings. */
import type { Kysely } from 'kysely';
import type { TDivisionAgeBand, TDrawFlag } from '@resolved/shared';
import type { DB } from '../../db/schema';
import { chunks } from '../../db/batches';
import type { TEntrantRow, TournamentsTable } from './tournaments.tables';

type TDb = Kysely<DB>;

export async function insertTournament(
  db: TDb,
  values: Omit<
    TournamentsTable,
    | 'id'
    | 'status'
    | 'startedAt'
    | 'finishedAt'
    | 'firstRound'
    | 'publishedAt'
    | 'prelimJudgesPerRoom'
    | 'elimJudgesPerRoom'
    | 'entrantsPerJudge'
    | 'version'
    | 'teamSize'
  > & {
    teamSize: number;
    firstRound: 'random' | 'rating';
    prelimJudgesPerRoom: number;
    elimJudgesPerRoom: number;
  },
): Promise<number> {
  const row = await db
    .insertInto('tournaments')
    .values({ ...values, startedAt: null, finishedAt: null, publishedAt: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function findTournament(db: TDb, id: number) {
  return db.selectFrom('tournaments').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findTournamentByCode(db: TDb, code: string) {
  return db.selectFrom('tournaments').selectAll().where('joinCode', '=', code).executeTakeFirst();
}

/** How many of the host's tournaments are not finished. */
export async function countUnfinishedOf(db: TDb, hostId: string): Promise<number> {
  const row = await db
    .selectFrom('tournaments')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('hostId', '=', hostId)
    .where('status', '!=', 'finished')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The tournament leaves registration for running: true for the one caller that moved it. */
export async function markStarted(db: TDb, id: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('tournaments')
    .set({ status: 'running', startedAt: now })
    .where('id', '=', id)
    .where('status', '=', 'registration')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertTeams(db: TDb, tournamentId: number, teamIds: readonly number[]): Promise<void> {
  if (teamIds.length === 0) return;
  await db
    .insertInto('tournamentTeams')
    .values(teamIds.map((teamId) => ({ tournamentId, teamId })))
    .execute();
}

export async function listTeamIds(db: TDb, tournamentId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('tournamentTeams')
    .select('teamId')
    .where('tournamentId', '=', tournamentId)
    .orderBy('teamId')
    .execute();
  return rows.map((r) => Number(r.teamId));
}

export async function insertCohost(db: TDb, tournamentId: number, userId: string, now: string): Promise<boolean> {
  const rows = await db
    .insertInto('tournamentCohosts')
    .values({ tournamentId, userId, addedAt: now })
    .onConflict((oc) => oc.columns(['tournamentId', 'userId']).doNothing())
    .returning('userId')
    .execute();
  return rows.length === 1;
}

export async function listCohostIds(db: TDb, tournamentId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('tournamentCohosts')
    .select('userId')
    .where('tournamentId', '=', tournamentId)
    .orderBy('addedAt')
    .execute();
  return rows.map((r) => r.userId);
}

/** Inserts the divisions in order; returns their ids in the same order. */
export async function insertDivisions(
  db: TDb,
  tournamentId: number,
  divisions: readonly { name: string; ageBand: TDivisionAgeBand | null }[],
): Promise<number[]> {
  const ids: number[] = [];
  // One by one: neither engine promises RETURNING rows in VALUES order, and a tournament has a few divisions.
  for (const [position, division] of divisions.entries()) {
    const row = await db
      .insertInto('tournamentDivisions')
      .values({ tournamentId, name: division.name, ageBand: division.ageBand, position })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(Number(row.id));
  }
  return ids;
}

export async function listDivisions(db: TDb, tournamentId: number) {
  return db
    .selectFrom('tournamentDivisions')
    .selectAll()
    .where('tournamentId', '=', tournamentId)
    .orderBy('position')
    .execute();
}

export async function insertRounds(
  db: TDb,
  rounds: readonly {
    tournamentId: number;
    divisionId: number;
    number: number;
    seed: string;
    startsAt?: string | null;
  }[],
): Promise<void> {
  for (const chunk of chunks(rounds)) await db.insertInto('tournamentRounds').values(chunk).execute();
}

/** Enters someone; null when they are already entered (the unique row decides, on every instance). */
export async function insertEntrant(
  db: TDb,
  values: {
    tournamentId: number;
    userId: string;
    divisionId: number;
    teamId: number | null;
    /** A late entrant's missed rounds (each a bye); null for an entry before the first round. */
    lateByeScore?: number | null;
    now: string;
  },
): Promise<number | null> {
  const rows = await db
    .insertInto('tournamentEntrants')
    .values({
      tournamentId: values.tournamentId,
      userId: values.userId,
      divisionId: values.divisionId,
      teamId: values.teamId,
      withdrawnAt: null,
      lateByeScore: values.lateByeScore ?? null,
      enteredAt: values.now,
    })
    .onConflict((oc) => oc.columns(['tournamentId', 'userId']).doNothing())
    .returning('id')
    .execute();
  return rows[0] ? Number(rows[0].id) : null;
}

/**
 * A user's places in a tournament, in one statement (every read of a tournament asks): their entry (if any), whether
 * they co-host it and whether they are in its judge pool.
 */
export async function findPlacesOf(db: TDb, tournamentId: number, userId: string) {
  const row = await db
    .selectFrom('tournaments as t')
    // A member of a team (its captain or a partner, migration 0062) is that entrant.
    .leftJoin('tournamentEntrantMembers as m', (join) =>
      join.onRef('m.tournamentId', '=', 't.id').on('m.userId', '=', userId),
    )
    .leftJoin('tournamentEntrants as e', 'e.id', 'm.entrantId')
    .selectAll('e')
    .select((eb) => [
      eb
        .exists(
          eb
            .selectFrom('tournamentCohosts as c')
            .select('c.userId')
            .whereRef('c.tournamentId', '=', 't.id')
            .where('c.userId', '=', userId),
        )
        .as('isCohost'),
      eb
        .exists(
          eb
            .selectFrom('tournamentJudges as j')
            .select('j.userId')
            .whereRef('j.tournamentId', '=', 't.id')
            .where('j.userId', '=', userId),
        )
        .as('isJudge'),
    ])
    .where('t.id', '=', tournamentId)
    .executeTakeFirst();
  if (!row) return { entrant: undefined, isCohost: false, isJudge: false };
  const { isCohost, isJudge, ...entry } = row;
  // SQLite answers 1/0, PostgreSQL true/false.
  return {
    entrant: entry.id === null ? undefined : (entry as TEntrantRow),
    isCohost: Boolean(isCohost),
    isJudge: Boolean(isJudge),
  };
}

export async function findEntrant(db: TDb, tournamentId: number, entrantId: number) {
  return db
    .selectFrom('tournamentEntrants')
    .selectAll()
    .where('tournamentId', '=', tournamentId)
    .where('id', '=', entrantId)
    .executeTakeFirst();
}

/** Every entrant of the tournament (or only `ids`, a non-empty list), withdrawn ones too, in the order they entered. */
export async function listEntrants(db: TDb, tournamentId: number, ids?: readonly number[]) {
  return db
    .selectFrom('tournamentEntrants')
    .selectAll()
    .where('tournamentId', '=', tournamentId)
    .$if(ids !== undefined, (qb) => qb.where('id', 'in', ids!))
    .orderBy('id')
    .execute();
}

export async function countEntrants(db: TDb, tournamentId: number): Promise<number> {
  const row = await db
    .selectFrom('tournamentEntrants')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('tournamentId', '=', tournamentId)
    .where('withdrawnAt', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Withdraws an entrant still in; false when they were withdrawn already. */
export async function withdrawEntrant(db: TDb, entrantId: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('tournamentEntrants')
    .set({ withdrawnAt: now })
    .where('id', '=', entrantId)
    .where('withdrawnAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A withdrawn entrant's row goes (only before the first round: nothing of theirs was drawn). */
export async function deleteEntrant(db: TDb, entrantId: number): Promise<void> {
  await db.deleteFrom('tournamentEntrants').where('id', '=', entrantId).execute();
}

export async function listRounds(db: TDb, tournamentId: number) {
  return db
    .selectFrom('tournamentRounds')
    .selectAll()
    .where('tournamentId', '=', tournamentId)
    .orderBy('number')
    .orderBy('divisionId')
    .execute();
}

/**
 * The claim of a round's release: every division's row of round `number` moves from `draft` to `released` in one
 * conditional UPDATE. Returns the rows this caller moved (none: another release got there first).
 */
export async function claimRelease(
  db: TDb,
  tournamentId: number,
  number: number,
  releasedBy: string | null,
  now: string,
) {
  return db
    .updateTable('tournamentRounds')
    .set({ status: 'released', releasedAt: now, releasedBy })
    .where('tournamentId', '=', tournamentId)
    .where('number', '=', number)
    .where('status', '=', 'draft')
    .returning(['id', 'divisionId', 'seed'])
    .execute();
}

export async function insertPairings(
  db: TDb,
  pairings: readonly {
    roundId: number;
    affEntrantId: number;
    negEntrantId: number | null;
    isBye: boolean;
    flags: readonly TDrawFlag[];
    coinFlipWinnerId: number | null;
    debateId: number | null;
  }[],
): Promise<void> {
  const values = pairings.map((p) => ({
    roundId: p.roundId,
    affEntrantId: p.affEntrantId,
    negEntrantId: p.negEntrantId,
    isBye: p.isBye ? 1 : 0,
    flags: JSON.stringify(p.flags),
    coinFlipWinnerId: p.coinFlipWinnerId,
    debateId: p.debateId,
  }));
  for (const chunk of chunks(values)) await db.insertInto('tournamentPairings').values(chunk).execute();
}

/** The pairing that opened round `debateId`, with its tournament (undefined: not a tournament's round). */
export async function findPairingByDebate(db: TDb, debateId: number) {
  return db
    .selectFrom('tournamentPairings')
    .innerJoin('tournamentRounds', 'tournamentRounds.id', 'tournamentPairings.roundId')
    .select(['tournamentPairings.id', 'tournamentRounds.tournamentId'])
    .where('tournamentPairings.debateId', '=', debateId)
    .executeTakeFirst();
}

/** Every pairing of the tournament's rounds, with its round's number and division. */
export async function listPairings(db: TDb, tournamentId: number) {
  return db
    .selectFrom('tournamentPairings')
    .innerJoin('tournamentRounds', 'tournamentRounds.id', 'tournamentPairings.roundId')
    .select([
      'tournamentPairings.id',
      'tournamentPairings.roundId',
      'tournamentPairings.affEntrantId',
      'tournamentPairings.negEntrantId',
      'tournamentPairings.isBye',
      'tournamentPairings.flags',
      'tournamentPairings.coinFlipWinnerId',
      'tournamentPairings.debateId',
      'tournamentRounds.number',
      'tournamentRounds.divisionId',
    ])
    .where('tournamentRounds.tournamentId', '=', tournamentId)
    .orderBy('tournamentRounds.number')
    .orderBy('tournamentPairings.id')
    .execute();
}

/** The tournaments someone hosts, co-hosts, entered or was named in a team of (confirmed or not), newest first. */
export async function listTournamentIdsOf(db: TDb, userId: string, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('tournaments')
    .select('id')
    .where((eb) =>
      eb.or([
        eb('hostId', '=', userId),
        eb(
          'id',
          'in',
          eb.selectFrom('tournamentCohosts').select('tournamentId').where('tournamentCohosts.userId', '=', userId),
        ),
        eb(
          'id',
          'in',
          eb.selectFrom('tournamentEntrants').select('tournamentId').where('tournamentEntrants.userId', '=', userId),
        ),
        eb(
          'id',
          'in',
          eb.selectFrom('tournamentEntrantMembers as m').select('m.tournamentId').where('m.userId', '=', userId),
        ),
      ]),
    )
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => Number(r.id));
}

/** Round `number` of every division is complete (every result confirmed: the next round was drawn from them). */
export async function markComplete(db: TDb, tournamentId: number, number: number, now: string): Promise<void> {
  await db
    .updateTable('tournamentRounds')
    .set({ status: 'complete', completedAt: now })
    .where('tournamentId', '=', tournamentId)
    .where('number', '=', number)
    .where('status', '=', 'released')
    .execute();
}

/** Publishes the results: true for the one caller that set it. */
export async function markPublished(db: TDb, id: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('tournaments')
    .set({ publishedAt: now })
    .where('id', '=', id)
    .where('publishedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function listJudges(db: TDb, tournamentId: number) {
  return db
    .selectFrom('tournamentJudges')
    .selectAll()
    .where('tournamentId', '=', tournamentId)
    .orderBy('addedAt')
    .orderBy('userId')
    .execute();
}

export async function isJudge(db: TDb, tournamentId: number, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('tournamentJudges')
    .select('userId')
    .where('tournamentId', '=', tournamentId)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

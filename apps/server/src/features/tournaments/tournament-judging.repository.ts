/** Tournaments SQL for motions per round, the judge obligation (migration 0047) and judges coaches bring (0049). */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

type TDb = Kysely<DB>;

export async function listMotions(db: TDb, tournamentId: number) {
  return db
    .selectFrom('tournamentMotions')
    .select(['roundNumber', 'motion', 'updatedAt'])
    .where('tournamentId', '=', tournamentId)
    .orderBy('roundNumber')
    .execute();
}

export async function findMotion(db: TDb, tournamentId: number, roundNumber: number): Promise<string | null> {
  const row = await db
    .selectFrom('tournamentMotions')
    .select('motion')
    .where('tournamentId', '=', tournamentId)
    .where('roundNumber', '=', roundNumber)
    .executeTakeFirst();
  return row?.motion ?? null;
}

/** Sets a round's motion, replacing the one set before. */
export async function upsertMotion(
  db: TDb,
  values: { tournamentId: number; roundNumber: number; motion: string; updatedAt: string },
): Promise<void> {
  await db
    .insertInto('tournamentMotions')
    .values(values)
    .onConflict((oc) =>
      oc.columns(['tournamentId', 'roundNumber']).doUpdateSet({ motion: values.motion, updatedAt: values.updatedAt }),
    )
    .execute();
}

export async function setEntrantsPerJudge(db: TDb, tournamentId: number, entrantsPerJudge: number | null) {
  await db.updateTable('tournaments').set({ entrantsPerJudge }).where('id', '=', tournamentId).execute();
}

/** Each team's active entrants in the tournament. */
export async function countEntrantsByTeam(db: TDb, tournamentId: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('tournamentEntrants')
    .select(['teamId', (eb) => eb.fn.countAll<number | string>().as('count')])
    .where('tournamentId', '=', tournamentId)
    .where('withdrawnAt', 'is', null)
    .where('teamId', 'is not', null)
    .groupBy('teamId')
    .execute();
  return new Map(rows.map((r) => [Number(r.teamId), Number(r.count)]));
}

/** Each team's judges in the pool (counted by the team they judge for). */
export async function countJudgesByTeam(db: TDb, tournamentId: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('tournamentJudges')
    .select(['teamId', (eb) => eb.fn.countAll<number | string>().as('count')])
    .where('tournamentId', '=', tournamentId)
    .where('teamId', 'is not', null)
    .groupBy('teamId')
    .execute();
  return new Map(rows.map((r) => [Number(r.teamId), Number(r.count)]));
}

/** A judge of the pool: the team they judge for and who added them; undefined when not in the pool. */
export async function findJudge(db: TDb, tournamentId: number, userId: string) {
  return db
    .selectFrom('tournamentJudges')
    .select(['userId', 'teamId', 'addedBy'])
    .where('tournamentId', '=', tournamentId)
    .where('userId', '=', userId)
    .executeTakeFirst();
}

/**
 * For each tournament not over (registration or running) with a judge obligation, each of `teamIds` with active
 * entrants in it: the tournament, its setting and the team's count of active entrants.
 */
export async function listObligedTeams(db: TDb, teamIds: readonly number[]) {
  if (teamIds.length === 0) return [];
  const rows = await db
    .selectFrom('tournamentEntrants')
    .innerJoin('tournaments', 'tournaments.id', 'tournamentEntrants.tournamentId')
    .select([
      'tournaments.id as tournamentId',
      'tournaments.name as tournamentName',
      'tournaments.entrantsPerJudge',
      'tournamentEntrants.teamId',
      (eb) => eb.fn.countAll<number | string>().as('entrants'),
    ])
    .where('tournaments.status', 'in', ['registration', 'running'])
    .where('tournaments.entrantsPerJudge', 'is not', null)
    .where('tournamentEntrants.withdrawnAt', 'is', null)
    .where('tournamentEntrants.teamId', 'in', [...teamIds])
    .groupBy(['tournaments.id', 'tournaments.name', 'tournaments.entrantsPerJudge', 'tournamentEntrants.teamId'])
    .orderBy('tournaments.id')
    .orderBy('tournamentEntrants.teamId')
    .execute();
  return rows.map((r) => ({
    tournamentId: Number(r.tournamentId),
    tournamentName: r.tournamentName,
    entrantsPerJudge: r.entrantsPerJudge === null ? null : Number(r.entrantsPerJudge),
    teamId: Number(r.teamId),
    entrants: Number(r.entrants),
  }));
}

/** The pool's judges of these tournaments who judge for one of `teamIds`, counted per tournament and team. */
export async function countTeamJudges(
  db: TDb,
  tournamentIds: readonly number[],
  teamIds: readonly number[],
): Promise<Map<string, number>> {
  if (tournamentIds.length === 0 || teamIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('tournamentJudges')
    .select(['tournamentId', 'teamId', (eb) => eb.fn.countAll<number | string>().as('count')])
    .where('tournamentId', 'in', [...tournamentIds])
    .where('teamId', 'in', [...teamIds])
    .groupBy(['tournamentId', 'teamId'])
    .execute();
  return new Map(rows.map((r) => [`${Number(r.tournamentId)}:${Number(r.teamId)}`, Number(r.count)]));
}

/** The teams of the tournament's entrants (withdrawn ones too). */
export async function listEntrantTeamIds(db: TDb, tournamentId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('tournamentEntrants')
    .select('teamId')
    .distinct()
    .where('tournamentId', '=', tournamentId)
    .where('teamId', 'is not', null)
    .execute();
  return rows.map((r) => Number(r.teamId));
}

/** "Download my data": the account's tournament entries, with the tournament's and division's names. */
export async function listEntriesOfUser(db: TDb, userId: string) {
  return db
    .selectFrom('tournamentEntrants')
    .innerJoin('tournaments', 'tournaments.id', 'tournamentEntrants.tournamentId')
    .innerJoin('tournamentDivisions', 'tournamentDivisions.id', 'tournamentEntrants.divisionId')
    .select([
      'tournamentEntrants.tournamentId',
      'tournaments.name as tournamentName',
      'tournamentDivisions.name as divisionName',
      'tournamentDivisions.ageBand',
      'tournamentEntrants.teamId',
      'tournamentEntrants.enteredAt',
      'tournamentEntrants.withdrawnAt',
      'tournamentEntrants.noShows',
      'tournamentEntrants.lateByeScore',
    ])
    .where('tournamentEntrants.userId', '=', userId)
    .orderBy('tournamentEntrants.id')
    .execute();
}

/** "Download my data": the judge pools the account is in. */
export async function listJudgingOfUser(db: TDb, userId: string) {
  return db
    .selectFrom('tournamentJudges')
    .innerJoin('tournaments', 'tournaments.id', 'tournamentJudges.tournamentId')
    .select([
      'tournamentJudges.tournamentId',
      'tournaments.name as tournamentName',
      'tournamentJudges.teamId',
      'tournamentJudges.addedAt',
    ])
    .where('tournamentJudges.userId', '=', userId)
    .orderBy('tournamentJudges.tournamentId')
    .execute();
}

/** "Download my data": the rounds the account said it cannot judge, in every tournament. */
export async function listUnavailableOfUser(db: TDb, userId: string) {
  return db
    .selectFrom('tournamentJudgeAvailability')
    .select(['tournamentId', 'roundNumber'])
    .where('userId', '=', userId)
    .where('isAvailable', '=', 0)
    .orderBy('roundNumber')
    .execute();
}

/** "Download my data": the entrants the account declared a conflict with, by the entrant's user. */
export async function listConflictsOfUser(db: TDb, userId: string) {
  return db
    .selectFrom('tournamentJudgeConflicts')
    .innerJoin('tournamentEntrants', 'tournamentEntrants.id', 'tournamentJudgeConflicts.entrantId')
    .select(['tournamentJudgeConflicts.tournamentId', 'tournamentEntrants.userId as entrantUserId'])
    .where('tournamentJudgeConflicts.userId', '=', userId)
    .orderBy('tournamentJudgeConflicts.entrantId')
    .execute();
}

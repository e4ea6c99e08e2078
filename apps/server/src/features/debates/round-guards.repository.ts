/**
 * Rounds SQL: who is in a round now (the one-debate guards every path that seats a debater takes), the rounds a
 * debater is scheduled for, and the claim on announcing a scheduled round's opening.
 */
import { chunks } from '../../db/batches';
import { compiledOnce } from '../../db/compiled-query';
import type { TDebatesDb } from './debates.repository';
import type { TDebateRow } from './debates.tables';

/** Read on every queue join and queue status: compiled once. */
const activeDebateIdQuery = compiledOnce((db, param: <T = string>(name: 'userId') => T) =>
  db.selectFrom('activeDebaters').select('debateId').where('userId', '=', param('userId')),
);

export async function findActiveDebateId(db: TDebatesDb, userId: string): Promise<number | null> {
  const [row] = await activeDebateIdQuery(db, { userId });
  return row ? Number(row.debateId) : null;
}

/** Who of `userIds` is in a round now: a debater holding a round's guard, or a judge seated on a live round's panel. */
export async function findActiveUserIds(db: TDebatesDb, userIds: string[]): Promise<Set<string>> {
  const result = new Set<string>();
  for (const chunk of chunks(userIds)) {
    const rows = await db.selectFrom('activeDebaters').select('userId').where('userId', 'in', chunk).execute();
    for (const row of rows) result.add(row.userId);
    const seated = await db
      .selectFrom('debatePanelJudges')
      .innerJoin('debates', 'debates.id', 'debatePanelJudges.debateId')
      .select('debatePanelJudges.userId')
      .where('debatePanelJudges.userId', 'in', chunk)
      .where('debates.status', '=', 'live')
      .execute();
    for (const row of seated) result.add(row.userId);
  }
  return result;
}

export async function insertActiveDebaters(db: TDebatesDb, debateId: number, userIds: string[]): Promise<void> {
  await db
    .insertInto('activeDebaters')
    .values(userIds.map((userId) => ({ userId, debateId })))
    .execute();
}

/**
 * A scheduled round's start: its debaters take their guards. One still in another round (it ran long) keeps that
 * round's guard; the scheduled round still counts as theirs (see `listScheduledRoundsOf`).
 */
export async function takeActiveDebaters(db: TDebatesDb, debateId: number, userIds: string[]): Promise<void> {
  await db
    .insertInto('activeDebaters')
    .values(userIds.map((userId) => ({ userId, debateId })))
    .onConflict((oc) => oc.column('userId').doNothing())
    .execute();
}

/**
 * One user's scheduled rounds that are not over, as one index search per side: a queue join and the queue status
 * ask this for one user on every call. (Written with `or` or a list, SQLite without statistics takes the status index
 * and reads every live round instead.) Compiled once.
 */
const scheduledRoundsOfUserQuery = compiledOnce((db, param: <T = string>(name: 'userId') => T) => {
  const side = (column: 'debaterAId' | 'debaterBId') =>
    db
      .selectFrom('debates')
      .select(['id', 'formatId', 'startsAt', 'debaterAId', 'debaterBId'])
      .where(column, '=', param('userId'))
      .where('status', '=', 'live')
      .where('startsAt', 'is not', null);
  return side('debaterAId').unionAll(side('debaterBId').where('debaterAId', '!=', param('userId')));
});

/**
 * The live practice rounds with a start time that these users debate, started or not, earliest start first. Each
 * names its debaters among `userIds` in `debaterIds`: the sides' first seats, and a partner of a round of teams
 * (seat 2 or 3, found by the seats' user index).
 */
export async function listScheduledRoundsOf(db: TDebatesDb, userIds: string[]) {
  const rows: Pick<TDebateRow, 'id' | 'formatId' | 'startsAt' | 'debaterAId' | 'debaterBId'>[] = [];
  const partnersOf = new Map<number, string[]>();
  if (userIds.length === 1) {
    rows.push(...(await scheduledRoundsOfUserQuery(db, { userId: userIds[0]! })));
  } else {
    // A sweep's many users: one read of the live rounds per chunk.
    for (const chunk of chunks(userIds)) {
      rows.push(
        ...(await db
          .selectFrom('debates')
          .select(['id', 'formatId', 'startsAt', 'debaterAId', 'debaterBId'])
          .where('status', '=', 'live')
          .where('startsAt', 'is not', null)
          .where((eb) => eb.or([eb('debaterAId', 'in', chunk), eb('debaterBId', 'in', chunk)]))
          .execute()),
      );
    }
  }
  for (const chunk of chunks(userIds)) {
    const seated = await db
      .selectFrom('debateSeats')
      .innerJoin('debates', 'debates.id', 'debateSeats.debateId')
      .select([
        'debates.id as id',
        'debates.formatId as formatId',
        'debates.startsAt as startsAt',
        'debates.debaterAId as debaterAId',
        'debates.debaterBId as debaterBId',
        'debateSeats.userId as userId',
      ])
      .where('debateSeats.userId', 'in', chunk)
      .where('debateSeats.seat', '>', 1)
      .where('debates.status', '=', 'live')
      .where('debates.startsAt', 'is not', null)
      .execute();
    for (const { userId, ...row } of seated) {
      rows.push(row);
      partnersOf.set(Number(row.id), [...(partnersOf.get(Number(row.id)) ?? []), userId]);
    }
  }
  const asked = new Set(userIds);
  const unique = new Map(
    rows.map((r) => {
      const id = Number(r.id);
      const firsts = [r.debaterAId, r.debaterBId].filter((u) => asked.has(u));
      const others = partnersOf.get(id) ?? [];
      return [id, { ...r, id, startsAt: r.startsAt!, debaterIds: [...new Set([...firsts, ...others])] }] as const;
    }),
  );
  return [...unique.values()].sort((x, y) => x.startsAt.localeCompare(y.startsAt) || x.id - y.id);
}

export async function releaseActiveDebaters(db: TDebatesDb, debateId: number): Promise<void> {
  await db.deleteFrom('activeDebaters').where('debateId', '=', debateId).execute();
}

/** Releases these debaters of the round (a BP team that forfeited while the room goes on). */
export async function releaseActiveDebatersOf(
  db: TDebatesDb,
  debateId: number,
  userIds: readonly string[],
): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .deleteFrom('activeDebaters')
    .where('debateId', '=', debateId)
    .where('userId', 'in', [...userIds])
    .execute();
}

/** Scheduled rounds whose start time has come and whose opening nobody has announced yet. */
export async function listDueOpenings(db: TDebatesDb, now: string, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('debates')
    .select('id')
    .where('openNoticeDueAt', '<=', now)
    .orderBy('openNoticeDueAt')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** Takes the announcement of a round's opening: true for exactly one caller, on whichever instance. */
export async function claimOpening(db: TDebatesDb, id: number): Promise<boolean> {
  const result = await db
    .updateTable('debates')
    .set({ openNoticeDueAt: null })
    .where('id', '=', id)
    .where('openNoticeDueAt', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Gives back a claimed announcement (it could not be sent): the round is due again. */
export async function releaseOpening(db: TDebatesDb, id: number): Promise<void> {
  await db
    .updateTable('debates')
    .set((eb) => ({ openNoticeDueAt: eb.ref('startsAt') }))
    .where('id', '=', id)
    .execute();
}

/**
 * Debates SQL: the round's row (inserted, read, its clock and status, presence, consents and switches), its clock
 * events, and the lists of rounds. The one-debate guards, schedules and openings are `round-guards.repository.ts`;
 * the judge's seat and a host's changes before the start `round-seats.repository.ts`; POIs, the round chat and panels
 * their own repositories.
 */
import { sql, type Kysely } from 'kysely';
import type { TClockAction, TClockPhase, TClockState, TDebateStatus } from '@resolved/shared';
import type { DB } from '../../db/schema';
import type { TDebateRow, TNewDebate, TStatusChange } from './debates.tables';
import { chunks } from '../../db/batches';
import { insertSeats, markSeatJoined, seatsOfNewRound, setSeatChoice } from './debate-seats.repository';

export type TDebatesDb = Kysely<DB>;

export type { TDebateRow };

/** The app's Kysely instance or a transaction. */
export function debatesDb(db: Kysely<DB>): TDebatesDb {
  return db;
}

function clockColumns(clock: TClockState) {
  return {
    clockPhase: clock.phase,
    clockSpeechIndex: clock.speechIndex,
    clockPrepTaker: clock.prepTaker,
    clockStartedAt: clock.startedAt === null ? null : new Date(clock.startedAt).toISOString(),
    clockIsPaused: clock.isPaused ? 1 : 0,
    clockElapsedBeforeMs: Math.round(clock.elapsedBeforeMs),
    prepRemainingAMs: Math.round(clock.prepRemainingMs.a),
    prepRemainingBMs: Math.round(clock.prepRemainingMs.b),
    firstSide: clock.firstSide,
  };
}

/** A round paired to start later than now (the same test decides its opening notice and its guards). */
const startsLater = (values: TNewDebate) => !!values.startsAt && values.startsAt > values.now;

function debateValues(values: TNewDebate) {
  return {
    kind: values.kind,
    formatId: values.formatId,
    resolution: values.resolution,
    topicId: values.topicId,
    status: 'live' as const,
    debaterAId: values.debaterAId,
    debaterBId: values.debaterBId,
    judgeId: values.judgeId ?? null,
    judgeSeatedAt: values.judgeId ? values.now : null,
    teamId: values.teamId ?? null,
    startsAt: values.startsAt ?? null,
    // A round that starts later is announced then (see listDueOpenings); one that starts now was announced already.
    openNoticeDueAt: startsLater(values) ? values.startsAt : null,
    winnerSide: null,
    forfeitedBy: null,
    externalLink: null,
    coinFlipWinnerId: values.coinFlipWinnerId ?? null,
    ...clockColumns(values.clock),
    // Set once, when the round opens (a BP room's chosen length); the clock reads it back (`clockFromRow`).
    speechMinutes: values.clock.speechMinutes ?? null,
    clockVersion: 0,
    createdAt: values.now,
    endedAt: null,
  };
}

/** Inserts a round and its debaters' seats (`debateSeats`), in the caller's transaction. */
export async function insertDebate(db: TDebatesDb, values: TNewDebate): Promise<number> {
  const seats = seatsOfNewRound(values);
  const row = await db.insertInto('debates').values(debateValues(values)).returning('id').executeTakeFirstOrThrow();
  const debateId = Number(row.id);
  await insertSeats(
    db,
    seats.map((s) => ({ ...s, debateId })),
  );
  return debateId;
}

/**
 * Inserts many debates with one statement per few hundred, their debaters' seats and active-debate guards; returns
 * each new debate's id keyed by its first debater (unique within a batch: nobody is in two debates). The ids
 * are matched by debater because neither engine promises RETURNING rows in VALUES order.
 */
export async function insertDebates(db: TDebatesDb, debates: readonly TNewDebate[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const seatsOf = new Map(debates.map((d) => [d.debaterAId, seatsOfNewRound(d)]));
  for (const chunk of chunks(debates)) {
    const rows = await db
      .insertInto('debates')
      .values(chunk.map(debateValues))
      .returning(['id', 'debaterAId'])
      .execute();
    for (const row of rows) ids.set(row.debaterAId, Number(row.id));
  }
  const seats = debates.flatMap((d) =>
    seatsOf.get(d.debaterAId)!.map((s) => ({ ...s, debateId: ids.get(d.debaterAId)! })),
  );
  await insertSeats(db, seats);
  // A practice round paired for later takes its debaters' guards at its start (`takeActiveDebaters`), not now: until
  // then they are free to debate other rounds.
  const guards = debates.flatMap((d) => {
    if (startsLater(d)) return [];
    const debateId = ids.get(d.debaterAId)!;
    return seatsOf.get(d.debaterAId)!.map((s) => ({ userId: s.userId, debateId }));
  });
  for (const chunk of chunks(guards)) await db.insertInto('activeDebaters').values(chunk).execute();
  return ids;
}

/** The coin flips of rounds `ids` that have one: the winner and each choice made so far. */
export async function listCoinFlips(db: TDebatesDb, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('debates')
    .select(['id', 'coinFlipWinnerId', 'coinFlipWinnerChoice', 'coinFlipLoserChoice'])
    .where('id', 'in', [...ids])
    .where('coinFlipWinnerId', 'is not', null)
    .execute();
}

export async function findDebate(db: TDebatesDb, id: number): Promise<TDebateRow | undefined> {
  return db.selectFrom('debates').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Counts the round's revision up and reads the row in one statement (the snapshot that gets this revision). */
export async function nextRevision(db: TDebatesDb, id: number): Promise<TDebateRow | undefined> {
  return db
    .updateTable('debates')
    .set((eb) => ({ revision: eb('revision', '+', 1) }))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** Compare-and-set on the clock version: false when someone else changed the clock first. */
export async function updateClock(
  db: TDebatesDb,
  id: number,
  expectedVersion: number,
  clock: TClockState,
  extra: { status?: TDebateStatus; endedAt?: string; spokenMs?: number; firstSpeechAt?: string } = {},
): Promise<boolean> {
  const result = await db
    .updateTable('debates')
    .set({ ...clockColumns(clock), clockVersion: expectedVersion + 1, ...extra })
    .where('id', '=', id)
    .where('clockVersion', '=', expectedVersion)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Moves a debate from one status to another; false if it was no longer in `from` (someone else ended it). */
export async function transitionStatus(
  db: TDebatesDb,
  id: number,
  from: TDebateStatus[],
  values: TStatusChange,
): Promise<boolean> {
  const { clock, ...columns } = values;
  const result = await db
    .updateTable('debates')
    .set({
      ...columns,
      ...(clock ? { ...clockColumns(clock), clockVersion: sql<number>`"clockVersion" + 1` } : {}),
    })
    .where('id', '=', id)
    .where('status', 'in', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Notes when a debater or a judge first entered the room (the award rules ask whether a forfeiter ever came; a
 * tournament's grace period whether each judge did): the chair in `debates`, each judge of a panel in their seat.
 */
export async function markDebaterPresent(db: TDebatesDb, id: number, userId: string, now: string): Promise<void> {
  await db
    .updateTable('debatePanelJudges')
    .set({ joinedAt: now })
    .where('debateId', '=', id)
    .where('userId', '=', userId)
    .where('joinedAt', 'is', null)
    .execute();
  await markSeatJoined(db, id, userId, now);
  for (const [idColumn, joinedColumn] of [
    ['debaterAId', 'debaterAJoinedAt'],
    ['debaterBId', 'debaterBJoinedAt'],
    ['judgeId', 'judgeJoinedAt'],
  ] as const) {
    await db
      .updateTable('debates')
      .set({ [joinedColumn]: now })
      .where('id', '=', id)
      .where(idColumn, '=', userId)
      .where(joinedColumn, 'is', null)
      .execute();
  }
}

/**
 * A debater's own choice (recording consent, "let spectators watch"): on their seat, and on the round's per-side
 * column when they hold their side's first seat (read there by the snapshot's per-side fields).
 */
async function setDebaterChoice(
  db: TDebatesDb,
  id: number,
  userId: string,
  choice: { column: 'recordConsent' | 'spectatorWatch'; value: number },
): Promise<void> {
  await setSeatChoice(db, id, userId, { [choice.column]: choice.value } as { recordConsent: number });
  for (const side of ['A', 'B'] as const) {
    await db
      .updateTable('debates')
      .set({ [`${choice.column}${side}`]: choice.value })
      .where('id', '=', id)
      .where(`debater${side}Id`, '=', userId)
      .execute();
  }
}

export async function setRecordConsent(db: TDebatesDb, id: number, userId: string, agree: boolean): Promise<void> {
  await setDebaterChoice(db, id, userId, { column: 'recordConsent', value: agree ? 1 : 0 });
}

/** A debater's "let spectators watch". */
export async function setSpectatorWatch(db: TDebatesDb, id: number, userId: string, allow: boolean): Promise<void> {
  await setDebaterChoice(db, id, userId, { column: 'spectatorWatch', value: allow ? 1 : 0 });
}

export async function setEvidencePublic(db: TDebatesDb, debateId: number, isPublic: boolean): Promise<void> {
  await db
    .updateTable('debates')
    .set({ evidencePublic: isPublic ? 1 : 0 })
    .where('id', '=', debateId)
    .execute();
}

export async function markRewarded(db: TDebatesDb, id: number): Promise<void> {
  await db.updateTable('debates').set({ isRewarded: 1 }).where('id', '=', id).execute();
}

/** Keeps why a settled round did not count (the award rule's `TNotCounted`, as JSON). */
export async function markNotCounted(db: TDebatesDb, id: number, notCounted: string): Promise<void> {
  await db.updateTable('debates').set({ notCounted }).where('id', '=', id).execute();
}

export async function setReplayPrivate(db: TDebatesDb, id: number, isPrivate: boolean): Promise<void> {
  await db
    .updateTable('debates')
    .set({ replayPrivate: isPrivate ? 1 : 0 })
    .where('id', '=', id)
    .execute();
}

export async function insertClockEvent(
  db: TDebatesDb,
  values: { debateId: number; action: TClockAction; phase: TClockPhase; speechIndex: number; at: string },
): Promise<void> {
  await db.insertInto('debateClockEvents').values(values).execute();
}

export async function listClockEvents(db: TDebatesDb, debateId: number) {
  return db
    .selectFrom('debateClockEvents')
    .select(['action', 'phase', 'speechIndex', 'at'])
    .where('debateId', '=', debateId)
    .orderBy('id', 'asc')
    .execute();
}

export async function setExternalLink(db: TDebatesDb, id: number, link: string | null): Promise<void> {
  await db.updateTable('debates').set({ externalLink: link }).where('id', '=', id).execute();
}

export async function listDebatesByStatus(db: TDebatesDb, statuses: TDebateStatus[], limit: number) {
  return db
    .selectFrom('debates')
    .selectAll()
    .where('status', 'in', statuses)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** The live rounds (started or not) in which both users sit, as debaters or one as the judge. */
export async function listLiveDebateIdsOfPair(db: TDebatesDb, a: string, b: string): Promise<number[]> {
  const rows = await db
    .selectFrom('debates')
    .select('id')
    .where('status', '=', 'live')
    .where((eb) => {
      // A debater (the first seats, or any seat of `debateSeats`), the judge, or a judge of the round's panel.
      const sits = (userId: string) =>
        eb.or([
          eb('debaterAId', '=', userId),
          eb('debaterBId', '=', userId),
          eb('judgeId', '=', userId),
          eb.exists(
            eb
              .selectFrom('debateSeats')
              .select('debateSeats.seat')
              .whereRef('debateSeats.debateId', '=', 'debates.id')
              .where('debateSeats.userId', '=', userId),
          ),
          eb.exists(
            eb
              .selectFrom('debatePanelJudges')
              .select('debatePanelJudges.seat')
              .whereRef('debatePanelJudges.debateId', '=', 'debates.id')
              .where('debatePanelJudges.userId', '=', userId),
          ),
        ]);
      return eb.and([sits(a), sits(b)]);
    })
    .execute();
  return rows.map((r) => Number(r.id));
}

/** The ballots' points per debater of these rounds (migration 0059), in tenths. */
export async function findDebaterPoints(db: TDebatesDb, debateIds: readonly number[]) {
  if (debateIds.length === 0) return [];
  return db
    .selectFrom('ballotDebaterPoints')
    .selectAll()
    .where('debateId', 'in', [...debateIds])
    .execute();
}

/** Every round the user sat in (any seat of either side, the judge's chair or a panel's seat), for "Download my data". */
export async function listRoundsOfUser(db: TDebatesDb, userId: string) {
  return db
    .selectFrom('debates')
    .select(['id', 'formatId', 'resolution', 'debaterAId', 'debaterBId', 'judgeId'])
    .select(['status', 'winnerSide', 'createdAt', 'endedAt'])
    .where((eb) =>
      eb.or([
        eb('debaterAId', '=', userId),
        eb('debaterBId', '=', userId),
        eb('judgeId', '=', userId),
        eb(
          'id',
          'in',
          eb.selectFrom('debateSeats').select('debateSeats.debateId').where('debateSeats.userId', '=', userId),
        ),
        eb(
          'id',
          'in',
          eb
            .selectFrom('debatePanelJudges')
            .select('debatePanelJudges.debateId')
            .where('debatePanelJudges.userId', '=', userId),
        ),
      ]),
    )
    .orderBy('id')
    .execute();
}

/**
 * Rounds that earned points and ended at or after `sinceIso` (this one excluded) in which a debater of side A of this
 * round and a debater of its side B met on opposite sides, every seat of both rounds counted (partners too, not only
 * each side's first seat); and how many of those `judgeId` judged. A round without seat rows (copied by hand) counts
 * by its two first seats.
 */
export async function countRewardedPairRounds(
  db: TDebatesDb,
  row: { id: number; judgeId: string | null; sides: { a: readonly string[]; b: readonly string[] } },
  sinceIso: string,
): Promise<{ pair: number; judgePair: number }> {
  const { a, b } = row.sides;
  if (a.length === 0 || b.length === 0) return { pair: 0, judgePair: 0 };
  const bySeats = await db
    .selectFrom('debates')
    .innerJoin('debateSeats as x', 'x.debateId', 'debates.id')
    .innerJoin('debateSeats as y', (join) =>
      join.onRef('y.debateId', '=', 'debates.id').onRef('y.side', '<>', 'x.side'),
    )
    .select(['debates.id', 'debates.judgeId'])
    .distinct()
    .where('debates.isRewarded', '=', 1)
    .where('debates.endedAt', '>=', sinceIso)
    .where('debates.id', '!=', row.id)
    .where('x.userId', 'in', [...a])
    .where('y.userId', 'in', [...b])
    .execute();
  const byFirstSeats = await db
    .selectFrom('debates')
    .select(['id', 'judgeId'])
    .where('isRewarded', '=', 1)
    .where('endedAt', '>=', sinceIso)
    .where('id', '!=', row.id)
    .where((eb) =>
      eb.or([
        eb.and([eb('debaterAId', 'in', [...a]), eb('debaterBId', 'in', [...b])]),
        eb.and([eb('debaterAId', 'in', [...b]), eb('debaterBId', 'in', [...a])]),
      ]),
    )
    .execute();
  const rounds = new Map([...bySeats, ...byFirstSeats].map((r) => [Number(r.id), r.judgeId]));
  return {
    pair: rounds.size,
    judgePair: row.judgeId === null ? 0 : [...rounds.values()].filter((judgeId) => judgeId === row.judgeId).length,
  };
}

export async function findBallots(db: TDebatesDb, debateIds: number[]) {
  if (debateIds.length === 0) return [];
  return db.selectFrom('debateBallots').selectAll().where('debateId', 'in', debateIds).execute();
}

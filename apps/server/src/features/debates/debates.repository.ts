/** Debates SQL: debates and their clock, the active-debater guard, presence, the in-round chat, names. */
import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { TClockAction, TClockPhase, TClockState, TCoinFlipPick, TDebateStatus, TSideKey } from '@resolved/shared';
import type { DB } from '../../db/schema';
import type { TDebateRow, TNewDebate, TStatusChange } from './debates.tables';
import { chunks } from '../../db/batches';
import { compiledOnce } from '../../db/compiled-query';

export type TDebatesDb = Kysely<DB>;

export type { TDebateRow };

/** The app's Kysely instance or a transaction. */
export function debatesDb(db: Kysely<DB>): TDebatesDb {
  return db;
}

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

/** The live practice rounds with a start time that these users debate, started or not, earliest start first. */
export async function listScheduledRoundsOf(db: TDebatesDb, userIds: string[]) {
  const rows = [];
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
  const unique = new Map(rows.map((r) => [Number(r.id), { ...r, id: Number(r.id), startsAt: r.startsAt! }]));
  return [...unique.values()].sort((x, y) => x.startsAt.localeCompare(y.startsAt) || x.id - y.id);
}

export async function releaseActiveDebaters(db: TDebatesDb, debateId: number): Promise<void> {
  await db.deleteFrom('activeDebaters').where('debateId', '=', debateId).execute();
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
    clockVersion: 0,
    createdAt: values.now,
    endedAt: null,
  };
}

export async function insertDebate(db: TDebatesDb, values: TNewDebate): Promise<number> {
  const row = await db.insertInto('debates').values(debateValues(values)).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

/**
 * Inserts many debates with one statement per few hundred, and their debaters' active-debate guards; returns
 * each new debate's id keyed by its first debater (unique within a batch: nobody is in two debates). The ids
 * are matched by debater because neither engine promises RETURNING rows in VALUES order.
 */
export async function insertDebates(db: TDebatesDb, debates: readonly TNewDebate[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const chunk of chunks(debates)) {
    const rows = await db
      .insertInto('debates')
      .values(chunk.map(debateValues))
      .returning(['id', 'debaterAId'])
      .execute();
    for (const row of rows) ids.set(row.debaterAId, Number(row.id));
  }
  // A practice round paired for later takes its debaters' guards at its start (`takeActiveDebaters`), not now: until
  // then they are free to debate other rounds.
  const guards = debates.flatMap((d) => {
    if (startsLater(d)) return [];
    const debateId = ids.get(d.debaterAId)!;
    return [
      { userId: d.debaterAId, debateId },
      { userId: d.debaterBId, debateId },
    ];
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

/**
 * Claims the judge seat if it is free: while live, or after the last speech while the round waits for an invited
 * judge's ballot. With an invitation out, only its token claims the seat (and uses the invitation up).
 */
export async function claimJudge(
  db: TDebatesDb,
  id: number,
  userId: string,
  inviteToken: string | undefined,
): Promise<boolean> {
  let query = db
    .updateTable('debates')
    .set({ judgeId: userId, judgeSeatedAt: new Date().toISOString(), judgeInviteToken: null })
    .where('id', '=', id)
    .where('judgeId', 'is', null)
    .where('status', 'in', ['live', 'awaiting_ballot']);
  query = inviteToken
    ? query.where('judgeInviteToken', '=', inviteToken)
    : query.where('judgeInviteToken', 'is', null).where('status', '=', 'live');
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Opens (or replaces) the round's judge invitation. */
export async function setJudgeInvite(db: TDebatesDb, id: number, token: string): Promise<void> {
  await db.updateTable('debates').set({ judgeInviteToken: token }).where('id', '=', id).execute();
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
 * Seats `toId` (or nobody) in a live round's judge seat in place of `fromId`, who never opened the room (and, for a
 * panel, in its seat 1): false when the seat changed meanwhile or the round is over.
 */
export async function replaceAbsentJudge(
  db: TDebatesDb,
  id: number,
  fromId: string,
  toId: string | null,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('debates')
    .set({ judgeId: toId, judgeSeatedAt: toId === null ? null : now, judgeJoinedAt: null })
    .where('id', '=', id)
    .where('judgeId', '=', fromId)
    .where('judgeJoinedAt', 'is', null)
    .where('status', '=', 'live')
    .executeTakeFirst();
  const isReplaced = Number(result.numUpdatedRows) === 1;
  // A panel's chair is also its seat 1: the standby takes that seat too (and with it the chair's ballot).
  if (isReplaced && toId !== null) {
    await db
      .updateTable('debatePanelJudges')
      .set({ userId: toId, seatedAt: now, joinedAt: null })
      .where('debateId', '=', id)
      .where('seat', '=', 1)
      .where('userId', '=', fromId)
      .execute();
  }
  return isReplaced;
}

/**
 * Seats `toId` in seat 2 or 3 of a live round's panel in place of `fromId`, who never opened the room: false when the
 * seat changed meanwhile, its judge came, or the round is over.
 */
export async function replaceAbsentPanelJudge(
  db: TDebatesDb,
  id: number,
  fromId: string,
  toId: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('debatePanelJudges')
    .set({ userId: toId, seatedAt: now, joinedAt: null })
    .where('debateId', '=', id)
    .where('userId', '=', fromId)
    .where('seat', '>', 1)
    .where('joinedAt', 'is', null)
    .where((eb) =>
      eb.exists(
        eb.selectFrom('debates').select('debates.id').where('debates.id', '=', id).where('debates.status', '=', 'live'),
      ),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
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

export async function setRecordConsent(db: TDebatesDb, id: number, side: TSideKey, agree: boolean): Promise<void> {
  await db
    .updateTable('debates')
    .set(side === 'a' ? { recordConsentA: agree ? 1 : 0 } : { recordConsentB: agree ? 1 : 0 })
    .where('id', '=', id)
    .execute();
}

/** A debater's "let spectators watch". */
export async function setSpectatorWatch(db: TDebatesDb, id: number, side: TSideKey, allow: boolean): Promise<void> {
  await db
    .updateTable('debates')
    .set(side === 'a' ? { spectatorWatchA: allow ? 1 : 0 } : { spectatorWatchB: allow ? 1 : 0 })
    .where('id', '=', id)
    .execute();
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
      // A debater, the judge, or a judge of the round's panel.
      const sits = (userId: string) =>
        eb.or([
          eb('debaterAId', '=', userId),
          eb('debaterBId', '=', userId),
          eb('judgeId', '=', userId),
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

/** Every round the user sat in (either side, the judge's chair or a panel's seat), for "Download my data". */
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
 * Rounds of the same two debaters (either side) that earned points and ended at or after `sinceIso`, this one
 * excluded; and how many of those `judgeId` judged.
 */
export async function countRewardedPairRounds(
  db: TDebatesDb,
  row: { id: number; debaterAId: string; debaterBId: string; judgeId: string | null },
  sinceIso: string,
): Promise<{ pair: number; judgePair: number }> {
  const rounds = await db
    .selectFrom('debates')
    .select(['judgeId'])
    .where('isRewarded', '=', 1)
    .where('endedAt', '>=', sinceIso)
    .where('id', '!=', row.id)
    .where((eb) =>
      eb.or([
        eb.and([eb('debaterAId', '=', row.debaterAId), eb('debaterBId', '=', row.debaterBId)]),
        eb.and([eb('debaterAId', '=', row.debaterBId), eb('debaterBId', '=', row.debaterAId)]),
      ]),
    )
    .execute();
  return {
    pair: rounds.length,
    judgePair: row.judgeId === null ? 0 : rounds.filter((round) => round.judgeId === row.judgeId).length,
  };
}

export async function findBallots(db: TDebatesDb, debateIds: number[]) {
  if (debateIds.length === 0) return [];
  return db.selectFrom('debateBallots').selectAll().where('debateId', 'in', debateIds).execute();
}

/** The debaters' seats swapped: side A and side B, with what each brought to their seat. */
function swappedSeats(eb: ExpressionBuilder<DB, 'debates'>) {
  return {
    debaterAId: eb.ref('debaterBId'),
    debaterBId: eb.ref('debaterAId'),
    debaterAJoinedAt: eb.ref('debaterBJoinedAt'),
    debaterBJoinedAt: eb.ref('debaterAJoinedAt'),
    recordConsentA: eb.ref('recordConsentB'),
    recordConsentB: eb.ref('recordConsentA'),
    spectatorWatchA: eb.ref('spectatorWatchB'),
    spectatorWatchB: eb.ref('spectatorWatchA'),
    prepRemainingAMs: eb.ref('prepRemainingBMs'),
    prepRemainingBMs: eb.ref('prepRemainingAMs'),
  };
}

/** A live round whose clock has never run (no command yet): what a tournament's host may still change. */
function unstarted(db: TDebatesDb, id: number) {
  return db.updateTable('debates').where('id', '=', id).where('status', '=', 'live').where('clockVersion', '=', 0);
}

/**
 * Swaps the debaters' seats (side A and side B, with what each brought to their seat) of a round that has not
 * started; false once its clock has run or it ended.
 */
export async function swapUnstartedSides(db: TDebatesDb, id: number): Promise<boolean> {
  const result = await unstarted(db, id)
    .set((eb) => ({
      ...swappedSeats(eb),
      // After a coin flip the speaking order moves with the debaters: an order chosen stays with who chose it.
      firstSide: eb
        .case()
        .when('coinFlipWinnerId', 'is', null)
        .then(eb.ref('firstSide'))
        .when('firstSide', '=', 'a')
        .then(sql.lit<TSideKey>('b'))
        .else(sql.lit<TSideKey>('a'))
        .end(),
    }))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Records a coin flip choice (`column`: whose) in a round that has not started, once: false when that choice is made
 * already or the clock has run. With `isSwap` the debaters change seats in the same statement (`swapUnstartedSides`'
 * columns); with `firstSide` the speaking order is set.
 */
export async function recordCoinFlipChoice(
  db: TDebatesDb,
  id: number,
  change: {
    column: 'coinFlipWinnerChoice' | 'coinFlipLoserChoice';
    pick: TCoinFlipPick;
    isSwap: boolean;
    firstSide: TSideKey | null;
  },
): Promise<boolean> {
  const result = await unstarted(db, id)
    .where(change.column, 'is', null)
    .where('coinFlipWinnerId', 'is not', null)
    .set((eb) => ({
      [change.column]: change.pick,
      ...(change.firstSide ? { firstSide: change.firstSide } : {}),
      ...(change.isSwap ? swappedSeats(eb) : {}),
    }))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Seats another judge (or none) in a round that has not started (a panel's chair: its seat 1 too); false once its
 * clock has run or it ended.
 */
export async function reseatUnstartedJudge(
  db: TDebatesDb,
  id: number,
  judgeId: string | null,
  now: string,
): Promise<boolean> {
  const result = await unstarted(db, id)
    .set({ judgeId, judgeSeatedAt: judgeId === null ? null : now, judgeInviteToken: null })
    .executeTakeFirst();
  const isReseated = Number(result.numUpdatedRows) === 1;
  // A panel's chair is also its seat 1: the new chair takes that seat too (and with it the chair's ballot).
  if (isReseated && judgeId !== null) {
    await db
      .updateTable('debatePanelJudges')
      .set({ userId: judgeId, seatedAt: now, joinedAt: null })
      .where('debateId', '=', id)
      .where('seat', '=', 1)
      .execute();
  }
  return isReseated;
}

/** Calls off a round that has not started (it ends `abandoned`, marked cancelled); false once its clock has run. */
export async function cancelUnstarted(db: TDebatesDb, id: number, now: string): Promise<boolean> {
  const result = await unstarted(db, id)
    .set({ status: 'abandoned', endedAt: now, cancelledAt: now })
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

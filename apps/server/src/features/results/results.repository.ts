/** Results SQL: ballots, ratings, a debater's rounds, and the facts the award rules read. */
import type { TDebateStatus, TFormatId, TSideKey } from '@resolved/shared';
import { sql, type Kysely } from 'kysely';
import { compiledOnce } from '../../db/compiled-query';
import type { DB } from '../../db/schema';
import { displayedRating, type TRating } from '../../lib/ratings/ratings';
import { chunks } from '../../db/batches';

type TDebatesDb = Kysely<DB>;

/** Debates still waiting for their ballot whose last speech ended before `endedBefore`. */
export async function listUnjudgedBefore(db: TDebatesDb, endedBefore: string) {
  return db
    .selectFrom('debates')
    .selectAll()
    .where('status', '=', 'awaiting_ballot')
    .where('endedAt', '<', endedBefore)
    .orderBy('id', 'asc')
    .limit(500)
    .execute();
}

/** The rounds a user debated in any seat of either side (their seats, by the seats' user index), newest first. */
export async function listDebatesOfUser(db: TDebatesDb, userId: string, limit: number) {
  return db
    .selectFrom('debateSeats')
    .innerJoin('debates', 'debates.id', 'debateSeats.debateId')
    .selectAll('debates')
    .where('debateSeats.userId', '=', userId)
    .orderBy('debates.id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * The finished rounds a user debated (not live, not awaiting a ballot), newest first, older than round `beforeId`
 * when given: a profile's pages.
 */
export async function listFinishedDebatesOfUser(
  db: TDebatesDb,
  userId: string,
  page: { beforeId: number | null; limit: number },
) {
  let query = db
    .selectFrom('debateSeats')
    .innerJoin('debates', 'debates.id', 'debateSeats.debateId')
    .selectAll('debates')
    .where('debateSeats.userId', '=', userId)
    .where('debates.status', 'not in', ['live', 'awaiting_ballot'])
    .orderBy('debates.id', 'desc')
    .limit(page.limit);
  if (page.beforeId !== null) query = query.where('debates.id', '<', page.beforeId);
  return query.execute();
}

/**
 * The rounds `judgeId` judged, newest first, leaving out those in `excludedStatuses` (always at least the live ones)
 * and, when `beforeId` is given, those from round `beforeId` on: those whose chair they sat in (served by the
 * (judgeId, id) index of migration 0023) and those they judged in seat 2 or 3 of a panel (by the panel's user index),
 * read as two pages and merged. Seat 1 is read from `debates.judgeId`, the chair as the round keeps it.
 */
export async function listJudgedDebates(
  db: TDebatesDb,
  judgeId: string,
  page: { beforeId: number | null; limit: number; excludedStatuses: readonly [TDebateStatus, ...TDebateStatus[]] },
) {
  let chaired = db
    .selectFrom('debates')
    .selectAll()
    .where('judgeId', '=', judgeId)
    .where('status', 'not in', page.excludedStatuses)
    .orderBy('id', 'desc')
    .limit(page.limit);
  let panelled = db
    .selectFrom('debatePanelJudges')
    .innerJoin('debates', 'debates.id', 'debatePanelJudges.debateId')
    .selectAll('debates')
    .where('debatePanelJudges.userId', '=', judgeId)
    .where('debatePanelJudges.seat', '>', 1)
    .where('debates.status', 'not in', page.excludedStatuses)
    .orderBy('debates.id', 'desc')
    .limit(page.limit);
  if (page.beforeId !== null) {
    chaired = chaired.where('id', '<', page.beforeId);
    panelled = panelled.where('debates.id', '<', page.beforeId);
  }
  const [chairs, seats] = await Promise.all([chaired.execute(), panelled.execute()]);
  const byId = new Map([...chairs, ...seats].map((row) => [Number(row.id), row]));
  return [...byId.values()].sort((x, y) => Number(y.id) - Number(x.id)).slice(0, page.limit);
}

/**
 * Debates Joined's count: the user's seats (any seat of either side), one search of the seats' user index. Compiled
 * once: the dashboard's standing reads it on every view.
 */
const debatesOfUserCount = compiledOnce((db, param: <T = string>(name: 'userId') => T) =>
  db
    .selectFrom('debateSeats')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('userId', '=', param('userId')),
);

/** Debates Joined: every debate the user was matched into. */
export async function countDebatesOfUser(db: TDebatesDb, userId: string): Promise<number> {
  const [row] = await debatesOfUserCount(db, { userId });
  return Number(row?.count ?? 0);
}

/** Statuses of a round that is not over: the record counts neither. */
const UNFINISHED_STATUSES = ['live', 'awaiting_ballot'] as const;

/**
 * A debater's record summed in SQL over their finished rounds (neither live nor awaiting a ballot): wins, losses,
 * rounds without a decision, and the sum and number of their speaker points (tenths) in the rounds with a ballot —
 * their own (migration 0059), or for an older ballot their side's. Read from their seats (any seat of either side, by
 * the seats' user index), the ballot joined by its unique `debateId`; compiled once, for the dashboard reads it on
 * every view.
 */
const recordOfDebaterQuery = compiledOnce((db, param: <T = string>(name: 'userId') => T) => {
  const rounds = db
    .selectFrom('debateSeats')
    .innerJoin('debates', 'debates.id', 'debateSeats.debateId')
    .leftJoin('debateBallots', 'debateBallots.debateId', 'debates.id')
    .leftJoin('ballotDebaterPoints', (join) =>
      join
        .onRef('ballotDebaterPoints.debateId', '=', 'debateSeats.debateId')
        .onRef('ballotDebaterPoints.userId', '=', 'debateSeats.userId'),
    )
    .select((eb) => [
      'debates.winnerSide as winnerSide',
      sql<TSideKey>`${sql.ref('debateSeats.side')}`.as('side'),
      eb.fn
        .coalesce(
          'ballotDebaterPoints.points',
          eb
            .case()
            .when('debateSeats.side', '=', 'b')
            .then(eb.ref('debateBallots.speakerPointsB'))
            .else(eb.ref('debateBallots.speakerPointsA'))
            .end(),
        )
        .as('points'),
    ])
    .where('debateSeats.userId', '=', param('userId'))
    .where('debates.status', 'not in', UNFINISHED_STATUSES)
    // A British Parliamentary room has no winning side: its record is the debater's BP record (`findBpRecord`).
    .where('debates.formatId', '!=', 'bp')
    .as('rounds');
  return db
    .selectFrom(rounds)
    .select((eb) => [
      eb.fn
        .sum<number | string | null>(
          eb.case().when('rounds.winnerSide', '=', eb.ref('rounds.side')).then(1).else(0).end(),
        )
        .as('wins'),
      eb.fn
        .sum<number | string | null>(
          eb.case().when('rounds.winnerSide', '!=', eb.ref('rounds.side')).then(1).else(0).end(),
        )
        .as('losses'),
      eb.fn
        .sum<number | string | null>(eb.case().when('rounds.winnerSide', 'is', null).then(1).else(0).end())
        .as('noDecision'),
      eb.fn.sum<number | string | null>('rounds.points').as('pointsSum'),
      eb.fn.count<number | string>('rounds.points').as('pointsCount'),
    ]);
});

/** A debater's record over their finished rounds (see `recordOfDebaterQuery`); speaker points in tenths. */
export async function findRecordOfDebater(db: TDebatesDb, userId: string) {
  const [row] = await recordOfDebaterQuery(db, { userId });
  return {
    wins: Number(row?.wins ?? 0),
    losses: Number(row?.losses ?? 0),
    noDecision: Number(row?.noDecision ?? 0),
    pointsSum: Number(row?.pointsSum ?? 0),
    pointsCount: Number(row?.pointsCount ?? 0),
  };
}

export async function insertBallot(
  db: TDebatesDb,
  values: {
    debateId: number;
    /** Null for a panel's decision (each judge's own ballot is in `debatePanelBallots`). */
    judgeId: string | null;
    winnerSide: TSideKey;
    speakerPointsA: number;
    speakerPointsB: number;
    reason: string;
    createdAt: string;
  },
) {
  await db.insertInto('debateBallots').values(values).execute();
}

/** One debater's own points (tenths) on the ballots of these rounds that scored each debater, by round. */
export async function findPointsOfDebater(
  db: TDebatesDb,
  userId: string,
  debateIds: readonly number[],
): Promise<Map<number, number>> {
  const found = new Map<number, number>();
  for (const chunk of chunks(debateIds)) {
    const rows = await db
      .selectFrom('ballotDebaterPoints')
      .select(['debateId', 'points'])
      .where('userId', '=', userId)
      .where('debateId', 'in', chunk)
      .execute();
    for (const row of rows) found.set(Number(row.debateId), Number(row.points));
  }
  return found;
}

/** The ballots' points per debater of these rounds (migration 0059), in tenths. */
export async function listDebaterPoints(db: TDebatesDb, debateIds: readonly number[]) {
  const rows = [];
  for (const chunk of chunks(debateIds)) {
    rows.push(...(await db.selectFrom('ballotDebaterPoints').selectAll().where('debateId', 'in', chunk).execute()));
  }
  return rows;
}

/** A judged round's points per debater (migration 0059), in tenths. */
export async function insertDebaterPoints(
  db: TDebatesDb,
  rows: readonly { debateId: number; userId: string; side: string; points: number; rank: number | null }[],
): Promise<void> {
  if (rows.length > 0)
    await db
      .insertInto('ballotDebaterPoints')
      .values([...rows])
      .execute();
}

/** One user's rating in every format they have one in, by format: one query for the dashboard's record. */
const ratingsOfUserQuery = compiledOnce((db, param: <T = string>(name: 'userId') => T) =>
  db.selectFrom('debateRatings').select(['formatId', 'mu', 'sigma', 'games']).where('userId', '=', param('userId')),
);

export async function findRatingsOfUser(db: TDebatesDb, userId: string): Promise<Map<string, TRating>> {
  const rows = await ratingsOfUserQuery(db, { userId });
  return new Map(rows.map((r) => [r.formatId, { mu: Number(r.mu), sigma: Number(r.sigma), games: Number(r.games) }]));
}

/** Saves a debater's new rating in a format and notes it in their rating history (the progress chart). */
export async function saveRating(
  db: TDebatesDb,
  userId: string,
  formatId: TFormatId,
  rating: TRating,
  now: string,
  debateId: number,
) {
  const values = { mu: rating.mu, sigma: rating.sigma, games: rating.games, updatedAt: now };
  await db
    .insertInto('debateRatings')
    .values({ userId, formatId, ...values })
    .onConflict((oc) => oc.columns(['userId', 'formatId']).doUpdateSet(values))
    .execute();
  await db
    .insertInto('ratingHistory')
    .values({ userId, formatId, rating: displayedRating(rating), debateId, createdAt: now })
    .execute();
}

/** A debater's ratings after each rated round, oldest first (at most `limit` per call). */
export async function listRatingHistory(db: TDebatesDb, userId: string, limit: number) {
  return db
    .selectFrom('ratingHistory')
    .select(['formatId', 'rating', 'debateId', 'createdAt'])
    .where('userId', '=', userId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute()
    .then((rows) => rows.reverse());
}

export async function listRatings(db: TDebatesDb, formatId: TFormatId, limit: number) {
  return (
    db
      .selectFrom('debateRatings')
      .innerJoin('users', 'users.id', 'debateRatings.userId')
      .select([
        'debateRatings.userId',
        'users.displayName',
        'debateRatings.mu',
        'debateRatings.sigma',
        'debateRatings.games',
      ])
      .where('debateRatings.formatId', '=', formatId)
      // `mu` orders as the displayed rating does (migration 0057's index).
      .orderBy('debateRatings.mu', 'desc')
      .limit(limit)
      .execute()
  );
}

/**
 * Ballots the user wrote as a judge (a panel judge's own ballot too), and ballots of rounds they debated in any seat
 * (a panel's decision too) with their own points on it, for "Download my data", each list in the order written.
 */
export async function listBallotsOfUser(db: TDebatesDb, userId: string) {
  const panelBallots = await db
    .selectFrom('debatePanelBallots')
    .select(['debateId', 'judgeId', 'winnerSide', 'speakerPointsA', 'speakerPointsB', 'reason', 'createdAt'])
    .where('judgeId', '=', userId)
    .orderBy('createdAt')
    .orderBy('debateId')
    .execute();
  const ballots = await db
    .selectFrom('debateBallots')
    .innerJoin('debates', 'debates.id', 'debateBallots.debateId')
    .select([
      'debateBallots.debateId',
      'debateBallots.judgeId',
      'debateBallots.winnerSide',
      'debateBallots.speakerPointsA',
      'debateBallots.speakerPointsB',
      'debateBallots.reason',
      'debateBallots.createdAt',
    ])
    // A round of teams: a ballot received in any seat (a partner's too), with one's own points on it.
    .leftJoin('ballotDebaterPoints', (join) =>
      join
        .onRef('ballotDebaterPoints.debateId', '=', 'debateBallots.debateId')
        .on('ballotDebaterPoints.userId', '=', userId),
    )
    .select('ballotDebaterPoints.points as ownPoints')
    .where((eb) =>
      eb.or([
        eb('debateBallots.judgeId', '=', userId),
        eb('debates.debaterAId', '=', userId),
        eb('debates.debaterBId', '=', userId),
        eb(
          'debates.id',
          'in',
          eb.selectFrom('debateSeats').select('debateSeats.debateId').where('debateSeats.userId', '=', userId),
        ),
      ]),
    )
    .orderBy('debateBallots.id')
    .execute();
  return [...ballots, ...panelBallots.map((b) => ({ ...b, ownPoints: null }))];
}

/** Each of these rounds' status, winner, forfeiter and ballot points (null without a ballot), for a tournament's draw. */
export async function listOutcomes(db: TDebatesDb, debateIds: readonly number[]) {
  const rows = [];
  for (const chunk of chunks(debateIds)) {
    rows.push(
      ...(await db
        .selectFrom('debates')
        .leftJoin('debateBallots', 'debateBallots.debateId', 'debates.id')
        .select([
          'debates.id',
          'debates.status',
          'debates.winnerSide',
          'debates.forfeitedBy',
          'debates.debaterAId',
          'debates.debaterBId',
          'debates.judgeId',
          'debateBallots.speakerPointsA',
          'debateBallots.speakerPointsB',
          'debateBallots.reason',
        ])
        .where('debates.id', 'in', chunk)
        .execute()),
    );
  }
  return rows;
}

/** The ballot of a round (its first, when several were written), or undefined without one. */
export async function findBallotOf(db: TDebatesDb, debateId: number) {
  return db.selectFrom('debateBallots').selectAll().where('debateId', '=', debateId).orderBy('id').executeTakeFirst();
}

/**
 * A corrected result: the round's winner (a forfeit's forfeiter becomes the new loser) while it is still judged or
 * forfeited, and its ballot's winner and points when given. False when the round no longer has a result.
 */
export async function correctResult(
  db: TDebatesDb,
  debateId: number,
  values: {
    winnerSide: TSideKey;
    loserId: string;
    points: { a: number; b: number } | null;
    /** Every debater's own points (migration 0059): written over theirs, or added for a ballot without them. */
    debaterPoints?: readonly { userId: string; side: string; points: number }[];
  },
): Promise<boolean> {
  const moved = await db
    .updateTable('debates')
    .set((eb) => ({
      winnerSide: values.winnerSide,
      forfeitedBy: eb.case().when('status', '=', 'forfeited').then(values.loserId).else(null).end(),
    }))
    .where('id', '=', debateId)
    .where('status', 'in', ['judged', 'forfeited'])
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) return false;
  await db
    .updateTable('debateBallots')
    .set({
      winnerSide: values.winnerSide,
      ...(values.points ? { speakerPointsA: values.points.a, speakerPointsB: values.points.b } : {}),
    })
    .where('debateId', '=', debateId)
    .execute();
  for (const d of values.debaterPoints ?? []) {
    await db
      .insertInto('ballotDebaterPoints')
      .values({ debateId, userId: d.userId, side: d.side, points: d.points, rank: null })
      .onConflict((oc) => oc.columns(['debateId', 'userId']).doUpdateSet({ points: d.points }))
      .execute();
  }
  return true;
}

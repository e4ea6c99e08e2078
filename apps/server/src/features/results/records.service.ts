/** What debaters and judges did: their history with ballots, their record, rating lists. */
import {
  FORMAT_IDS,
  type TDebateRecord,
  type TDebaterProgress,
  wasJudgeSeatedBeforeSpeeches,
  type TFormatId,
  type THistoryEntry,
  type TRoundOfDebater,
  type THistoryResponse,
  type TJudgedRound,
  type TSessionUser,
  type TSideKey,
  type TStandingResponse,
} from '@resolved/shared';
import { LIST_LIMIT, ballotsOfRounds, bpRecordOf } from '../debates/debates.service';
import { db, seatsOfRounds, sideOf } from '../debates/round-row';
import { findUserNames, rankOf, userNotFoundError } from '../users/users.service';
import type { TDebateRow } from '../debates/debates.tables';
import * as resultsRepo from './results.repository';
import { summarizeRating } from '../../lib/ratings/ratings';
import type { TDebatesDeps } from '../../context';
import {
  debaterPointsOf,
  notCountedOf,
  presentBallot,
  presentDebateSummary,
  presentParticipant,
} from '../debates/debate.presenter';

/** A round as one of its debaters' lists show it: the round, their side, their opponent, and how it went for them. */
export function toRoundOfDebater(
  row: TDebateRow,
  userId: string,
  names: Map<string, string>,
  seats: readonly { userId: string; side: string }[] = [],
): TRoundOfDebater {
  const mine = seats.find((seat) => seat.userId === userId);
  const side: TSideKey = mine ? (mine.side === 'b' ? 'b' : 'a') : (sideOf(row, userId) ?? 'a');
  const other: TSideKey = side === 'a' ? 'b' : 'a';
  const summary = presentDebateSummary(row, names);
  const result = row.winnerSide === null ? 'no-decision' : row.winnerSide === side ? 'win' : 'loss';
  const partners = seats
    .filter((seat) => seat.side === side && seat.userId !== userId)
    .map((seat) => presentParticipant(seat.userId, names));
  return { ...summary, side, opponent: summary.debaters[other], partners, result };
}

/** The seats of these rounds, and the names of everyone in them (each seat, the judges), for a debater's lists. */
export async function seatsAndNamesOf(deps: Pick<TDebatesDeps, 'database'>, rows: readonly TDebateRow[]) {
  const seats = await seatsOfRounds(
    deps,
    rows.map((r) => Number(r.id)),
  );
  const names = await findUserNames(db(deps), [
    ...rows.flatMap((r) => [r.debaterAId, r.debaterBId, r.judgeId ?? '']).filter(Boolean),
    ...[...seats.values()].flat().map((seat) => seat.userId),
  ]);
  return { seatsOf: (row: TDebateRow) => seats.get(Number(row.id)) ?? [], names };
}

export async function getHistory(deps: TDebatesDeps, userId: string): Promise<THistoryResponse> {
  const tx = db(deps);
  const rows = await resultsRepo.listDebatesOfUser(tx, userId, LIST_LIMIT);
  const ballots = await ballotsOfRounds(
    tx,
    rows.map((r) => Number(r.id)),
  );
  const { seatsOf, names } = await seatsAndNamesOf(deps, rows);
  const points = await resultsRepo.listDebaterPoints(
    tx,
    ballots.map((b) => Number(b.debateId)),
  );
  const debates = rows.map((row): THistoryEntry => {
    const ballot = ballots.find((b) => Number(b.debateId) === Number(row.id));
    const mine = points.filter((p) => Number(p.debateId) === Number(row.id));
    return {
      ...toRoundOfDebater(row, userId, names, seatsOf(row)),
      ballot: presentBallot(
        ballot,
        names,
        wasJudgeSeatedBeforeSpeeches(row),
        debaterPointsOf(ballot, mine, seatsOf(row)),
      ),
    };
  });
  const judgedRows = await resultsRepo.listJudgedDebates(tx, userId, {
    beforeId: null,
    limit: LIST_LIMIT,
    excludedStatuses: ['live'],
  });
  return {
    debates,
    debatesJoined: await resultsRepo.countDebatesOfUser(tx, userId),
    judged: await toJudgedRounds(deps, judgedRows),
  };
}

/** Rounds as their judge's lists show them: the round, its result and the ballot, if one was written. */
export async function toJudgedRounds(deps: TDebatesDeps, rows: TDebateRow[]): Promise<TJudgedRound[]> {
  const tx = db(deps);
  const ballots = await ballotsOfRounds(
    tx,
    rows.map((r) => Number(r.id)),
  );
  const names = await findUserNames(tx, [
    ...rows.flatMap((r) => [r.debaterAId, r.debaterBId, r.judgeId ?? '']).filter(Boolean),
    ...ballots.flatMap((b) => (b.judgeId ? [b.judgeId] : [])),
  ]);
  return rows.map((row) => ({
    ...presentDebateSummary(row, names),
    ballot: presentBallot(
      ballots.find((b) => Number(b.debateId) === Number(row.id)),
      names,
      wasJudgeSeatedBeforeSpeeches(row),
    ),
    isTeamRound: row.kind === 'team',
  }));
}

/** The signed-in debater's own record over every round they debated (dashboard). */
export async function getRecord(deps: TDebatesDeps, userId: string): Promise<TDebateRecord> {
  const tx = db(deps);
  // Counted in SQL (one row back, whatever the number of rounds), as the dashboard reads it on every view.
  const [record, byFormat, bp] = await Promise.all([
    resultsRepo.findRecordOfDebater(tx, userId),
    resultsRepo.findRatingsOfUser(tx, userId),
    bpRecordOf(deps, userId),
  ]);
  const ratings = [];
  for (const formatId of FORMAT_IDS) {
    const rating = byFormat.get(formatId);
    if (rating) ratings.push({ formatId, rating: summarizeRating(rating) });
  }
  return {
    wins: record.wins,
    losses: record.losses,
    noDecision: record.noDecision,
    // Points are stored in tenths: the mean in tenths, rounded, is the mean to one decimal.
    averageSpeakerPoints: record.pointsCount === 0 ? null : Math.round(record.pointsSum / record.pointsCount) / 10,
    ratings,
    bp,
  };
}

export async function countDebatesJoined(deps: TDebatesDeps, userId: string): Promise<number> {
  return resultsRepo.countDebatesOfUser(db(deps), userId);
}

export async function listRatings(deps: TDebatesDeps, formatId: TFormatId) {
  const rows = await resultsRepo.listRatings(db(deps), formatId, LIST_LIMIT);
  return rows.map((r) => ({
    userId: r.userId,
    displayName: r.displayName,
    ...summarizeRating({ mu: Number(r.mu), sigma: Number(r.sigma), games: Number(r.games) }),
  }));
}

/**
 * One debater's progress: rounds, wins and losses per format, average speaker points, the rating after
 * each rated round, and the latest ballots with their reasons. What a coach sees of a member, and a debater of
 * themselves on the dashboard.
 */
export async function getProgress(deps: TDebatesDeps, userId: string): Promise<TDebaterProgress> {
  const tx = db(deps);
  const rows = await resultsRepo.listDebatesOfUser(tx, userId, 10_000);
  const finished = rows.filter((row) => row.status !== 'live' && row.status !== 'awaiting_ballot');
  // The debater's side in each round: their seat's (a partner's too).
  const { seatsOf } = await seatsAndNamesOf(deps, finished);
  const sideIn = (row: TDebateRow): TSideKey => {
    const seat = seatsOf(row).find((s) => s.userId === userId);
    return seat ? (seat.side === 'b' ? 'b' : 'a') : (sideOf(row, userId) ?? 'a');
  };
  const formats = FORMAT_IDS.map((formatId) => {
    const inFormat = finished.filter((row) => row.formatId === formatId);
    return {
      formatId,
      rounds: inFormat.length,
      wins: inFormat.filter((row) => row.winnerSide !== null && row.winnerSide === sideIn(row)).length,
      losses: inFormat.filter((row) => row.winnerSide !== null && row.winnerSide !== sideIn(row)).length,
    };
  }).filter((f) => f.rounds > 0);
  const ballots = await ballotsOfRounds(
    tx,
    finished.map((row) => Number(row.id)),
  );
  const byDebate = new Map(finished.map((row) => [Number(row.id), row]));
  // Their own points where the judge scored each debater (migration 0059), else their side's.
  const ownPoints = await resultsRepo.findPointsOfDebater(
    tx,
    userId,
    ballots.map((b) => Number(b.debateId)),
  );
  const mine = ballots
    .map((ballot) => {
      const row = byDebate.get(Number(ballot.debateId))!;
      const side = sideIn(row);
      return {
        ballot,
        row,
        points:
          Number(
            ownPoints.get(Number(ballot.debateId)) ?? (side === 'b' ? ballot.speakerPointsB : ballot.speakerPointsA),
          ) / 10,
        result: ballot.winnerSide === side ? ('win' as const) : ('loss' as const),
      };
    })
    .sort((x, y) => (x.ballot.createdAt < y.ballot.createdAt ? 1 : -1));
  const judgeNames = await findUserNames(
    tx,
    mine.slice(0, 5).flatMap((m) => (m.ballot.judgeId ? [m.ballot.judgeId] : [])),
  );
  // A rated round was judged, so it has a winner; a round since deleted leaves its rating without a result.
  const rowsById = new Map(rows.map((row) => [Number(row.id), row]));
  const resultIn = (row: TDebateRow | undefined) =>
    row?.winnerSide == null ? null : row.winnerSide === sideIn(row) ? ('win' as const) : ('loss' as const);
  const [names, history] = await Promise.all([
    findUserNames(tx, [userId]),
    resultsRepo.listRatingHistory(tx, userId, 500),
  ]);
  return {
    userId,
    displayName: names.get(userId) ?? 'Former user',
    formats,
    wins: formats.reduce((n, f) => n + f.wins, 0),
    losses: formats.reduce((n, f) => n + f.losses, 0),
    averageSpeakerPoints:
      mine.length === 0 ? null : Math.round((mine.reduce((n, m) => n + m.points, 0) / mine.length) * 10) / 10,
    ratingHistory: FORMAT_IDS.map((formatId) => ({
      formatId,
      points: history
        .filter((h) => h.formatId === formatId)
        .map((h) => ({
          at: h.createdAt,
          rating: Math.round(Number(h.rating)),
          result: resultIn(h.debateId === null ? undefined : rowsById.get(Number(h.debateId))),
        })),
    })).filter((h) => h.points.length > 0),
    lastBallots: mine.slice(0, 5).map((m) => ({
      debateId: Number(m.row.id),
      formatId: m.row.formatId,
      result: m.result,
      speakerPoints: m.points,
      reason: m.ballot.reason,
      judgeName: m.ballot.judgeId ? (judgeNames.get(m.ballot.judgeId) ?? 'Former user') : null,
      createdAt: m.ballot.createdAt,
      notCounted: notCountedOf(m.row),
    })),
  };
}

/**
 * Everything the dashboard shows: the user, their rank out of all users, ties, and debates joined. `user` is the
 * session user, read from the database for this request.
 */
export async function getStanding(
  deps: Pick<TDebatesDeps, 'database'>,
  user: TSessionUser,
): Promise<TStandingResponse> {
  const [standing, debatesJoined] = await Promise.all([
    rankOf(deps.database, user.id),
    resultsRepo.countDebatesOfUser(db(deps), user.id),
  ]);
  if (!standing) throw userNotFoundError();
  return { user, rank: standing.rank, total: standing.total, tiedWith: standing.tiedWith, debatesJoined };
}

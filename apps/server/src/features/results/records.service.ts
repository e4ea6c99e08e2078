/** What debaters did: their history with ballots, their record, rating lists. */
import {
  FORMAT_IDS,
  type TDebateRecord,
  wasJudgeSeatedBeforeSpeeches,
  type TFormatId,
  type THistoryEntry,
  type TSideKey,
} from '@resolved/shared';
import * as repo from '../debates/debates.repository';
import type { TDebateRow } from '../debates/debates.repository';
import * as resultsRepo from './results.repository';
import { summarizeRating } from './ratings';
import { type TDebatesDeps, LIST_LIMIT, db, sideOf, toBallot, toSummary } from '../debates/debate-view';

export async function getHistory(
  deps: TDebatesDeps,
  userId: string,
): Promise<{ debates: THistoryEntry[]; debatesJoined: number }> {
  const tx = db(deps);
  const rows = await resultsRepo.listDebatesOfUser(tx, userId, LIST_LIMIT);
  const ballots = await resultsRepo.findBallots(
    tx,
    rows.map((r) => Number(r.id)),
  );
  const names = await repo.findUserNames(
    tx,
    rows.flatMap((r) => [r.debaterAId, r.debaterBId, r.judgeId ?? '']).filter(Boolean),
  );
  const debates = rows.map((row): THistoryEntry => {
    const side = sideOf(row, userId) ?? 'a';
    const other: TSideKey = side === 'a' ? 'b' : 'a';
    const summary = toSummary(row, names);
    return {
      ...summary,
      side,
      opponent: summary.debaters[other],
      result: row.winnerSide === null ? 'no-decision' : row.winnerSide === side ? 'win' : 'loss',
      ballot: toBallot(
        ballots.find((b) => Number(b.debateId) === Number(row.id)),
        names,
        wasJudgeSeatedBeforeSpeeches(row),
      ),
    };
  });
  return { debates, debatesJoined: await resultsRepo.countDebatesOfUser(tx, userId) };
}

/** The signed-in debater's own record over every round they debated (dashboard). */
export async function getRecord(deps: TDebatesDeps, userId: string): Promise<TDebateRecord> {
  const tx = db(deps);
  const rows = await resultsRepo.listDebatesOfUser(tx, userId, 10_000);
  const finished = rows.filter((row) => row.status !== 'live' && row.status !== 'awaiting_ballot');
  const sideIn = (row: TDebateRow) => sideOf(row, userId) ?? 'a';
  const ballots = await resultsRepo.findBallots(
    tx,
    finished.map((row) => Number(row.id)),
  );
  const points = ballots.map((ballot) => {
    const row = finished.find((r) => Number(r.id) === Number(ballot.debateId));
    return Number(row && sideIn(row) === 'b' ? ballot.speakerPointsB : ballot.speakerPointsA) / 10;
  });
  const ratings = [];
  for (const formatId of FORMAT_IDS) {
    const rating = (await resultsRepo.findRatings(tx, formatId, [userId])).get(userId);
    if (rating) ratings.push({ formatId, rating: summarizeRating(rating) });
  }
  return {
    wins: finished.filter((row) => row.winnerSide !== null && row.winnerSide === sideIn(row)).length,
    losses: finished.filter((row) => row.winnerSide !== null && row.winnerSide !== sideIn(row)).length,
    noDecision: finished.filter((row) => row.winnerSide === null).length,
    averageSpeakerPoints:
      points.length === 0 ? null : Math.round((points.reduce((a, b) => a + b, 0) / points.length) * 10) / 10,
    ratings,
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
    ...summarizeRating({
      rating: Number(r.rating),
      deviation: Number(r.deviation),
      volatility: Number(r.volatility),
      games: Number(r.games),
    }),
  }));
}

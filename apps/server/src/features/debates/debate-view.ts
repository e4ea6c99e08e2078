/** How a debate row becomes what clients see (`TDebate`, summaries, ballots), and the helpers every debate service shares. */
import {
  wasJudgeSeatedBeforeSpeeches,
  ZNotCounted,
  type TNotCounted,
  REALTIME_ROOMS,
  type TBallot,
  type TDebate,
  type TDebateParticipant,
  type TDebateSummary,
  type TRandom,
  type TSideKey,
  type TRoundRefusal,
  type TRoundSeats,
} from '@resolved/shared';
import { type TDatabase } from '../../db/database';
import { AppError } from '../../lib/errors';
import type { DomainEvents } from '../../lib/events';
import * as repo from './debates.repository';
import { teamOfRound } from '../teams/team-judges.service';
import { listPois } from './pois.service';
import type { TDebateRow } from './debates.repository';
import * as resultsRepo from '../results/results.repository';
import * as ledger from '../users/score-ledger.repository';
import { NEW_RATING, summarizeRating } from '../results/ratings';

export interface TDebatesDeps {
  database: TDatabase;
  events: DomainEvents;
  /** Side draws; tests inject a fixed source. */
  random?: TRandom;
  /** Server time in ms; tests may inject. */
  now?: () => number;
}

export const LIST_LIMIT = 100;

export const MESSAGE_HISTORY = 200;

export const db = (deps: TDebatesDeps) => repo.debatesDb(deps.database.db);

export const nowMs = (deps: TDebatesDeps) => (deps.now ? deps.now() : Date.now());

export function sideOf(row: TDebateRow, userId: string): TSideKey | null {
  if (row.debaterAId === userId) return 'a';
  if (row.debaterBId === userId) return 'b';
  return null;
}

export async function requireDebate(deps: TDebatesDeps, id: number, tx = db(deps)): Promise<TDebateRow> {
  const row = await repo.findDebate(tx, id);
  if (!row) throw new AppError('not_found', 'That debate does not exist.');
  return row;
}

export function toBallot(
  row: Awaited<ReturnType<typeof resultsRepo.findBallots>>[number] | undefined,
  names: Map<string, string>,
  wasJudgePresent: boolean,
): TBallot | null {
  if (!row) return null;
  return {
    winnerSide: row.winnerSide,
    speakerPoints: { a: Number(row.speakerPointsA) / 10, b: Number(row.speakerPointsB) / 10 },
    reason: row.reason,
    judge: row.judgeId ? { userId: row.judgeId, displayName: names.get(row.judgeId) ?? 'Former user' } : null,
    wasJudgePresent,
    createdAt: row.createdAt,
  };
}

export function participant(id: string, names: Map<string, string>): TDebateParticipant {
  return { userId: id, displayName: names.get(id) ?? 'Former user' };
}

/** Why a settled round did not count for points, as the award rule stored it (null when it counted). */
export function notCountedOf(row: Pick<TDebateRow, 'notCounted'>): TNotCounted | null {
  if (!row.notCounted) return null;
  try {
    const parsed = ZNotCounted.safeParse(JSON.parse(row.notCounted));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function toSummary(row: TDebateRow, names: Map<string, string>): TDebateSummary {
  return {
    id: Number(row.id),
    formatId: row.formatId,
    resolution: row.resolution,
    status: row.status,
    debaters: { a: participant(row.debaterAId, names), b: participant(row.debaterBId, names) },
    judge: row.judgeId ? participant(row.judgeId, names) : null,
    winnerSide: row.winnerSide,
    startsAt: row.startsAt,
    isCancelled: row.cancelledAt !== null,
    isEndedEarly: row.endedEarlyAt !== null,
    createdAt: row.createdAt,
    endedAt: row.endedAt,
    notCounted: notCountedOf(row),
  };
}

export async function toDebate(deps: TDebatesDeps, row: TDebateRow): Promise<TDebate> {
  const tx = db(deps);
  const [ballotRow] = await resultsRepo.findBallots(tx, [Number(row.id)]);
  const names = await repo.findUserNames(
    tx,
    [row.debaterAId, row.debaterBId, row.judgeId, ballotRow?.judgeId].filter((v): v is string => !!v),
  );
  const ratings = await resultsRepo.findRatings(tx, row.formatId, [row.debaterAId, row.debaterBId]);
  const awards = row.status === 'live' ? [] : await ledger.listDebateAwards(tx, Number(row.id));
  const debater = (id: string) => ({
    ...participant(id, names),
    rating: summarizeRating(ratings.get(id) ?? NEW_RATING),
  });
  return {
    ...toSummary(row, names),
    debaters: { a: debater(row.debaterAId), b: debater(row.debaterBId) },
    forfeitedBy: row.forfeitedBy,
    externalLink: row.externalLink,
    clock: repo.clockFromRow(row),
    clockVersion: Number(row.clockVersion),
    revision: Number(row.revision),
    ballot: toBallot(ballotRow, names, wasJudgeSeatedBeforeSpeeches(row)),
    hasJudgeInvite: row.judgeInviteToken !== null,
    team: await teamOfRound(deps, row.teamId),
    evidencePublic: Number(row.evidencePublic) === 1,
    isReplayPrivate: Number(row.replayPrivate) === 1,
    pois: await listPois(deps, Number(row.id)),
    recordConsent: { a: Number(row.recordConsentA) === 1, b: Number(row.recordConsentB) === 1 },
    awards: awards.map((entry) => ({
      userId: entry.userId,
      points: Number(entry.newScore) - Number(entry.oldScore),
      reason: entry.reason,
    })),
  };
}

/**
 * Publishes the round as it is now to `debate:<id>` and returns the same snapshot (for the HTTP answer of the change).
 * The round's revision is counted up in the statement that reads the row, so each snapshot has its own, and one with
 * a higher revision was read later: clients keep the highest (`newerDebate`), whatever order answers and events
 * arrive in.
 */
export async function emitDebateUpdated(deps: TDebatesDeps, debateId: number): Promise<TDebate> {
  const row = await repo.nextRevision(db(deps), debateId);
  if (!row) throw new AppError('not_found', 'That debate does not exist.');
  const debate = await toDebate(deps, row);
  deps.events.emit({ name: 'debate.updated', room: REALTIME_ROOMS.debate(String(debateId)), payload: { debate } });
  return debate;
}

/** The seats of a round as the shared round rules (`judgeRefusal`, `ballotRefusal`, `canPostInRound`) read them. */
export function seatsOfRow(row: TDebateRow, teamJudgeIds?: string[]): TRoundSeats {
  return {
    status: row.status,
    debaterAId: row.debaterAId,
    debaterBId: row.debaterBId,
    judgeId: row.judgeId,
    hasJudgeInvite: row.judgeInviteToken !== null,
    teamJudgeIds,
  };
}

/** A shared rule's refusal, thrown. */
export function refuse(refusal: TRoundRefusal | null): void {
  if (refusal) throw new AppError(refusal.code, refusal.message, undefined, refusal.reason);
}

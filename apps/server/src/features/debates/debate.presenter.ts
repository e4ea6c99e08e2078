/**
 * How a debate row becomes what clients see (`TDebate`, summaries, ballots). Presenters only shape: every row, name,
 * rating and award they need is read beforehand by the services (`loadDebate` in `debates.service.ts`).
 */
import type { TSeatRow } from './debate-seats.repository';
import {
  wasJudgeSeatedBeforeSpeeches,
  ZNotCounted,
  type TNotCounted,
  type TBallot,
  type TDebate,
  type TDebateParticipant,
  type TDebateSummary,
  type TDebaterPoints,
  type TPoi,
} from '@resolved/shared';
import type { TDebateRow } from './debates.tables';
import { watchOf } from './round-minors';
import type { TBallotRow, TDebaterPointsRow } from '../results/results.tables';
import { clockFromRow, coinFlipOfRow } from './round-row';
import { NEW_RATING, summarizeRating, type TRating } from '../../lib/ratings/ratings';

export function presentParticipant(id: string, names: Map<string, string>): TDebateParticipant {
  return { userId: id, displayName: names.get(id) ?? 'Former user' };
}

export function presentBallot(
  row: TBallotRow | undefined,
  names: Map<string, string>,
  wasJudgePresent: boolean,
  debaterPoints: TDebaterPoints[] = [],
): TBallot | null {
  if (!row) return null;
  return {
    winnerSide: row.winnerSide,
    speakerPoints: { a: Number(row.speakerPointsA) / 10, b: Number(row.speakerPointsB) / 10 },
    debaterPoints,
    reason: row.reason,
    judge: row.judgeId ? { userId: row.judgeId, displayName: names.get(row.judgeId) ?? 'Former user' } : null,
    wasJudgePresent,
    createdAt: row.createdAt,
  };
}

/**
 * A ballot's points per debater, in seat order: as the judge gave them (migration 0059), or — for a ballot written
 * before them, or a panel's decision — each debater's side's points.
 */
export function debaterPointsOf(
  ballot: TBallotRow | undefined,
  rows: readonly TDebaterPointsRow[],
  seats: readonly Pick<TSeatRow, 'userId' | 'side'>[],
): TDebaterPoints[] {
  if (!ballot) return [];
  return seats.map((seat) => {
    const side = seat.side === 'b' ? 'b' : 'a';
    const row = rows.find((r) => r.userId === seat.userId);
    const tenths = row ? row.points : side === 'a' ? ballot.speakerPointsA : ballot.speakerPointsB;
    return {
      userId: seat.userId,
      side,
      points: Number(tenths) / 10,
      rank: row?.rank == null ? null : Number(row.rank),
    };
  });
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

export function presentDebateSummary(row: TDebateRow, names: Map<string, string>): TDebateSummary {
  return {
    id: Number(row.id),
    formatId: row.formatId,
    resolution: row.resolution,
    status: row.status,
    debaters: { a: presentParticipant(row.debaterAId, names), b: presentParticipant(row.debaterBId, names) },
    judge: row.judgeId ? presentParticipant(row.judgeId, names) : null,
    winnerSide: row.winnerSide,
    startsAt: row.startsAt,
    isCancelled: row.cancelledAt !== null,
    isEndedEarly: row.endedEarlyAt !== null,
    createdAt: row.createdAt,
    endedAt: row.endedAt,
    notCounted: notCountedOf(row),
  };
}

/** What `presentDebate` shows beside the row, read by `loadDebate`. */
export interface TDebateExtras {
  ballot: TBallotRow | undefined;
  /** The ballot's points per debater as stored (migration 0059; none for an older ballot or a panel's decision). */
  debaterPoints: readonly TDebaterPointsRow[];
  /** Display names of the debaters, the judge and the ballot's judge. */
  names: Map<string, string>;
  /** The debaters' ratings in the round's format (a missing one is a new rating). */
  ratings: Map<string, TRating>;
  awards: { userId: string; oldScore: number | string; newScore: number | string; reason: string }[];
  team: TDebate['team'];
  pois: TPoi[];
  /** Whether a debater is under 18, and then who of their coaches may judge (`round-minors.ts`). */
  minors: TDebate['minors'];
  /** Every debater's seat (`debateSeats`): whether spectators may watch reads each one's toggle. */
  seats: readonly TSeatRow[];
  /** A panel's seats and its judges' ballots (`panel.presenter.ts`); null: one judge. */
  panel: TDebate['panel'];
  /** A British Parliamentary room's ranked ballot (`bp-results.repository.ts`); null otherwise. */
  bpResult: TDebate['bpResult'];
  /** A British Parliamentary room's forfeits (`bp-results.repository.ts`); `{}` otherwise. */
  bpForfeits: TDebate['bpForfeits'];
}

export function presentDebate(row: TDebateRow, extras: TDebateExtras): TDebate {
  const { names, ratings } = extras;
  const spectatorWatch = watchOf(row, extras.minors.hasMinor, extras.seats);
  const debater = (id: string) => ({
    ...presentParticipant(id, names),
    rating: summarizeRating(ratings.get(id) ?? NEW_RATING),
  });
  return {
    ...presentDebateSummary(row, names),
    kind: row.kind,
    debaters: { a: debater(row.debaterAId), b: debater(row.debaterBId) },
    seats: extras.seats.map((seat) => ({
      ...debater(seat.userId),
      side: seat.side === 'b' ? 'b' : 'a',
      position: seat.position,
      recordConsent: Number(seat.recordConsent) === 1,
      // Not chosen yet: a round with a minor keeps spectators out until each debater lets them in.
      spectatorWatch: seat.spectatorWatch === null ? !extras.minors.hasMinor : Number(seat.spectatorWatch) === 1,
    })),
    forfeitedBy: row.forfeitedBy,
    // A round its spectators may not watch keeps its meeting link out of the snapshot every spectator receives.
    externalLink: spectatorWatch.isAllowed ? row.externalLink : null,
    hasMeetingLink: row.externalLink !== null,
    clock: clockFromRow(row),
    clockVersion: Number(row.clockVersion),
    coinFlip: coinFlipOfRow(row),
    revision: Number(row.revision),
    ballot: presentBallot(
      extras.ballot,
      names,
      wasJudgeSeatedBeforeSpeeches(row),
      debaterPointsOf(extras.ballot, extras.debaterPoints, extras.seats),
    ),
    panel: extras.panel,
    bpResult: extras.bpResult,
    bpForfeits: extras.bpForfeits,
    hasJudgeInvite: row.judgeInviteToken !== null,
    team: extras.team,
    evidencePublic: Number(row.evidencePublic) === 1,
    isReplayPrivate: Number(row.replayPrivate) === 1,
    pois: extras.pois,
    recordConsent: { a: Number(row.recordConsentA) === 1, b: Number(row.recordConsentB) === 1 },
    minors: extras.minors,
    spectatorWatch,
    awards: extras.awards.map((entry) => ({
      userId: entry.userId,
      points: Number(entry.newScore) - Number(entry.oldScore),
      reason: entry.reason,
    })),
  };
}

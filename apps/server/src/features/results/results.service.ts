/** Results: the judge's seat and invitations, ballots and ratings, forfeits and abandoned rounds, the ballot deadline. */
import { randomBytes } from 'node:crypto';
import {
  spokenIncrement,
  stopRound,
  BALLOT_DEADLINE_MS,
  type TDebate,
  type TDebateStatus,
  type TSessionUser,
  type TSideKey,
  type TSubmitBallotRequest,
  ballotRefusal,
  debatersOf,
  judgeRefusal,
  bpWingRefusal,
  BP_PRACTICE_WINGS_MAX,
  judgeInviteRefusal,
  blockedPairRefusal,
  ageDoorRefusal,
  ageRequiredRefusal,
  resignRefusal,
  ballotPointsOf,
} from '@resolved/shared';
import { hasBlockWithAny } from '../blocks/blocks.service';
import { seatRefusalsAmong } from '../users/seats';
import { nowIso } from '../../db/database';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError, refuse, refused } from '../../lib/errors';
import * as repo from '../debates/rounds.service';
import { loadDebate, emitDebateUpdated, minorsOfRound } from '../debates/debates.service';
import { db, debaterSeatsOf, nowMs, requireDebate, roundSeatsOf, seatsOfRow, sideKeyOf } from '../debates/round-row';
import * as resultsRepo from './results.repository';
import { settleRound } from '../debates/awards';
import { teamJudgeIds } from '../memberships/memberships.service';
import type { TDebatesDeps } from '../../context';
import { inTransaction } from '../../db/transaction';
import { recordStrike } from '../playban/playban.service';
import { joinBpPanel, panelJudgeIdsOf } from '../debates/panels.service';
import { submitPanelBallot } from './panel-ballots';
import { rateDecidedRound } from './round-ratings';
import { forfeitBpTeamIn } from './bp-forfeits';
import { forfeitsOfRound, isOfForfeitedTeam } from '../debates/bp-clock';

/**
 * Takes the judge's seat: first come while the round is live, or — with a debater's invitation — also after the last
 * speech while the round waits for that judge's ballot. A judge who sits after the speeches began is marked so.
 */
export async function joinAsJudge(
  deps: TDebatesDeps,
  user: TSessionUser,
  debateId: number,
  invite?: string,
): Promise<TDebate> {
  // The seat rule (a ban or a suspension), read now rather than from the session.
  refuse((await seatRefusalsAmong(deps.database.db, [user.id], nowMs(deps))).get(user.id) ?? null);
  const row = await requireDebate(deps, debateId);
  const invitation =
    row.judgeInviteToken === null || !invite ? 'none' : invite === row.judgeInviteToken ? 'valid' : 'invalid';
  // A practice round is judged by its team's coaches and named judges (none left when the team was deleted).
  const teamJudges =
    row.kind !== 'team' ? undefined : row.teamId === null ? [] : await teamJudgeIds(deps, Number(row.teamId));
  // A round with a minor: the seat is kept for a minor, a coach of a debater's team, staff or a verified judge.
  const minors = await minorsOfRound(deps, row);
  // Every debater's seat (partners too): no debater of the round takes its judge's seat.
  const roundSeats = await roundSeatsOf(deps, row, teamJudges);
  const seats = { ...roundSeats, hasMinor: minors.hasMinor, minorRoundCoachIds: minors.coachIds };
  // A British Parliamentary practice room seats a panel: once its chair is seated, the next judges take a wing's seat.
  const isWing = row.formatId === 'bp' && row.kind !== 'tournament' && row.judgeId !== null && row.judgeId !== user.id;
  refuse(isWing ? bpWingRefusal(user, seats) : judgeRefusal(user, seats, invitation));
  // Age: the month of birth first; an account limited to its teams judges only its team's rounds.
  refuse(row.kind === 'team' ? ageRequiredRefusal(user) : ageDoorRefusal(user, 'judge'));
  if (row.judgeId === user.id) return loadDebate(deps, row);
  // A judge and a debater one of whom blocked the other never meet in a round (an invitation does not change it).
  refuse(blockedPairRefusal('judge', await hasBlockWithAny(deps, user.id, debatersOf(roundSeats))));
  if (isWing) {
    const input = { debateId, chairId: row.judgeId!, userId: user.id, wingsMax: BP_PRACTICE_WINGS_MAX };
    if (!(await joinBpPanel(deps.database, input))) throw refused('panel_full');
    return emitDebateUpdated(deps, debateId);
  }
  if (!(await repo.claimJudge(db(deps), debateId, user.id, row.judgeInviteToken === null ? undefined : invite))) {
    throw refused('judge_taken');
  }
  return emitDebateUpdated(deps, debateId);
}

/**
 * A debater invites a judge by link (before or during the round): the seat is kept for the link's holder, and a
 * round that ends before they arrive waits for their ballot (the ballot deadline applies). A new invitation
 * replaces the previous one.
 */
export async function inviteJudge(
  deps: TDebatesDeps,
  user: TSessionUser,
  debateId: number,
): Promise<{ token: string; debate: TDebate }> {
  const row = await requireDebate(deps, debateId);
  refuse(judgeInviteRefusal(user, { ...(await roundSeatsOf(deps, row)), isTeamRound: row.kind === 'team' }));
  const token = randomBytes(16).toString('base64url');
  await repo.setJudgeInvite(db(deps), debateId, token);
  return { token, debate: await emitDebateUpdated(deps, debateId) };
}

export async function submitBallot(
  deps: TDebatesDeps,
  user: TSessionUser,
  debateId: number,
  ballot: TSubmitBallotRequest,
): Promise<TDebate> {
  // A round judged by a panel takes each panel judge's own ballot and is decided by the majority.
  const panel = await panelJudgeIdsOf(db(deps), debateId);
  if (panel.length > 0) return submitPanelBallot(deps, user, debateId, panel, ballot);
  await inTransaction(deps.database, async (trx) => {
    const tx = repo.debatesDb(trx);
    const row = await requireDebate(deps, debateId, tx);
    // A British Parliamentary room ranks four teams (`submitBpBallot`): never decided by a side.
    if (row.formatId === 'bp') throw new AppError('validation_failed', 'A British Parliamentary room ranks its teams.');
    refuse(ballotRefusal(user, seatsOfRow(row)));
    // Points for every debater of the round (a one-on-one form's two map to its two seats), or a 400.
    const seats = await debaterSeatsOf(deps, row, tx);
    const points = ballotPointsOf(row.formatId, seats, ballot);
    if (typeof points === 'string') throw new AppError('validation_failed', points);
    const now = nowIso();
    const moved = await repo.transitionStatus(tx, debateId, ['awaiting_ballot'], {
      status: 'judged',
      winnerSide: ballot.winnerSide,
    });
    if (!moved) throw new AppError('conflict', 'This debate has already been decided.', undefined, 'already_decided');
    await resultsRepo.insertBallot(tx, {
      debateId,
      judgeId: user.id,
      winnerSide: ballot.winnerSide,
      speakerPointsA: Math.round(points.sides.a * 10),
      speakerPointsB: Math.round(points.sides.b * 10),
      reason: ballot.reason,
      createdAt: now,
    });
    await resultsRepo.insertDebaterPoints(
      tx,
      points.debaters.map((d) => ({ ...d, debateId, points: Math.round(d.points * 10) })),
    );
    const settled = await settleRound(tx, row, 'judged', {
      winnerSide: ballot.winnerSide,
      spokenMs: Number(row.spokenMs),
      now,
    });
    if (settled.isRated) await rateDecidedRound(tx, row, ballot.winnerSide, now);
  });
  return emitDebateUpdated(deps, debateId);
}

/**
 * Debates whose judge let the ballot deadline pass are completed without a decision: both debaters get
 * their completion points, the judge nothing. Safe to run on every instance at once. Returns the ids closed.
 */
export async function closeUnjudgedDebates(deps: TDebatesDeps, deadlineMs = BALLOT_DEADLINE_MS): Promise<number[]> {
  const cutoff = new Date(Date.now() - deadlineMs).toISOString();
  const closed: number[] = [];
  for (const row of await resultsRepo.listUnjudgedBefore(db(deps), cutoff)) {
    const debateId = Number(row.id);
    const moved = await inTransaction(deps.database, async (trx) => {
      const tx = repo.debatesDb(trx);
      if (!(await repo.transitionStatus(tx, debateId, ['awaiting_ballot'], { status: 'completed' }))) return false;
      await settleRound(tx, row, 'completed', { winnerSide: null, spokenMs: Number(row.spokenMs), now: nowIso() });
      return true;
    });
    if (moved) {
      closed.push(debateId);
      await emitDebateUpdated(deps, debateId);
    }
  }
  return closed;
}

/**
 * A debater away for too long (or who leaves) forfeits a live debate; the other side wins (in British Parliamentary
 * their team alone forfeits and the room goes on: `forfeitBpTeamIn`). A forfeit by absence (the
 * forfeit watch: left, or never came) is also a strike towards a matchmaking cooldown for each debater of the side in
 * `absentIds` (a whole team away: every member; one who was there gets none), recorded in the same transaction; the
 * Forfeit button (a resignation) is not.
 */
export async function forfeit(
  deps: TDebatesDeps,
  debateId: number,
  userId: string,
  options: { absentIds?: readonly string[] } = {},
): Promise<TDebate | null> {
  const changed = await inTransaction(deps.database, async (trx) => {
    const tx = repo.debatesDb(trx);
    const row = await requireDebate(deps, debateId, tx);
    // British Parliamentary forfeits by team: the room goes on without it (`forfeitBpTeamIn`).
    if (row.formatId === 'bp') return forfeitBpTeamIn(trx, deps, row, userId, options);
    // Any member of a side forfeits (resigns) for the whole side.
    const seats = await debaterSeatsOf(deps, row, tx);
    const side = sideKeyOf(seats.find((s) => s.userId === userId)?.side);
    if (!side || row.status !== 'live') return false;
    const winnerSide: TSideKey = side === 'a' ? 'b' : 'a';
    const now = nowIso();
    const moved = await repo.transitionStatus(tx, debateId, ['live'], {
      status: 'forfeited',
      winnerSide,
      forfeitedBy: userId,
      endedAt: now,
      clock: stopRound(repo.clockFromRow(row), nowMs(deps)),
    });
    if (!moved) return false;
    await repo.releaseActiveDebaters(tx, debateId);
    // The speech running at the forfeit counts for what it ran.
    const spokenMs = Number(row.spokenMs) + spokenIncrement(repo.clockFromRow(row), nowMs(deps));
    await settleRound(tx, row, 'forfeited', { winnerSide, forfeitedBy: userId, spokenMs, now });
    // Only the forfeiting side's seats are struck, whatever a caller passes.
    const struck = seats.filter((s) => s.side === side && options.absentIds?.includes(s.userId));
    for (const seat of struck) await recordStrike(trx, seat.userId, debateId, nowMs(deps));
    return true;
  });
  return changed ? emitDebateUpdated(deps, debateId) : null;
}

/**
 * The room's Forfeit button: a debater of a live round resigns it, the other side wins (ratings and points as any
 * forfeit), and no strike is recorded. Anyone else, or a round no longer live, is refused.
 */
export async function resign(deps: TDebatesDeps, user: TSessionUser, debateId: number): Promise<TDebate> {
  refuse(resignRefusal(user, await roundSeatsOf(deps, await requireDebate(deps, debateId))));
  // The round may have ended between the read and the forfeit's own locked step (the other side resigned first).
  const debate = await forfeit(deps, debateId, user.id);
  if (!debate) {
    // A BP team forfeits once: its other debater is told so, not that the round is over (it plays on).
    const row = await requireDebate(deps, debateId);
    const seat = (await debaterSeatsOf(deps, row)).find((s) => s.userId === user.id);
    const hasForfeited =
      row.status === 'live' && isOfForfeitedTeam(seat?.position, await forfeitsOfRound(db(deps), row));
    if (hasForfeited) throw new AppError('conflict', 'Your team has forfeited this round already.');
    throw refused('round_over');
  }
  return debate;
}

/**
 * Both debaters left at once, a coach cancelled the practice round (`isCancel`, recorded so the round
 * says so), or one person in it blocked another (`isEndedEarly`, said neutrally): nobody is blamed, the round is abandoned with its clock stopped, and nobody earns points. Returns null
 * when the debate was no longer live.
 */
export async function abandon(
  deps: TDebatesDeps,
  debateId: number,
  options: { isCancel?: boolean; isEndedEarly?: boolean } = {},
): Promise<TDebate | null> {
  const changed = await inTransaction(deps.database, async (trx) => {
    const tx = repo.debatesDb(trx);
    const row = await requireDebate(deps, debateId, tx);
    if (row.status !== 'live') return false;
    const moved = await repo.transitionStatus(tx, debateId, ['live'], {
      status: 'abandoned',
      endedAt: nowIso(),
      ...(options.isCancel ? { cancelledAt: nowIso() } : {}),
      ...(options.isEndedEarly ? { endedEarlyAt: nowIso() } : {}),
      clock: stopRound(repo.clockFromRow(row), nowMs(deps)),
    });
    if (moved) await repo.releaseActiveDebaters(tx, debateId);
    return moved;
  });
  return changed ? emitDebateUpdated(deps, debateId) : null;
}

/**
 * The finished rounds a user debated (not live, not awaiting a ballot), newest first, older than round `beforeId`
 * when given: a profile's pages.
 */
export async function listFinishedDebatesOfUser(
  db: Kysely<DB>,
  userId: string,
  page: { beforeId: number | null; limit: number },
) {
  return resultsRepo.listFinishedDebatesOfUser(db, userId, page);
}

/**
 * The rounds `judgeId` judged, newest first, leaving out those in `excludedStatuses` (always at least the live ones)
 * and, when `beforeId` is given, those from round `beforeId` on. Served by the (judgeId, id) index of migration 0023.
 */
export async function listJudgedDebates(
  db: Kysely<DB>,
  judgeId: string,
  page: {
    beforeId: number | null;
    limit: number;
    excludedStatuses: readonly [TDebate['status'], ...TDebate['status'][]];
  },
) {
  return resultsRepo.listJudgedDebates(db, judgeId, page);
}

/** Ballots the user wrote and received (without the judge's identity), for "Download my data". */
export async function ballotsOfUser(deps: Pick<TDebatesDeps, 'database'>, userId: string) {
  const rows = await resultsRepo.listBallotsOfUser(db(deps), userId);
  return rows.map(({ judgeId, ownPoints, ...ballot }) => {
    const role = judgeId === userId ? ('wrote' as const) : ('received' as const);
    return { ...ballot, role, ownPoints: role === 'received' && ownPoints != null ? Number(ownPoints) : null };
  });
}

/** How a round ended, as a tournament's draw reads it (`outcomesOf`). */
export interface TRoundOutcome {
  status: TDebateStatus;
  /** Judged or forfeited with a winner: a result the next draw may count. */
  isConfirmed: boolean;
  winnerId: string | null;
  /** A side's ballot points by its first seat's debater; null without a ballot (a forfeit). */
  pointsOf: (userId: string) => number | null;
  /**
   * A side's points by any of its debaters: the sum of its debaters' own points on a ballot that scored each one (a
   * round of teams), else the side's; null without a ballot.
   */
  sidePointsOf: (userId: string) => number | null;
  /** A debater's own points (a ballot that scored each debater), else their side's; null without a ballot. */
  debaterPointsOf: (userId: string) => number | null;
  /** Who sits in (or sat in) the judge's seat; null: nobody. */
  judgeId: string | null;
  /** The ballot's reason for decision; null without a ballot. */
  reason: string | null;
}

/**
 * How each of these rounds ended, as a tournament's draw and tab read results: the winning debater, the judge, and
 * both sides' ballot points (null without a ballot: a forfeit), or `isConfirmed` false while the round has no result
 * (live, waiting for its ballot, or abandoned: nobody won).
 */
export async function outcomesOf(
  dbOrTrx: Kysely<DB>,
  debateIds: readonly number[],
): Promise<Map<number, TRoundOutcome>> {
  const rows = await resultsRepo.listOutcomes(dbOrTrx, debateIds);
  const own = new Map<number, { userId: string; side: string; points: number }[]>();
  for (const p of await resultsRepo.listDebaterPoints(dbOrTrx, debateIds)) {
    const id = Number(p.debateId);
    own.set(id, [...(own.get(id) ?? []), { userId: p.userId, side: p.side, points: Number(p.points) }]);
  }
  return new Map(
    rows.map((row) => {
      const winnerId = row.winnerSide === 'a' ? row.debaterAId : row.winnerSide === 'b' ? row.debaterBId : null;
      const isConfirmed = (row.status === 'judged' || row.status === 'forfeited') && winnerId !== null;
      const pointsOf = (userId: string) => {
        const points = userId === row.debaterAId ? row.speakerPointsA : row.speakerPointsB;
        return points === null || points === undefined ? null : Number(points);
      };
      const scored = own.get(Number(row.id)) ?? [];
      const sideOf = (userId: string) =>
        scored.find((p) => p.userId === userId)?.side ??
        (userId === row.debaterAId ? 'a' : userId === row.debaterBId ? 'b' : null);
      const sidePointsOf = (userId: string) => {
        const side = sideOf(userId);
        if (side === null) return null;
        const members = scored.filter((p) => p.side === side);
        if (members.length === 0) return pointsOf(side === 'a' ? row.debaterAId : row.debaterBId);
        return members.reduce((sum, p) => sum + p.points, 0);
      };
      const debaterPointsOf = (userId: string) => {
        const mine = scored.find((p) => p.userId === userId);
        if (mine) return mine.points;
        const side = sideOf(userId);
        return side === null ? null : pointsOf(side === 'a' ? row.debaterAId : row.debaterBId);
      };
      const outcome = {
        isConfirmed,
        winnerId,
        pointsOf,
        sidePointsOf,
        debaterPointsOf,
        status: row.status,
        judgeId: row.judgeId,
      };
      return [Number(row.id), { ...outcome, reason: row.reason ?? null }];
    }),
  );
}

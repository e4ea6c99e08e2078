/**
 * A tournament's schedule: each round's start (a fixed schedule) and when it releases itself, the check-in window
 * before each round, and the grace period after it. What the sequencer acts on and what `/tournaments/:id` shows.
 *
 * - `fixed`: round n releases at its start; check-in opens `checkInMinutes` before it.
 * - `when_ballots_in`: round 1 at its start (if the host gave one; else by hand); round n + 1 `pauseMinutes` after
 *   every result of round n is in, its check-in open from that moment.
 * - A released round's grace period ends `graceMinutes` after its release.
 */
import {
  suspensionRefusal,
  type TSessionUser,
  type TTournamentSchedule,
  type TTournamentScheduleRound,
} from '@resolved/shared';
import type { z } from 'zod';
import type { ZTournamentScheduleRequest } from '@resolved/shared';
import type { TConfig } from '../../config';
import { nowIso } from '../../db/database';
import { AppError, refuse } from '../../lib/errors';
import { findUserNames } from '../users/users.service';
import * as repo from './tournaments.repository';
import * as seqRepo from './tournament-sequencer.repository';
import { isManager, requireManager, requireViewer, type TTournamentsDeps } from './tournament-access';
import { emitChanged } from './tournament-events';
import type { TRoundRow, TTournamentRow } from './tournaments.tables';

export type TTournamentTimings = TConfig['tournamentTimings'];
export type TScheduleDeps = TTournamentsDeps & { timings: TTournamentTimings };

const MINUTE = 60_000;
const nowMsOf = (deps: TTournamentsDeps) => (deps.now ? deps.now() : Date.now());

/** One round number across the divisions (released and completed together). */
export interface TRoundGroup {
  number: number;
  status: 'draft' | 'released' | 'complete';
  startsAt: string | null;
  releasedAt: string | null;
  graceEndedAt: string | null;
  resultsInAt: string | null;
  releaseRefusal: string | null;
}

export function roundGroups(rows: readonly TRoundRow[]): TRoundGroup[] {
  const numbers = [...new Set(rows.map((r) => r.number))].sort((a, b) => a - b);
  return numbers.map((number) => {
    const own = rows.filter((r) => r.number === number);
    const first = own[0]!;
    const status = own.every((r) => r.status === 'draft')
      ? 'draft'
      : own.every((r) => r.status === 'complete')
        ? 'complete'
        : 'released';
    return {
      number,
      status,
      startsAt: first.startsAt,
      releasedAt: own.find((r) => r.releasedAt !== null)?.releasedAt ?? null,
      graceEndedAt: own.find((r) => r.graceEndedAt !== null)?.graceEndedAt ?? null,
      resultsInAt: own.find((r) => r.resultsInAt !== null)?.resultsInAt ?? null,
      releaseRefusal: first.releaseRefusal,
    };
  });
}

/** When a draft round's check-in opens and when it releases itself (ms; null: not known, or released by hand). */
export function planRound(
  row: Pick<TTournamentRow, 'scheduleMode'>,
  groups: readonly TRoundGroup[],
  group: TRoundGroup,
  timings: TTournamentTimings,
): { checkInOpensAt: number | null; releasesAt: number | null } {
  if (group.startsAt !== null) {
    const startsAt = Date.parse(group.startsAt);
    return { checkInOpensAt: startsAt - timings.checkInMinutes * MINUTE, releasesAt: startsAt };
  }
  const previous = groups.find((g) => g.number === group.number - 1);
  if (row.scheduleMode === 'when_ballots_in' && previous?.resultsInAt) {
    const resultsIn = Date.parse(previous.resultsInAt);
    return { checkInOpensAt: resultsIn, releasesAt: resultsIn + timings.pauseMinutes * MINUTE };
  }
  return { checkInOpensAt: null, releasesAt: null };
}

/** The round whose check-in is open now: the next draft round, once its window opened. */
export function checkInRoundOf(
  row: Pick<TTournamentRow, 'scheduleMode'>,
  groups: readonly TRoundGroup[],
  timings: TTournamentTimings,
  nowMs: number,
): number | null {
  const next = groups.find((g) => g.status === 'draft');
  if (!next) return null;
  const { checkInOpensAt } = planRound(row, groups, next, timings);
  return checkInOpensAt !== null && checkInOpensAt <= nowMs ? next.number : null;
}

/** The schedule as `/tournaments/:id` shows it; hosts also see who checked in and why a release was refused. */
export async function getSchedule(deps: TScheduleDeps, user: TSessionUser, id: number): Promise<TTournamentSchedule> {
  const { row, viewer } = await requireViewer(deps, user, id);
  const groups = roundGroups(await repo.listRounds(deps.database.db, id));
  const nowMs = nowMsOf(deps);
  const isHost = isManager(viewer);
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
  const rounds: TTournamentScheduleRound[] = groups.map((g) => {
    const plan = g.status === 'draft' ? planRound(row, groups, g, deps.timings) : null;
    return {
      number: g.number,
      status: g.status,
      startsAt: g.startsAt,
      checkInOpensAt: iso(plan?.checkInOpensAt ?? null),
      releasesAt: iso(plan?.releasesAt ?? null),
      releasedAt: g.releasedAt,
      graceEndsAt: g.releasedAt ? iso(Date.parse(g.releasedAt) + deps.timings.graceMinutes * MINUTE) : null,
      releaseRefusal: isHost ? g.releaseRefusal : null,
    };
  });
  const checkInRound = checkInRoundOf(row, groups, deps.timings, nowMs);
  const checkedInIds =
    checkInRound === null ? new Set<string>() : await seqRepo.listCheckIns(deps.database.db, id, checkInRound);
  const isActiveEntrant = !!viewer.entrant && viewer.entrant.withdrawnAt === null;
  let checkedIn: TTournamentSchedule['checkedIn'] = [];
  let notCheckedIn: TTournamentSchedule['notCheckedIn'] = [];
  if (isHost && checkInRound !== null) {
    const active = (await repo.listEntrants(deps.database.db, id)).filter((e) => e.withdrawnAt === null);
    const judges = await repo.listJudges(deps.database.db, id);
    const entrantIds = new Set(active.map((e) => e.userId));
    const names = await findUserNames(deps.database.db, [
      ...active.map((e) => e.userId),
      ...judges.map((j) => j.userId),
    ]);
    const nameOf = (userId: string) => names.get(userId) ?? 'Someone';
    checkedIn = [...checkedInIds]
      .filter((userId) => entrantIds.has(userId) || judges.some((j) => j.userId === userId))
      .map((userId) => ({
        userId,
        displayName: nameOf(userId),
        role: entrantIds.has(userId) ? ('entrant' as const) : ('judge' as const),
      }))
      .sort((a, b) => a.displayName.localeCompare(b.displayName));
    notCheckedIn = active
      .filter((e) => !checkedInIds.has(e.userId))
      .map((e) => ({ userId: e.userId, displayName: nameOf(e.userId) }))
      .sort((a, b) => a.displayName.localeCompare(b.displayName));
  }
  return {
    tournamentId: id,
    scheduleMode: row.scheduleMode,
    checkInMinutes: deps.timings.checkInMinutes,
    graceMinutes: deps.timings.graceMinutes,
    pauseMinutes: deps.timings.pauseMinutes,
    rounds,
    checkInRound,
    viewer: {
      isCheckedIn: checkedInIds.has(user.id),
      canCheckIn: checkInRound !== null && (isActiveEntrant || viewer.isJudge) && row.status !== 'finished',
    },
    checkedIn,
    notCheckedIn,
  };
}

/** An active entrant or a judge of the pool checks in for the round whose check-in is open. */
export async function checkIn(deps: TScheduleDeps, user: TSessionUser, id: number): Promise<TTournamentSchedule> {
  const { row, viewer } = await requireViewer(deps, user, id);
  const isActiveEntrant = !!viewer.entrant && viewer.entrant.withdrawnAt === null;
  if (!isActiveEntrant && !viewer.isJudge) {
    throw new AppError('forbidden', 'Only the tournament’s entrants and judges check in.');
  }
  // The seat rule: a suspended account takes no seat, so it does not check in for one.
  refuse(suspensionRefusal(user, nowMsOf(deps)));
  if (row.status === 'finished') throw new AppError('conflict', 'This tournament is over.');
  const groups = roundGroups(await repo.listRounds(deps.database.db, id));
  const number = checkInRoundOf(row, groups, deps.timings, nowMsOf(deps));
  if (number === null) {
    throw new AppError('conflict', 'Check-in is not open: it opens before the next round (see the schedule).');
  }
  if (
    !(await seqRepo.insertCheckIn(deps.database.db, {
      tournamentId: id,
      roundNumber: number,
      userId: user.id,
      checkedInAt: nowIso(),
    }))
  ) {
    throw new AppError('conflict', `You have checked in for round ${number} already.`);
  }
  await emitChanged(deps, id);
  return getSchedule(deps, user, id);
}

type TScheduleInput = z.output<typeof ZTournamentScheduleRequest>;

/**
 * A host sets the starts of rounds `fromRound` on (each still a draft; a `when_ballots_in` tournament's round 1
 * only): in the future (the request's schema), increasing, and after the start of the round before.
 */
export async function setSchedule(
  deps: TScheduleDeps,
  user: TSessionUser,
  id: number,
  input: TScheduleInput,
): Promise<TTournamentSchedule> {
  const { row } = await requireManager(deps, user, id);
  if (row.status === 'finished') throw new AppError('conflict', 'This tournament is over.');
  const last = input.fromRound + input.startsAt.length - 1;
  if (row.scheduleMode === 'when_ballots_in' && (input.fromRound !== 1 || input.startsAt.length !== 1)) {
    throw new AppError(
      'validation_failed',
      'When rounds follow the ballots, only round 1 has a start: the next rounds start when the ballots are in.',
    );
  }
  if (last > row.prelimRounds) {
    throw new AppError('validation_failed', `This tournament has ${row.prelimRounds} preliminary rounds.`);
  }
  const groups = roundGroups(await repo.listRounds(deps.database.db, id));
  const previous = groups.find((g) => g.number === input.fromRound - 1);
  if (previous?.startsAt && Date.parse(input.startsAt[0]!) <= Date.parse(previous.startsAt)) {
    throw new AppError('validation_failed', `Round ${input.fromRound} must start after round ${previous.number}.`);
  }
  for (let n = input.fromRound; n <= last; n++) {
    if (groups.find((g) => g.number === n)?.status !== 'draft') {
      throw new AppError('conflict', `Round ${n} has been released already: its start cannot change.`);
    }
  }
  for (const [index, startsAt] of input.startsAt.entries()) {
    if (!(await seqRepo.setRoundStart(deps.database.db, id, input.fromRound + index, startsAt))) {
      throw new AppError('conflict', `Round ${input.fromRound + index} has been released already.`);
    }
  }
  await emitChanged(deps, id);
  return getSchedule(deps, user, id);
}

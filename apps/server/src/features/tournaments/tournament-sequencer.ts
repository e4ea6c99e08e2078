/**
 * The tournament's sequencer: the rounds run with nobody at the desk (Lichess's per-tournament director). One job per
 * tournament on the one scheduler (`SEQUENCER_JOB`, keyed by the tournament's id, claimed in the database so one
 * instance runs it). It **reconciles**: each wake reads from the database what is due and does it, each step
 * idempotent, so a crash or a lost event only delays work to the next wake (at the latest `RECONCILE_MS` later while
 * the tournament runs, and at every start-up):
 *
 * 0. The results of record: each division's bracket is brought to the confirmed elimination results (a corrected one
 *    moves its winner), and the tournament is finished when its last round is decided (with a break, every final;
 *    with none, every preliminary debate) — `reconcileResults`. The round's event only wakes this sooner.
 * 1. The grace period of a released round ended: an entrant none of whose debaters opened their room (a team: no
 *    member; one member who came keeps the team in) forfeits it through the rounds' own forfeit (`results.forfeit`,
 *    by absence: the opponent wins, the result is confirmed); neither came: the round is abandoned and counts for
 *    neither. In a British Parliamentary room each absent team forfeits alone, the room playing on without it
 *    (`tournament-bp-grace.ts`). Each such entrant has a no-show (two withdraw them). A judge seated before the grace
 *    period ended who never came (a panel's judge in any seat too) is replaced by a standby (checked in, not seated
 *    this round, allowed by `planJudges`), or a single judge's seat is emptied so the hosts see the room unjudged
 *    (`tournament-standbys.ts`). Each of these is done once however often it runs (a debate no longer live is left
 *    alone, a no-show counts once, a standby seated after the grace period is not absent), and the round's mark
 *    (`graceEndedAt`) is written last: a crash part-way leaves it unmarked, and the next wake finishes the work.
 * 2. Every result of the last released round is in: the time is kept (`when_ballots_in` pauses from it).
 * 3. The next draft round is due (its fixed start, or the pause after the ballots): it is released as a host would
 *    (`releaseRoundBy`, with no host), drawing only those who checked in. A refused release (a round not over,
 *    someone still in another round, too few checked in) is kept for the hosts, told to them, and tried again.
 *
 * The job is woken whenever the tournament changes (a ballot, an entry, a check-in, a release) and plans itself at
 * the next moment something falls due.
 */
import { REALTIME_ROOMS, type TTournamentReleaseDelayed } from '@resolved/shared';
import type { FastifyBaseLogger } from 'fastify';
import { nowIso } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../lib/errors';
import type { Scheduler } from '../../lib/scheduler/scheduler';
import { panelArrivalsOf } from '../debates/panels.service';
import * as rounds from '../debates/rounds.service';
import * as results from '../results/results.service';
import { reconcileResults } from './tournament-elimination';
import { endBpGrace } from './tournament-bp-grace';
import { areBpRoomsIn, bpRoomsOf } from './tournament-bp-records';
import type { TTournamentRow } from './tournaments.tables';
import { doubleNoShows, hasUndecidedPairing, pairingKey, recordNoShows } from './tournament-no-shows';
import { planRound, roundGroups, type TScheduleDeps } from './tournament-schedule';
import * as seqRepo from './tournament-sequencer.repository';
import { absentJudgesOf, seatStandbys, type TAbsentJudge } from './tournament-standbys';
import * as repo from './tournaments.repository';
import { withKeyLock } from '../../lib/key-lock';
import { lockKey } from './tournament-access';
import { emitChanged } from './tournament-events';
import { releaseRoundBy } from './tournament-release';

/** The scheduler's job: one tournament's sequencer (key: the tournament's id). */
export const SEQUENCER_JOB = 'tournaments.sequencer';
/** A refused automatic release is tried again after this long. */
export const RELEASE_RETRY_MS = 60_000;
/**
 * While a tournament runs, the sequencer looks again at least this often, whatever it planned: what a lost event or
 * a dead instance left undone (a final's ballot whose handler never ran) is found within this time.
 */
export const RECONCILE_MS = 5 * 60_000;
const MINUTE = 60_000;

/** The steps of a wake, in order (`onStep` is called after each: the lifecycle test injects a crash there). */
export type TSequencerStep = 'reconciled' | 'no_shows' | 'forfeit' | 'standby' | 'grace_ended' | 'results_in';

export interface TSequencer {
  deps: TScheduleDeps;
  scheduler: Pick<Scheduler, 'at'>;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  /** Called after each step of a wake (tests: a step that throws is a crash between two steps). */
  onStep?: (step: TSequencerStep, tournamentId: number) => void | Promise<void>;
}

const stepDone = async (seq: TSequencer, step: TSequencerStep, tournamentId: number) => {
  if (seq.onStep) await seq.onStep(step, tournamentId);
};

const nowMsOf = (seq: TSequencer) => (seq.deps.now ? seq.deps.now() : Date.now());

/** Runs the sequencer of one tournament now (on whichever instance claimed its job), then plans its next run. */
export async function runSequencer(seq: TSequencer, tournamentId: number): Promise<void> {
  const { deps } = seq;
  const db = deps.database.db;
  const row = await repo.findTournament(db, tournamentId);
  if (!row || row.status === 'finished') return;
  const nowMs = nowMsOf(seq);
  const wakeAt: number[] = row.status === 'running' ? [nowMs + RECONCILE_MS] : [];

  // 0. The brackets and the finish, from the results of record.
  const isFinished = await withKeyLock(deps.database, lockKey(tournamentId), async (trx) => {
    const tournament = await repo.findTournament(trx, tournamentId);
    return tournament ? reconcileResults(trx, tournament) : false;
  });
  await stepDone(seq, 'reconciled', tournamentId);
  if (isFinished) {
    seq.log.info({ tournamentId }, 'tournament finished');
    await emitChanged(deps, tournamentId);
    return;
  }

  // The rounds are read again only after a step changed them.
  let groups = roundGroups(await repo.listRounds(db, tournamentId));
  // 1. Grace periods that ended.
  let hasChanged = false;
  for (const group of groups) {
    if (group.status === 'draft' || group.releasedAt === null || group.graceEndedAt !== null) continue;
    const graceEnd = Date.parse(group.releasedAt) + deps.timings.graceMinutes * MINUTE;
    if (nowMs >= graceEnd) {
      await endGrace(seq, row, group.number, graceEnd, nowMs);
      hasChanged = true;
    } else wakeAt.push(graceEnd);
  }
  if (hasChanged) groups = roundGroups(await repo.listRounds(db, tournamentId));

  // 2. A released round whose every result is in.
  hasChanged = false;
  for (const group of groups) {
    if (group.status !== 'released' || group.resultsInAt !== null) continue;
    if (await areResultsIn(seq, row, group.number)) {
      await seqRepo.markResultsIn(db, tournamentId, group.number, new Date(nowMs).toISOString());
      hasChanged = true;
      await stepDone(seq, 'results_in', tournamentId);
      // What reads it is the schedule (the next release, when it waits for the ballots); each result was told.
      await emitChanged(deps, tournamentId, ['schedule']);
    }
  }
  if (hasChanged) groups = roundGroups(await repo.listRounds(db, tournamentId));

  // 3. The next draft round, when due.
  const next = groups.find((g) => g.status === 'draft');
  if (next) {
    const { releasesAt } = planRound(row, groups, next, deps.timings);
    if (releasesAt !== null && nowMs >= releasesAt) {
      const retryAt = await release(seq, tournamentId, next.number, nowMs, next.releaseRefusal);
      wakeAt.push(retryAt ?? nowMs + deps.timings.graceMinutes * MINUTE);
    } else if (releasesAt !== null) {
      wakeAt.push(releasesAt);
    }
  }
  if (wakeAt.length > 0) await seq.scheduler.at(SEQUENCER_JOB, String(tournamentId), Math.min(...wakeAt));
}

/**
 * Releases round `number` with nobody at the desk; returns when to try again if it was refused. The hosts are told
 * of a refusal when its reason is new (`lastRefusal`, kept on the round), not again at every minute's retry.
 */
async function release(
  seq: TSequencer,
  tournamentId: number,
  number: number,
  nowMs: number,
  lastRefusal: string | null,
): Promise<number | null> {
  const db = seq.deps.database.db;
  try {
    await releaseRoundBy(seq.deps, null, tournamentId, number, { isCheckedInOnly: true });
    await seqRepo.setReleaseRefusal(db, tournamentId, number, null);
    seq.log.info({ tournamentId, number }, 'tournament round released on schedule');
    return null;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    // Released meanwhile (a host, or another run): nothing to do.
    if (error.reason === 'round_released') return null;
    const retryAt = nowMs + RELEASE_RETRY_MS;
    if (error.message === lastRefusal) return retryAt;
    seq.log.warn({ tournamentId, number, reason: error.message }, 'tournament round release refused; retrying');
    await seqRepo.setReleaseRefusal(db, tournamentId, number, error.message);
    const row = await repo.findTournament(db, tournamentId);
    const hosts = [...(row?.hostId ? [row.hostId] : []), ...(await repo.listCohostIds(db, tournamentId))];
    const payload: TTournamentReleaseDelayed = {
      tournamentId,
      roundNumber: number,
      reason: error.message,
      retryAt: new Date(retryAt).toISOString(),
    };
    for (const userId of hosts) {
      seq.deps.events.emit({ name: 'tournament.release_delayed', room: REALTIME_ROOMS.user(userId), payload });
    }
    await emitChanged(seq.deps, tournamentId);
    return retryAt;
  }
}

/** Every debate of round `number` has a confirmed result, or is one neither debater came to. */
async function areResultsIn(
  seq: TSequencer,
  tournament: Pick<TTournamentRow, 'id' | 'formatId'>,
  number: number,
): Promise<boolean> {
  const db = seq.deps.database.db;
  const tournamentId = tournament.id;
  // British Parliamentary: every room's ranked ballot (or an abandoned room).
  if (tournament.formatId === 'bp') return areBpRoomsIn(await bpRoomsOf(db, tournamentId), number);
  if (await hasUndecidedPairing(db, tournamentId, number)) return false;
  // Every pairing read once: the double no-shows are found among the same rows.
  const all = await repo.listPairings(db, tournamentId);
  const pairings = all.filter((p) => p.number === number && !p.isBye);
  const outcomes = await results.outcomesOf(
    db,
    pairings.flatMap((p) => (p.debateId === null ? [] : [p.debateId])),
  );
  const neitherCame = await doubleNoShows(db, tournamentId, all);
  return pairings.every(
    (p) => neitherCame.has(pairingKey(p)) || (p.debateId !== null && outcomes.get(p.debateId)?.isConfirmed),
  );
}

/**
 * The end of round `number`'s grace period (`graceEnd`): absent debaters forfeit (or, both absent, the round is
 * abandoned), each with a no-show; absent judges are replaced by standbys, or a single judge unseated. An absent
 * judge of a panel (the chair or seat 2 or 3) is only replaced: without a standby the seat is kept, since the panel's
 * other judges still decide by their majority and a panel without its chair would have no judge's seat at all. A
 * British Parliamentary round's rooms of four teams are read by `endBpGrace` (each absent team forfeits alone). Each
 * step is idempotent and in its own transaction; the round is marked (`markGraceEnded`) only when all are done.
 */
async function endGrace(
  seq: TSequencer,
  tournament: Pick<TTournamentRow, 'id' | 'formatId'>,
  number: number,
  graceEnd: number,
  nowMs: number,
): Promise<void> {
  const { deps } = seq;
  const tournamentId = tournament.id;
  const graceEndIso = new Date(graceEnd).toISOString();
  const { judgeAway, seated } =
    tournament.formatId === 'bp'
      ? await endBpGrace(seq, tournamentId, number, graceEndIso)
      : await endPairingsGrace(seq, tournamentId, number, graceEndIso);
  if (judgeAway.length > 0) await seatStandbys(seq, tournamentId, number, judgeAway, seated, nowMs);
  await seqRepo.markGraceEnded(deps.database.db, tournamentId, number, new Date(nowMs).toISOString());
  await stepDone(seq, 'grace_ended', tournamentId);
  await emitChanged(deps, tournamentId);
}

/**
 * The two-sided pairings of round `number` at the end of its grace period: an absent side forfeits (both absent: the
 * round is abandoned), each with a no-show. Returns the judges absent from the rooms still played, and every judge
 * seated this round.
 */
async function endPairingsGrace(
  seq: TSequencer,
  tournamentId: number,
  number: number,
  graceEndIso: string,
): Promise<TGraceJudges> {
  const { deps } = seq;
  const db = deps.database.db;
  const tx = rounds.debatesDb(db);
  const pairings = (await repo.listPairings(db, tournamentId)).filter(
    (p) => p.number === number && !p.isBye && p.debateId !== null && p.negEntrantId !== null,
  );
  const panelSeats = await panelArrivalsOf(
    db,
    pairings.map((p) => p.debateId!),
  );
  // Every judge seated this round, a panel's too: none of them is another room's standby.
  const seated = new Set<string>(panelSeats.map((s) => s.userId));
  const judgeAway: TAbsentJudge[] = [];
  const seatsByRound = new Map<number, { side: string; userId: string; joinedAt: string | null }[]>();
  for (const seat of await rounds.seatsOfRounds(
    db,
    pairings.map((p) => p.debateId!),
  )) {
    seatsByRound.set(seat.debateId, [...(seatsByRound.get(seat.debateId) ?? []), seat]);
  }
  for (const p of pairings) {
    const debate = await rounds.findDebate(tx, p.debateId!);
    if (!debate) continue;
    if (debate.judgeId) seated.add(debate.judgeId);
    if (debate.status !== 'live') continue;
    // A team is absent only when none of its members came: one member in the room keeps it in the round (the
    // forfeit watch then waits for that member alone). The first seat's arrival is also on the round's row.
    const seats = seatsByRound.get(Number(debate.id)) ?? [];
    const isAway = (side: 'a' | 'b', firstJoinedAt: string | null) =>
      firstJoinedAt === null && !seats.some((s) => s.side === side && s.joinedAt !== null);
    const affAway = isAway('a', debate.debaterAJoinedAt);
    const negAway = isAway('b', debate.debaterBJoinedAt);
    const away = [...(affAway ? [p.affEntrantId] : []), ...(negAway ? [p.negEntrantId!] : [])];
    if (away.length > 0) {
      const withdrawn = await inTransaction(deps.database, (trx) =>
        recordNoShows(trx, tournamentId, number, away, 'absent', nowIso()),
      );
      if (withdrawn.length > 0) seq.log.info({ tournamentId, withdrawn }, 'entrants withdrawn after two no-shows');
      await stepDone(seq, 'no_shows', tournamentId);
    }
    if (affAway && negAway) {
      await results.abandon(deps, debate.id);
      await stepDone(seq, 'forfeit', tournamentId);
    } else if (affAway || negAway) {
      // None of the side's members came: each of them is struck, not only its first seat.
      const side = affAway ? 'a' : 'b';
      const firstId = affAway ? debate.debaterAId : debate.debaterBId;
      const absentIds = [firstId, ...seats.filter((s) => s.side === side).map((s) => s.userId)];
      await results.forfeit(deps, debate.id, firstId, { absentIds });
      await stepDone(seq, 'forfeit', tournamentId);
    } else {
      const panel = panelSeats.filter((s) => s.debateId === Number(debate.id));
      const room = { debateId: debate.id, entrantIds: [p.affEntrantId, p.negEntrantId!] };
      judgeAway.push(...absentJudgesOf(debate, panel, room, graceEndIso));
    }
  }
  return { judgeAway, seated };
}

/** What a round's rooms leave for the standbys: the judges absent at the grace period's end, and who is seated. */
export interface TGraceJudges {
  judgeAway: TAbsentJudge[];
  seated: ReadonlySet<string>;
}

/** Makes the tournament's sequencer due now (a change may have made something due). */
export async function wakeSequencer(scheduler: Pick<Scheduler, 'at'>, tournamentId: number, nowMs: number) {
  await scheduler.at(SEQUENCER_JOB, String(tournamentId), nowMs);
}

/** At start-up: every unfinished tournament's sequencer runs once (a pending one keeps its time). */
export async function restoreSequencers(seq: TSequencer): Promise<void> {
  for (const id of await seqRepo.listUnfinishedIds(seq.deps.database.db)) {
    await seq.scheduler.at(SEQUENCER_JOB, String(id), nowMsOf(seq), undefined, { ifAbsent: true });
  }
}

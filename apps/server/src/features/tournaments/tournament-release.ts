/**
 * The release of a round's draw: exactly once across instances, from the confirmed results, opening one ordinary
 * round of kind `tournament` per pairing with its judges, and telling each entrant and judge.
 */
import {
  createClock,
  eliminationRoundsOf,
  REALTIME_ROOMS,
  seatUnavailableRefusal,
  type TSessionUser,
  type TTournamentRound,
  type TBpSide,
  type TTournamentRoundReleased,
  roundName,
} from '@resolved/shared';
import type { Kysely, Transaction } from 'kysely';
import { nowIso } from '../../db/database';
import type { DB } from '../../db/schema';
import { AppError, refused } from '../../lib/errors';
import { lockKeys, withKeyLock } from '../../lib/key-lock';
import { blockGraphAmong } from '../blocks/blocks.service';
import * as rounds from '../debates/rounds.service';
import { deleteQueueEntry, lockMatching } from '../matchmaking/queue.service';
import { drawResolutions } from '../motions/motions.service';
import { findCurrentTopic } from '../topics/topics.service';
import { ratingsOf } from '../users/ratings.service';
import { displayedRating } from '../../lib/ratings/ratings';
import { seatRefusalsAmong } from '../users/seats';
import { findUserNames } from '../users/users.service';
import { planJudges } from './tournament-judges';
import { roundMotion } from './tournament-judging';
import { checkPrelimsReleased, lastRoundOf, planEliminationRound, reconcileResults } from './tournament-elimination';
import { recordNoShows } from './tournament-no-shows';
import * as seqRepo from './tournament-sequencer.repository';
import { panelSizeOf } from './tournament-panels';
import { seatPanels } from '../debates/panels.service';
import * as repo from './tournaments.repository';
import type { TEntrantRow, TTournamentRow } from './tournaments.tables';
import { type TTournamentsDeps, lockKey, requireTournament, requireManager } from './tournament-access';
import { emitChanged } from './tournament-events';
import { presentDivision, presentRounds } from './tournament-presenter';
import { ageOf } from './tournament-entry';
import { isTeamComplete, memberIdsOf, teamSeats, teamsOf, teamsThatMayNotSit, type TTeams } from './tournament-teams';
import { confirmedRecords } from './tournament-records';
import { applyBpRelease, type TBpReleased } from './tournament-bp-release';
import { checkStart, planPairings, refuseRound, seatableField, type TPlannedPairing } from './tournament-release-plan';

/**
 * Releases preliminary round `number`: exactly once, whichever host asks and on whichever instance. Round 1 starts the
 * tournament (at least 2 entrants, no division of one, a break no larger than any division's field); a later round
 * needs every result of the one before it confirmed. In one transaction: the claim (every division's round moves
 * from draft to released in one conditional UPDATE), the pure draw per division from the confirmed results, one
 * ordinary round of kind `tournament` per debate, and the pairings naming them. Each entrant is then told.
 */
export async function releaseRound(
  deps: TTournamentsDeps,
  user: TSessionUser,
  id: number,
  number: number,
): Promise<TTournamentRound> {
  await requireManager(deps, user, id);
  return releaseRoundBy(deps, user.id, id, number);
}

/**
 * Draws round `number` of every division and opens its rooms, exactly once across instances (the claim in
 * `claimRelease`). `releasedBy`: the host who released it, or null when the tournament released it itself.
 */
export async function releaseRoundBy(
  deps: TTournamentsDeps,
  releasedBy: string | null,
  id: number,
  number: number,
  options: { isCheckedInOnly?: boolean; takeBack?: (trx: Transaction<DB>) => Promise<void> } = {},
): Promise<TTournamentRound> {
  const row = await requireTournament(deps, id);
  if (number > lastRoundOf(row)) {
    throw new AppError(
      'not_found',
      `This tournament has ${row.prelimRounds} preliminary rounds and ${eliminationRoundsOf(row)} elimination rounds; there is no round ${number}.`,
    );
  }
  const nowMs = deps.now ? deps.now() : Date.now();
  // One transaction under the tournament's lock: the claim, the plan (pure) and its writes.
  const released = await withKeyLock(deps.database, lockKey(id), async (trx) => {
    if (options.takeBack) await options.takeBack(trx); // A host's re-pair takes the round back in this transaction.
    const claim = await claimRound(deps, trx, { id, number, releasedBy, nowMs, ...options });
    const { teams } = claim;
    // Every member of every team: the rules (blocks, minors, judges' conflicts) read all of them.
    const everyone = claim.entrants.flatMap((e) => memberIdsOf(teams, e));
    const names = await findUserNames(trx, everyone);
    const nameOf = (userId: string) => names.get(userId) ?? 'Someone';
    const minors = await ageOf(trx, everyone);
    if (claim.tournament.formatId === 'bp') {
      const bp = await applyBpRelease(deps, trx, { ...claim, number, minors, everyone, nowMs });
      return {
        tournament: claim.tournament,
        planned: [],
        leftOut: claim.leftOut,
        isWalkover: false,
        teams,
        ids: new Map<string, number>(),
        ...bp,
      };
    }
    const ratings = await ratingsOf(trx, claim.tournament.formatId, everyone);
    const isBlocked = await blockGraphAmong(trx, everyone);
    const planned = planPairings({
      formatId: claim.tournament.formatId,
      firstRound: claim.tournament.firstRound,
      rounds: claim.claimed,
      fields: claim.fields,
      records: claim.records,
      bracketPlans: claim.bracketPlans,
      entrantsById: claim.entrantsById,
      unseatable: claim.unseatable,
      ratings: new Map([...ratings].map(([userId, r]) => [userId, displayedRating(r)])),
      minors,
      isBlocked,
      nameOf,
      divisionName: claim.divisionName,
      ...(claim.tournament.teamSize > 1 ? { membersOf: (e: TEntrantRow) => memberIdsOf(teams, e) } : {}),
    });
    const applied = await applyRelease(deps, trx, {
      tournament: claim.tournament,
      number,
      planned,
      minors,
      everyone,
      nameOf,
      nowMs,
      teams,
    });
    // A walkover is a result: the bracket records it now (and a final decided so finishes the tournament).
    if (planned.some((p) => p.walkoverFrom !== null)) await reconcileResults(trx, claim.tournament);
    // Told to the hosts: a preliminary round's field left without them, an elimination round's walkovers they gave.
    const leftOut = claim.bracketPlans
      ? planned.flatMap((p) => (p.walkoverFrom && claim.unseatable.has(p.walkoverFrom.userId) ? [p.walkoverFrom] : []))
      : claim.leftOut;
    return {
      tournament: claim.tournament,
      planned,
      leftOut,
      isWalkover: Boolean(claim.bracketPlans),
      teams,
      ...applied,
      debaters: [],
    };
  });
  announceRelease(deps, released.tournament, number, { ...released, teams: released.teams });
  await tellLeftOut(deps, released.tournament, number, released.leftOut, released.isWalkover);
  await emitChanged(deps, id);
  const round = (await presentRounds(deps, id)).find((r) => r.number === number);
  if (!round) throw new Error('A released round was not found after its release.');
  return round;
}

/**
 * The claim of round `number` and what its plan reads: the checks (not finished, not released, the round before
 * released), the field (checked-in entrants only when the tournament releases it itself; the others are no-shows),
 * the confirmed records, an elimination round's bracket matches, the start (round 1), and the claim itself (every
 * division's draft row moves to released in one conditional UPDATE: from here this transaction is the one release).
 */
async function claimRound(
  deps: TTournamentsDeps,
  trx: Kysely<DB>,
  input: { id: number; number: number; releasedBy: string | null; nowMs: number; isCheckedInOnly?: boolean },
) {
  const { id, number } = input;
  const tournament = await requireTournament(deps, id, trx);
  const isElimination = number > tournament.prelimRounds;
  if (tournament.status === 'finished') throw new AppError('conflict', 'This tournament is over.');
  const roundRows = await repo.listRounds(trx, id);
  const target = roundRows.filter((r) => r.number === number);
  if (target.length > 0 && target.every((r) => r.status !== 'draft')) throw alreadyReleased(number);
  checkPrelimsReleased(tournament, number, roundRows);
  if (number > 1 && roundRows.some((r) => r.number === number - 1 && r.status === 'draft')) {
    throw new AppError('conflict', `Release round ${number - 1} first.`);
  }
  const divisions = await repo.listDivisions(trx, id);
  const allEntrants = await repo.listEntrants(trx, id);
  const teams = await teamsOf(trx, id);
  // A team is drawn once every member has confirmed it (until then it is not in the field).
  let entrants = allEntrants.filter((e) => e.withdrawnAt === null && isTeamComplete(teams, e.id));
  if (input.isCheckedInOnly && !isElimination) {
    // Released by the tournament itself: whoever did not check in sits this round out as a no-show (with the claim).
    // An elimination round is drawn from the bracket whatever check-in says: an absent debater forfeits at grace's end.
    const checkedIn = await seqRepo.listCheckIns(trx, id, number);
    // A team is checked in when every member is.
    const isIn = (e: TEntrantRow) => memberIdsOf(teams, e).every((userId) => checkedIn.has(userId));
    const missing = entrants.filter((e) => !isIn(e)).map((e) => e.id);
    await recordNoShows(trx, id, number, missing, 'not_checked_in', nowIso());
    entrants = entrants.filter(isIn);
    if (number > 1 && entrants.length < 2) {
      throw new AppError(
        'conflict',
        `Round ${number} needs at least 2 entrants checked in; ${entrants.length} ${entrants.length === 1 ? 'has' : 'have'}.`,
      );
    }
  }
  // Whoever may not take a seat now (the seat rule) is never a reason to stop (the hosts are told): a preliminary
  // round is drawn without them; in an elimination round (whose bracket still holds them) their opponents go through.
  // A team one of whose members may not take a seat is unseatable as a whole (named by its captain).
  const refusedMembers = await seatRefusalsAmong(
    trx,
    entrants.flatMap((e) => memberIdsOf(teams, e)),
    input.nowMs,
  );
  const unseatable = new Set(
    entrants.filter((e) => memberIdsOf(teams, e).some((userId) => refusedMembers.has(userId))).map((e) => e.userId),
  );
  // So is a team whose members may no longer sit together (a block between partners since the entry, and the like).
  if (tournament.teamSize > 1) {
    const apart = entrants.filter((e) => !unseatable.has(e.userId));
    for (const userId of await teamsThatMayNotSit(trx, tournament.formatId, apart, teams, input.nowMs)) {
      unseatable.add(userId);
    }
  }
  let leftOut: TEntrantRow[] = [];
  if (!isElimination) ({ field: entrants, leftOut } = seatableField(entrants, unseatable));
  const fields = new Map(divisions.map((d) => [d.id, entrants.filter((e) => e.divisionId === d.id)]));
  const divisionName = (divisionId: number) => {
    const division = divisions.find((d) => d.id === divisionId);
    return division ? presentDivision(division).name : 'A division';
  };
  if (number === 1) checkStart(tournament, entrants.length, fields, divisionName);
  // British Parliamentary reads its rooms' ranked ballots instead (`applyBpRelease`).
  const isBp = tournament.formatId === 'bp';
  const records = isBp ? new Map() : await confirmedRecords(trx, id, number, fields, divisionName);
  // An elimination round is paired from each division's bracket (made from the tab at the first one).
  const bracketPlans =
    isElimination && !isBp ? await planEliminationRound(trx, tournament, number, fields, records, divisionName) : null;
  // Round 1 starts the tournament; a re-paired round 1 (`tournament-host.ts`) finds it started already.
  if (number === 1 && tournament.status === 'registration' && !(await repo.markStarted(trx, id, nowIso()))) {
    throw alreadyReleased(number);
  }
  // The claim: from here this transaction is the one release of the round (another waits, then finds none).
  const claimed = await repo.claimRelease(trx, id, number, input.releasedBy, nowIso());
  if (claimed.length === 0) throw alreadyReleased(number);
  await repo.markComplete(trx, id, number - 1, nowIso());
  return {
    tournament,
    entrants,
    leftOut,
    fields,
    records,
    bracketPlans,
    entrantsById: new Map(allEntrants.map((e) => [e.id, e])),
    unseatable,
    teams,
    divisionName,
    claimed: claimed.map((r) => ({ roundId: Number(r.id), divisionId: Number(r.divisionId), seed: r.seed })),
  };
}

/**
 * Writes a planned release: the judges (`planJudges`), every seat locked as a coach's pairing locks them, one ordinary
 * round of kind `tournament` per debate with its resolution (a Parli round's motion), the pairings and the panels.
 * Refuses when a debater may not take a seat now or is in another debate.
 */
async function applyRelease(
  deps: TTournamentsDeps,
  trx: Kysely<DB>,
  input: {
    tournament: TTournamentRow;
    number: number;
    planned: readonly TPlannedPairing<TEntrantRow>[];
    minors: ReadonlyMap<string, boolean>;
    everyone: readonly string[];
    nameOf: (userId: string) => string;
    nowMs: number;
    teams: TTeams;
  },
) {
  const { tournament, number, planned, minors, nameOf, nowMs, teams } = input;
  const id = tournament.id;
  const debates = planned.filter((p) => p.neg !== null);
  // Every member of both teams sits in the round, in the format's positions in member order.
  const seatsOf = (p: TPlannedPairing<TEntrantRow>) => [
    ...teamSeats(tournament.formatId, 'a', memberIdsOf(teams, p.aff)),
    ...teamSeats(tournament.formatId, 'b', memberIdsOf(teams, p.neg!)),
  ];
  const debaters = debates.flatMap((p) => seatsOf(p).map((seat) => seat.userId));
  // As a coach's pairing: queue sweeps (which seat the same people) wait, and every seat is locked.
  const tx = rounds.debatesDb(trx);
  await lockMatching(tx, deps.database.engine, { isShared: true });
  await lockKeys(
    trx,
    deps.database.engine,
    debaters.map((userId) => `user:${userId}`),
  );
  // Judges from the pool (`planJudges`), each seated with the round; their seats are locked as the debaters' are.
  const judges = await planJudges(trx, {
    tournamentId: id,
    roundNumber: number,
    rooms: debates.map((p) => ({
      aff: p.aff,
      neg: p.neg!,
      ...(tournament.teamSize > 1 ? { members: seatsOf(p).map((seat) => seat.userId) } : {}),
    })),
    minors,
    entrantUserIds: [...input.everyone],
    nowMs,
    panelSize: panelSizeOf(tournament, number),
  });
  await lockKeys(
    trx,
    deps.database.engine,
    judges.flat().map((userId) => `user:${userId}`),
  );
  const unseatable = await seatRefusalsAmong(trx, debaters, nowMs);
  const unavailable = debaters.find((userId) => unseatable.has(userId));
  if (unavailable) refuseRound(seatUnavailableRefusal(nameOf(unavailable)));
  const busy = await rounds.findActiveUserIds(tx, debaters);
  if (busy.size > 0) {
    throw new AppError(
      'conflict',
      `${[...busy].map(nameOf).join(', ')} ${busy.size === 1 ? 'is' : 'are'} in another debate right now: release the round when it is over.`,
    );
  }
  const topic = await findCurrentTopic(trx);
  if (!topic) throw refused('no_topic');
  const resolutions = await drawResolutions(trx, tournament.formatId, debates.length, topic, deps.random);
  // A Parli round's motion, set by the host, is the resolution of every room of the round.
  const motion = tournament.formatId === 'parli' ? await roundMotion(trx, id, number) : null;
  const clock = createClock(tournament.formatId);
  const now = nowIso();
  const ids = await rounds.insertDebates(
    tx,
    debates.map((p, index) => ({
      kind: 'tournament' as const,
      formatId: tournament.formatId,
      resolution: motion ?? resolutions[index]!.resolution,
      topicId: motion === null ? resolutions[index]!.topicId : null,
      debaterAId: p.aff.userId,
      debaterBId: p.neg!.userId,
      seats: seatsOf(p),
      // A panel's chair is the round's judge; the panel's seats are `seatPanels`'.
      judgeId: judges[index]?.[0] ?? null,
      teamId: null,
      startsAt: null,
      // Public Forum: the coin flip's winner chooses in the room before the clock can start.
      coinFlipWinnerId:
        p.coinFlipWinnerId === null ? null : p.coinFlipWinnerId === p.aff.id ? p.aff.userId : p.neg!.userId,
      clock,
      now,
    })),
  );
  for (const userId of debaters) await deleteQueueEntry(trx, userId);
  await repo.insertPairings(
    trx,
    planned.map((p) => ({
      roundId: p.roundId,
      affEntrantId: p.aff.id,
      negEntrantId: p.neg?.id ?? p.walkoverFrom?.id ?? null,
      isBye: p.neg === null,
      flags: p.flags,
      coinFlipWinnerId: p.coinFlipWinnerId,
      debateId: p.neg === null ? null : ids.get(p.aff.userId)!,
    })),
  );
  const panels = debates.map((p, index) => ({ debateId: ids.get(p.aff.userId)!, judgeIds: judges[index] ?? [] }));
  await seatPanels(tx, panels, now);
  const judged = panels.flatMap(({ debateId, judgeIds }) => judgeIds.map((judgeId) => ({ judgeId, debateId })));
  return { ids, judged };
}

/** Tells each entrant of the round (their debate or bye) and each seated judge that the round is out. */
function announceRelease(
  deps: TTournamentsDeps,
  tournament: TTournamentRow,
  number: number,
  released: {
    planned: readonly TPlannedPairing<TEntrantRow>[];
    ids: ReadonlyMap<string, number>;
    judged: readonly { judgeId: string; debateId: number }[];
    teams: TTeams;
    /** A BP round's debaters, each with their room (its pairings are none). */
    debaters: TBpReleased['debaters'];
  },
): void {
  const tell = (
    userId: string,
    debateId: number | null,
    side: TTournamentRoundReleased['side'],
    asJudge: boolean,
    bpTeam: TBpSide | null = null,
  ) =>
    deps.events.emit({
      name: 'tournament.round_released',
      room: REALTIME_ROOMS.user(userId),
      payload: {
        tournamentId: tournament.id,
        tournamentName: tournament.name,
        roundNumber: number,
        roundName: roundName(number, tournament),
        debateId,
        side,
        asJudge,
        bpTeam,
      },
    });
  for (const p of released.planned) {
    const debateId = p.neg === null ? null : released.ids.get(p.aff.userId)!;
    for (const userId of memberIdsOf(released.teams, p.aff))
      tell(userId, debateId, p.neg === null ? null : 'aff', false);
    if (p.neg) for (const userId of memberIdsOf(released.teams, p.neg)) tell(userId, debateId, 'neg', false);
  }
  for (const { userId, debateId, side, bpTeam } of released.debaters) tell(userId, debateId, side, false, bpTeam);
  for (const { judgeId, debateId } of released.judged) tell(judgeId, debateId, null, true);
}

/** Tells the hosts which entrants a round was released without (`seatableField`), in the rule's neutral words. */
async function tellLeftOut(
  deps: TTournamentsDeps,
  tournament: TTournamentRow,
  number: number,
  leftOut: readonly TEntrantRow[],
  isWalkover: boolean,
): Promise<void> {
  if (leftOut.length === 0) return;
  const names = await findUserNames(
    deps.database.db,
    leftOut.map((e) => e.userId),
  );
  const hosts = [
    ...(tournament.hostId ? [tournament.hostId] : []),
    ...(await repo.listCohostIds(deps.database.db, tournament.id)),
  ];
  const payload = {
    tournamentId: tournament.id,
    tournamentName: tournament.name,
    roundNumber: number,
    roundName: roundName(number, tournament),
    displayNames: leftOut.map((e) => names.get(e.userId) ?? 'Someone'),
    isWalkover,
  };
  for (const userId of hosts) {
    deps.events.emit({ name: 'tournament.entrants_left_out', room: REALTIME_ROOMS.user(userId), payload });
  }
}

export function alreadyReleased(number: number): AppError {
  return new AppError('conflict', `Round ${number} has been released already.`, undefined, 'round_released');
}

/**
 * Tournaments: an admin or a coach (the host) creates one; entrants join until its first round is released; the
 * host (or a co-host) releases each preliminary round's draw, which the pure core (`packages/shared/src/tournaments/`)
 * makes from the confirmed results, and every pairing opens an ordinary round of kind `tournament`. Reads and
 * presents the tournament, its entrants and its rounds for hosts, entrants and (for an open tournament) anyone.
 */
import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import {
  blockedPairingRefusal,
  ageDoorRefusal,
  ageRequiredRefusal,
  computeStandings,
  createClock,
  divisionAgeConflict,
  drawRound,
  isEntryOpen,
  eliminationRoundsFor,
  eliminationSides,
  isMinorRound,
  lateEntryCutoff,
  REALTIME_ROOMS,
  seatUnavailableRefusal,
  seededRandom,
  TDrawBlockedError,
  teamManagedRefusal,
  TOURNAMENT_LIMITS,
  type TDebate,
  type TDebateStatus,
  type TDivisionAgeBand,
  type TDrawFlag,
  type TEntrant,
  type TRoundRecord,
  type TSessionUser,
  type TTournament,
  type TTournamentBrackets,
  type TTournamentDivisionStandings,
  type TTournamentEntrant,
  type TTournamentJudge,
  type TTournamentPairing,
  type TTournamentRound,
  type TTournamentRoundReleased,
  type TTournamentStandings,
  type ZCreateTournamentRequest,
  type ZEnterTournamentRequest,
  roundName,
} from '@resolved/shared';
import type { Kysely } from 'kysely';
import type { TDebatesDeps } from '../../context';
import { nowIso } from '../../db/database';
import type { DB } from '../../db/schema';
import { toCsv } from '../../lib/csv';
import { AppError, refuse, refused } from '../../lib/errors';
import { lockKeys, withKeyLock } from '../../lib/key-lock';
import { screenText } from '../../lib/text-filter';
import { blockGraphAmong } from '../blocks/blocks.service';
import * as rounds from '../debates/rounds.service';
import { deleteQueueEntry, lockMatching } from '../matchmaking/queue.service';
import {
  coachIdsOfTeamsOf,
  membershipIn,
  membershipsOf,
  teamIdsOfUsers,
  teamNames,
} from '../memberships/memberships.service';
import { drawResolutions } from '../motions/motions.service';
import { outcomesOf } from '../results/results.service';
import { newJoinCode } from '../teams/teams.service';
import { findCurrentTopic } from '../topics/topics.service';
import { ratingsOf } from '../users/ratings.service';
import { seatRefusalsAmong } from '../users/seats';
import { ageBandsOf, findDoorUserById, findUserById, findUserNames } from '../users/users.service';
import { planJudges } from './tournament-judges';
import {
  coachedEntrantTeams,
  judgeParadigms,
  lateByeIds,
  motionsByRound,
  roundMotion,
  withLateByes,
} from './tournament-judging';
import { bracketView } from './tournament-bracket';
import * as bracketRepo from './tournament-bracket.repository';
import { advanceBrackets, checkPrelimsReleased, lastRoundOf, planEliminationRound } from './tournament-elimination';
import { doubleNoShows, pairingKey, recordNoShows } from './tournament-no-shows';
import * as seqRepo from './tournament-sequencer.repository';
import { judgesPerRoomOf, panelSizeOf } from './tournament-panels';
import { panelsOf, seatPanels } from '../debates/panels.service';
import * as repo from './tournaments.repository';
import type { TDivisionRow, TEntrantRow, TTournamentRow } from './tournaments.tables';

export type TTournamentsDeps = TDebatesDeps;

type TCreateInput = z.output<typeof ZCreateTournamentRequest>;
type TEnterInput = z.output<typeof ZEnterTournamentRequest>;

/** How many tournaments "mine" lists. */
const MINE_LIMIT = 100;
/** The one division of a tournament created without named divisions. */
const DEFAULT_DIVISION = 'Open';
const AGE_BAND_NAMES: Record<TDivisionAgeBand, string> = { minor: 'under 18', adult: '18 and over' };

const db = (deps: TTournamentsDeps) => deps.database.db;
export const lockKey = (tournamentId: number) => `tournament:${tournamentId}`;

function notFound(): AppError {
  return new AppError('not_found', 'That tournament does not exist.');
}

export async function requireTournament(deps: TTournamentsDeps, id: number, tx: Kysely<DB> = db(deps)) {
  const row = await repo.findTournament(tx, id);
  if (!row) throw notFound();
  return row;
}

export interface TViewer {
  isHost: boolean;
  isCohost: boolean;
  entrant: TEntrantRow | undefined;
  /** In the judge pool. */
  isJudge: boolean;
}

async function viewerOf(deps: TTournamentsDeps, row: TTournamentRow, userId: string): Promise<TViewer> {
  const [cohosts, entrant, isJudge] = await Promise.all([
    repo.listCohostIds(db(deps), row.id),
    repo.findEntrantOf(db(deps), row.id, userId),
    repo.isJudge(db(deps), row.id, userId),
  ]);
  return { isHost: row.hostId === userId, isCohost: cohosts.includes(userId), entrant, isJudge };
}

export const isManager = (viewer: TViewer) => viewer.isHost || viewer.isCohost;

/** Whether `userId` coaches any team (a coach may host tournaments). */
async function isCoach(deps: TTournamentsDeps, userId: string): Promise<boolean> {
  const teamIds = (await teamIdsOfUsers(db(deps), [userId])).get(userId) ?? [];
  const places = await membershipsOf(db(deps), teamIds, userId);
  return [...places.values()].some((place) => place.role === 'coach');
}

/**
 * Who may see a tournament: its hosts and entrants; anyone signed in for an open one; members of its teams for one
 * entered by teams. A tournament entered by code is found through its code. Anyone else is told it does not exist.
 */
export async function requireViewer(deps: TTournamentsDeps, user: TSessionUser, id: number) {
  const row = await requireTournament(deps, id);
  const viewer = await viewerOf(deps, row, user.id);
  if (isManager(viewer) || viewer.entrant || viewer.isJudge || row.entryMode === 'open' || user.role === 'admin') {
    return { row, viewer };
  }
  if (row.publishedAt !== null) return { row, viewer };
  if (row.entryMode === 'teams') {
    const own = (await teamIdsOfUsers(db(deps), [user.id])).get(user.id) ?? [];
    const entered = await repo.listTeamIds(db(deps), id);
    if (own.some((teamId) => entered.includes(teamId))) return { row, viewer };
  }
  // A coach of an entrant's team follows the tournament (and the judges their team owes).
  if ((await coachedEntrantTeams(db(deps), id, user.id)).length > 0) return { row, viewer };
  throw notFound();
}

const NO_VIEWER: TViewer = { isHost: false, isCohost: false, entrant: undefined, isJudge: false };

/** As `requireViewer`, and a visitor (no user) sees a published tournament; an unpublished one asks them to sign in. */
async function requireReader(deps: TTournamentsDeps, user: TSessionUser | null, id: number) {
  if (user) return requireViewer(deps, user, id);
  const row = await requireTournament(deps, id);
  if (row.publishedAt === null) throw new AppError('unauthenticated', 'Please sign in.');
  return { row, viewer: NO_VIEWER };
}

export async function requireManager(deps: TTournamentsDeps, user: TSessionUser, id: number) {
  const { row, viewer } = await requireViewer(deps, user, id);
  if (!isManager(viewer)) throw new AppError('forbidden', 'Only the tournament’s hosts can do that.');
  return { row, viewer };
}

/** The named divisions of a tournament: an open tournament splits each name by age band. */
function divisionsFor(names: readonly string[], isOpen: boolean) {
  const named = names.length > 0 ? names : [DEFAULT_DIVISION];
  if (!isOpen) return named.map((name) => ({ name, ageBand: null }));
  return named.flatMap((name) =>
    (['minor', 'adult'] as const).map((ageBand) => ({ name, ageBand: ageBand as TDivisionAgeBand | null })),
  );
}

/**
 * A new tournament, its host the caller: an admin, or a coach (entering only teams they coach). Its divisions and
 * every preliminary round of each (as drafts, each with its draw's seed) are made at once, in one transaction.
 */
export async function createTournament(
  deps: TTournamentsDeps,
  user: TSessionUser,
  input: TCreateInput,
): Promise<TTournament> {
  if (user.role !== 'admin' && !(await isCoach(deps, user.id))) {
    throw new AppError('forbidden', 'Only admins and team coaches can create tournaments.');
  }
  // The name and divisions are shown to every entrant: a slur is refused (named by field).
  screenText({ name: input.name, divisions: input.divisions.join('\n') });
  for (const teamId of input.teamIds) {
    if ((await membershipIn(db(deps), teamId, user.id))?.role !== 'coach') {
      throw new AppError('forbidden', 'You can enter only teams you coach.');
    }
  }
  const now = nowIso();
  // The count and the insert are one step per host (`withKeyLock`), so simultaneous requests stop at the cap.
  const id = await withKeyLock(deps.database, `tournament.create:${user.id}`, async (trx) => {
    if ((await repo.countUnfinishedOf(trx, user.id)) >= TOURNAMENT_LIMITS.unfinishedPerHost) {
      throw new AppError(
        'conflict',
        `You can host up to ${TOURNAMENT_LIMITS.unfinishedPerHost} tournaments that are not finished.`,
      );
    }
    const tournamentId = await repo.insertTournament(trx, {
      name: input.name,
      formatId: input.formatId,
      prelimRounds: input.prelimRounds,
      breakSize: input.breakSize,
      scheduleMode: input.scheduleMode,
      entryMode: input.entryMode,
      firstRound: input.firstRound,
      prelimJudgesPerRoom: input.prelimJudgesPerRoom,
      elimJudgesPerRoom: input.elimJudgesPerRoom,
      joinCode: input.entryMode === 'code' ? newJoinCode() : null,
      hostId: user.id,
      createdAt: now,
    });
    await repo.insertTeams(trx, tournamentId, [...new Set(input.teamIds)]);
    const divisionIds = await repo.insertDivisions(
      trx,
      tournamentId,
      divisionsFor(input.divisions, input.entryMode === 'open'),
    );
    // The elimination rounds follow the preliminaries as drafts too, ready to be drawn once the break is known.
    const roundCount = input.prelimRounds + eliminationRoundsFor(input.breakSize);
    const roundRows = divisionIds.flatMap((divisionId) =>
      Array.from({ length: roundCount }, (_, i) => ({
        tournamentId,
        divisionId,
        number: i + 1,
        seed: randomBytes(8).toString('hex'),
        startsAt: input.roundStartsAt?.[i] ?? null,
      })),
    );
    await repo.insertRounds(trx, roundRows);
    return tournamentId;
  });
  // The sequencer (subscribed to this) plans the tournament's first check-in and start.
  await emitChanged(deps, id);
  return getTournament(deps, user, id);
}

async function present(deps: TTournamentsDeps, row: TTournamentRow, viewer: TViewer): Promise<TTournament> {
  const [cohostIds, divisions, teamIds, entrantCount, roundRows] = await Promise.all([
    repo.listCohostIds(db(deps), row.id),
    repo.listDivisions(db(deps), row.id),
    repo.listTeamIds(db(deps), row.id),
    repo.countEntrants(db(deps), row.id),
    repo.listRounds(db(deps), row.id),
  ]);
  const names = await findUserNames(db(deps), [...(row.hostId ? [row.hostId] : []), ...cohostIds]);
  const teams = await teamNames(db(deps), teamIds);
  const nameOf = (id: string) => names.get(id) ?? 'Someone';
  return {
    id: row.id,
    name: row.name,
    formatId: row.formatId,
    prelimRounds: row.prelimRounds,
    breakSize: row.breakSize,
    scheduleMode: row.scheduleMode,
    entryMode: row.entryMode,
    firstRound: row.firstRound,
    judgesPerRoom: judgesPerRoomOf(row),
    status: row.status,
    host: { userId: row.hostId ?? '', displayName: row.hostId ? nameOf(row.hostId) : 'Former host' },
    cohosts: cohostIds.map((userId) => ({ userId, displayName: nameOf(userId) })),
    divisions: divisions.map(presentDivision),
    teams: teamIds.map((id) => ({ id, name: teams.get(id) ?? 'A team' })),
    joinCode: isManager(viewer) ? row.joinCode : null,
    entrantCount,
    roundsReleased: Math.max(0, ...roundRows.filter((r) => r.status !== 'draft').map((r) => r.number)),
    viewer: {
      isHost: viewer.isHost,
      isCohost: viewer.isCohost,
      entrantId: viewer.entrant?.id ?? null,
      isJudge: viewer.isJudge,
    },
    createdAt: row.createdAt,
    startedAt: row.startedAt,
    finishedAt: row.finishedAt,
    publishedAt: row.publishedAt,
    entrantsPerJudge: row.entrantsPerJudge,
  };
}

function presentDivision(division: TDivisionRow) {
  const name = division.ageBand ? `${division.name} (${AGE_BAND_NAMES[division.ageBand]})` : division.name;
  return { id: division.id, name, ageBand: division.ageBand };
}

export async function getTournament(
  deps: TTournamentsDeps,
  user: TSessionUser | null,
  id: number,
): Promise<TTournament> {
  const { row, viewer } = await requireReader(deps, user, id);
  return present(deps, row, viewer);
}

/** The tournaments the caller hosts, co-hosts or entered, newest first. */
export async function listMyTournaments(deps: TTournamentsDeps, user: TSessionUser): Promise<TTournament[]> {
  const ids = await repo.listTournamentIdsOf(db(deps), user.id, MINE_LIMIT);
  const out: TTournament[] = [];
  for (const id of ids) {
    const row = await repo.findTournament(db(deps), id);
    if (row) out.push(await present(deps, row, await viewerOf(deps, row, user.id)));
  }
  return out;
}

/** The host names a co-host, who manages the tournament beside them. */
export async function addCohost(
  deps: TTournamentsDeps,
  user: TSessionUser,
  id: number,
  cohostId: string,
): Promise<TTournament> {
  const { row, viewer } = await requireManager(deps, user, id);
  if (!viewer.isHost) throw new AppError('forbidden', 'Only the host names co-hosts.');
  if (cohostId === user.id) throw new AppError('validation_failed', 'You host this tournament already.');
  if (!(await findUserById(db(deps), cohostId))) throw new AppError('not_found', 'There is no such user.');
  if (await repo.findEntrantOf(db(deps), id, cohostId)) {
    throw new AppError('conflict', 'An entrant cannot co-host: withdraw them first.');
  }
  if ((await repo.listCohostIds(db(deps), id)).length >= TOURNAMENT_LIMITS.cohostsMax) {
    throw new AppError('conflict', `A tournament has at most ${TOURNAMENT_LIMITS.cohostsMax} co-hosts.`);
  }
  if (!(await repo.insertCohost(db(deps), id, cohostId, nowIso()))) {
    throw new AppError('conflict', 'They co-host this tournament already.');
  }
  await emitChanged(deps, row.id);
  return present(deps, row, viewer);
}

/**
 * Enters the caller: by the tournament's page (open, or the host's teams) or by its join code (`viaCode`). One entry
 * per person; none once the first round is released. The division is the named one chosen (or the only one); an open
 * tournament places the entrant in that name's division of their age band, and elsewhere a division never mixes
 * under-18 and adult entrants who are not on one team.
 */
export async function enter(
  deps: TTournamentsDeps,
  user: TSessionUser,
  row: TTournamentRow,
  input: TEnterInput,
  viaCode: boolean,
): Promise<{ tournament: TTournament; entrant: TTournamentEntrant }> {
  refuse(ageRequiredRefusal(user));
  if (row.entryMode !== 'teams') refuse(teamManagedRefusal(user, 'tournament'));
  if (row.entryMode === 'code' && !viaCode) {
    throw new AppError('forbidden', 'This tournament is entered with its join code: ask the host for it.');
  }
  const viewer = await viewerOf(deps, row, user.id);
  if (isManager(viewer)) throw new AppError('conflict', 'Hosts run the tournament: they do not enter it.');
  if (viewer.entrant && viewer.entrant.withdrawnAt === null) {
    throw new AppError('conflict', 'You have entered this tournament already.');
  }
  if (!isEntryOpen({ ...row, roundsReleased: releasedCount(await repo.listRounds(db(deps), row.id)) })) {
    throw entriesClosed(row.prelimRounds);
  }
  const teamId = await entryTeam(deps, user, row, input.teamId ?? null);
  const isMinor = isMinorRound([user.ageBand ?? null]);
  const division = await entryDivision(deps, row, input.divisionId, isMinor);
  const entrantId = await withKeyLock(deps.database, lockKey(row.id), async (trx) => {
    // Under the tournament's lock, so a release (which takes it too) sees this entry or refuses it.
    const current = await repo.findTournament(trx, row.id);
    // After the first round, a late entrant is credited a bye for each round released so far.
    const roundsReleased = releasedCount(await repo.listRounds(trx, row.id));
    if (!current || !isEntryOpen({ ...current, roundsReleased })) throw entriesClosed(row.prelimRounds);
    if ((await repo.countEntrants(trx, row.id)) >= TOURNAMENT_LIMITS.entrantsMax) {
      throw new AppError('conflict', `This tournament is full (${TOURNAMENT_LIMITS.entrantsMax} entrants).`);
    }
    if (division.ageBand === null) {
      const field = (await repo.listEntrants(trx, row.id)).filter(
        (e) => e.divisionId === division.id && e.withdrawnAt === null,
      );
      const bands = await ageOf(
        trx,
        field.map((e) => e.userId),
      );
      const entrants: TEntrant[] = [
        ...field.map((e) => ({ id: e.userId, teamId: e.teamId, rating: 0, isMinor: bands.get(e.userId) ?? true })),
        { id: user.id, teamId, rating: 0, isMinor },
      ];
      if (divisionAgeConflict(entrants)) {
        throw new AppError(
          'conflict',
          isMinor
            ? 'This division has adult entrants from other teams, and under-18s meet adults only on their own team. Ask the host.'
            : 'This division has under-18 entrants from other teams, and adults meet under-18s only on their own team. Ask the host.',
        );
      }
    }
    // A withdrawn entry before the first round was deleted; after it, entries are closed: the row is new.
    const id = await repo.insertEntrant(trx, {
      tournamentId: row.id,
      userId: user.id,
      divisionId: division.id,
      teamId,
      lateByeScore: current.status === 'running' ? roundsReleased : null,
      now: nowIso(),
    });
    if (id === null) throw new AppError('conflict', 'You have entered this tournament already.');
    return id;
  });
  await emitChanged(deps, row.id);
  const entrant = (await listEntrantsOf(deps, row.id)).find((e) => e.id === entrantId)!;
  return { tournament: await present(deps, row, await viewerOf(deps, row, user.id)), entrant };
}

export async function enterById(deps: TTournamentsDeps, user: TSessionUser, id: number, input: TEnterInput) {
  const { row } = await requireViewer(deps, user, id);
  return enter(deps, user, row, input, false);
}

export async function enterByCode(deps: TTournamentsDeps, user: TSessionUser, code: string, input: TEnterInput) {
  const row = await repo.findTournamentByCode(db(deps), code);
  if (!row || row.entryMode !== 'code') {
    throw new AppError('not_found', 'That tournament code is not valid. Check it with the host.');
  }
  return enter(deps, user, row, input, true);
}

/** How many preliminary rounds are released (a round number is released in every division at once). */
function releasedCount(rounds: readonly { number: number; status: string }[]): number {
  return Math.max(0, ...rounds.filter((r) => r.status !== 'draft').map((r) => r.number));
}

/** Entry after the cut-off: late entrants miss fewer than half the preliminary rounds (`lateEntryCutoff`). */
function entriesClosed(prelimRounds: number): AppError {
  const cutoff = lateEntryCutoff(prelimRounds);
  return new AppError(
    'conflict',
    cutoff <= 1
      ? 'Entries closed when the first round was released.'
      : `Entries closed when round ${cutoff} was released: a late entrant must miss fewer than half the preliminary rounds.`,
  );
}

/** Whether each of these users counts as under 18 (no age given counts as under 18, the safe side). */
async function ageOf(tx: Kysely<DB>, userIds: readonly string[]): Promise<Map<string, boolean>> {
  const bands = await ageBandsOf(tx, userIds);
  return new Map(userIds.map((userId) => [userId, isMinorRound([bands.get(userId)])]));
}

/** The team an entrant enters for: one of the tournament's teams (entry by teams), or one they are on, or none. */
async function entryTeam(
  deps: TTournamentsDeps,
  user: TSessionUser,
  row: TTournamentRow,
  asked: number | null,
): Promise<number | null> {
  const own = (await teamIdsOfUsers(db(deps), [user.id])).get(user.id) ?? [];
  if (row.entryMode === 'teams') {
    const entered = (await repo.listTeamIds(db(deps), row.id)).filter((teamId) => own.includes(teamId));
    if (entered.length === 0) {
      throw new AppError('forbidden', 'This tournament is for members of the host’s teams.');
    }
    if (asked !== null && !entered.includes(asked)) {
      throw new AppError('validation_failed', 'Enter for one of this tournament’s teams that you are on.');
    }
    return asked ?? entered[0]!;
  }
  if (asked !== null && !own.includes(asked)) {
    throw new AppError('validation_failed', 'You can enter only for a team you are on.');
  }
  return asked;
}

async function entryDivision(
  deps: TTournamentsDeps,
  row: TTournamentRow,
  divisionId: number | undefined,
  isMinor: boolean,
): Promise<TDivisionRow> {
  const divisions = await repo.listDivisions(db(deps), row.id);
  const names = [...new Set(divisions.map((d) => d.name))];
  let name: string;
  if (divisionId === undefined) {
    if (names.length > 1) throw new AppError('validation_failed', 'Choose a division to enter.');
    name = names[0]!;
  } else {
    const chosen = divisions.find((d) => d.id === divisionId);
    if (!chosen) throw new AppError('validation_failed', 'That division is not part of this tournament.');
    name = chosen.name;
  }
  const band: TDivisionAgeBand = isMinor ? 'minor' : 'adult';
  const division = divisions.find((d) => d.name === name && (d.ageBand === null || d.ageBand === band));
  if (!division) throw new AppError('validation_failed', 'That division is not part of this tournament.');
  return division;
}

/** The entrants (withdrawn ones too, marked), with their names and teams. */
export async function listEntrantsOf(deps: TTournamentsDeps, tournamentId: number): Promise<TTournamentEntrant[]> {
  const rows = await repo.listEntrants(db(deps), tournamentId);
  const names = await findUserNames(
    db(deps),
    rows.map((r) => r.userId),
  );
  const teams = await teamNames(db(deps), [...new Set(rows.flatMap((r) => (r.teamId === null ? [] : [r.teamId])))]);
  return rows.map((r) => ({
    id: r.id,
    userId: r.userId,
    displayName: names.get(r.userId) ?? 'Someone',
    divisionId: r.divisionId,
    teamId: r.teamId,
    teamName: r.teamId === null ? null : (teams.get(r.teamId) ?? null),
    isWithdrawn: r.withdrawnAt !== null,
    noShows: r.noShows,
    lateByes: r.lateByeScore ?? 0,
    enteredAt: r.enteredAt,
  }));
}

export async function listEntrants(deps: TTournamentsDeps, user: TSessionUser, id: number) {
  await requireViewer(deps, user, id);
  return listEntrantsOf(deps, id);
}

/**
 * An entrant withdraws, or a host withdraws them. Before the first round the entry is simply gone (they may enter
 * again); after it they are marked withdrawn and left out of later draws, their rounds kept.
 */
export async function withdraw(deps: TTournamentsDeps, user: TSessionUser, id: number, entrantId: number) {
  const { row, viewer } = await requireViewer(deps, user, id);
  const entrant = await repo.findEntrant(db(deps), id, entrantId);
  if (!entrant) throw new AppError('not_found', 'This tournament has no such entrant.');
  if (entrant.userId !== user.id && !isManager(viewer)) {
    throw new AppError('forbidden', 'Only the entrant or the tournament’s hosts can withdraw an entry.');
  }
  await withKeyLock(deps.database, lockKey(id), async (trx) => {
    const current = await repo.findTournament(trx, id);
    if (current?.status === 'finished') throw new AppError('conflict', 'This tournament is over.');
    if (current?.status === 'registration') return repo.deleteEntrant(trx, entrantId);
    if (!(await repo.withdrawEntrant(trx, entrantId, nowIso()))) {
      throw new AppError('conflict', 'This entrant has withdrawn already.');
    }
  });
  await emitChanged(deps, row.id);
}

/** Tells the hosts, entrants and judges (every tab of theirs) that the tournament changed. */
export async function emitChanged(deps: TTournamentsDeps, tournamentId: number): Promise<void> {
  const row = await repo.findTournament(db(deps), tournamentId);
  if (!row) return;
  const entrantIds = (await repo.listEntrants(db(deps), tournamentId)).map((e) => e.userId);
  const people = new Set([
    ...(row.hostId ? [row.hostId] : []),
    ...(await repo.listCohostIds(db(deps), tournamentId)),
    ...entrantIds,
    ...(await repo.listJudges(db(deps), tournamentId)).map((j) => j.userId),
    // Coaches of entrants' teams follow the tournament (and the judges their teams owe and bring).
    ...(await coachIdsOfTeamsOf(db(deps), entrantIds)),
  ]);
  for (const userId of people) {
    deps.events.emit({ name: 'tournament.changed', room: REALTIME_ROOMS.user(userId), payload: { tournamentId } });
  }
}

/**
 * The released rounds: hosts see every pairing; an entrant only their own until the results are published, and then
 * everyone (visitors too) every pairing.
 */
export async function listRounds(
  deps: TTournamentsDeps,
  user: TSessionUser | null,
  id: number,
): Promise<TTournamentRound[]> {
  const { row, viewer } = await requireReader(deps, user, id);
  const all = await presentRounds(deps, id);
  if (isManager(viewer)) return all;
  const forOthers = all.map((round) => ({ ...round, unjudgedPairingIds: [] }));
  // A paradigm is shown to signed-in people, as every profile is.
  if (!user) {
    return forOthers.map((round) => ({
      ...round,
      pairings: round.pairings.map((p) => ({ ...p, judge: p.judge && { ...p.judge, paradigm: null } })),
    }));
  }
  if (row.publishedAt !== null) return forOthers;
  if (!viewer.entrant && !viewer.isJudge) {
    throw new AppError('forbidden', 'Only the tournament’s hosts and entrants see its draw before it is published.');
  }
  // An entrant sees their own debate (or bye), a judge the rooms they judge.
  const ownId = viewer.entrant?.id;
  const isOwn = (p: TTournamentPairing) =>
    [p.aff, p.neg, p.bye].some((side) => ownId !== undefined && side?.entrantId === ownId) ||
    (p.judge !== null && p.judge.userId === user?.id);
  return forOthers.map((round) => ({ ...round, pairings: round.pairings.filter(isOwn) }));
}

export async function presentRounds(deps: TTournamentsDeps, id: number): Promise<TTournamentRound[]> {
  const [roundRows, pairings, entrants] = await Promise.all([
    repo.listRounds(db(deps), id),
    repo.listPairings(db(deps), id),
    listEntrantsOf(deps, id),
  ]);
  const byId = new Map(entrants.map((e) => [e.id, e]));
  const who = (entrantId: number | null) => {
    const e = entrantId === null ? undefined : byId.get(entrantId);
    return e ? { entrantId: e.id, userId: e.userId, displayName: e.displayName } : null;
  };
  const debateIds = pairings.flatMap((p) => (p.debateId === null ? [] : [p.debateId]));
  const outcomes = await outcomesOf(db(deps), debateIds);
  const panels = await panelsOf(db(deps), debateIds);
  const coinFlips = await rounds.coinFlipsOf(
    db(deps),
    pairings.flatMap((p) => (p.debateId !== null && p.coinFlipWinnerId !== null ? [p.debateId] : [])),
  );
  const judgeIds = [...new Set([...outcomes.values()].flatMap((o) => (o.judgeId === null ? [] : [o.judgeId])))];
  const judgeNames = await findUserNames(db(deps), [...judgeIds, ...[...panels.values()].flat()]);
  const paradigms = await judgeParadigms(db(deps), judgeIds);
  const motions = await motionsByRound(db(deps), id);
  const judgeOf = (debateId: number | null) => {
    const judgeId = debateId === null ? null : (outcomes.get(debateId)?.judgeId ?? null);
    if (judgeId === null) return null;
    return {
      userId: judgeId,
      displayName: judgeNames.get(judgeId) ?? 'Someone',
      paradigm: paradigms.get(judgeId) ?? null,
    };
  };
  /** The confirmed winner's entrant id (a bye's entrant for a bye). */
  const winnerOf = (p: (typeof pairings)[number]): number | null => {
    if (p.isBye) return p.affEntrantId;
    const outcome = p.debateId === null ? undefined : outcomes.get(p.debateId);
    if (!outcome?.isConfirmed) return null;
    return outcome.winnerId === byId.get(p.affEntrantId)?.userId ? p.affEntrantId : p.negEntrantId;
  };
  const panelOf = (debateId: number | null) =>
    (debateId === null ? [] : (panels.get(debateId) ?? [])).map((userId) => ({
      userId,
      displayName: judgeNames.get(userId) ?? 'Someone',
    }));
  const tournament = await requireTournament(deps, id);
  // A room short of its judges: none, or fewer than the panel the round asks for.
  const isShort = (debateId: number | null, number: number) =>
    debateId !== null &&
    (judgeOf(debateId) === null ||
      (panelSizeOf(tournament, number) > 1 && panelOf(debateId).length < panelSizeOf(tournament, number)));
  const numbers = [...new Set(roundRows.filter((r) => r.status !== 'draft').map((r) => r.number))];
  return numbers.map((number) => {
    const rows = roundRows.filter((r) => r.number === number);
    const status = rows.every((r) => r.status === 'complete') ? 'complete' : 'released';
    const own = pairings.filter((p) => p.number === number);
    return {
      number,
      status,
      releasedAt: rows[0]?.releasedAt ?? null,
      motion: motions.get(number) ?? null,
      unjudgedPairingIds: own.filter((p) => isShort(p.debateId, number)).map((p) => p.id),
      pairings: own.map((p) => ({
        id: p.id,
        divisionId: p.divisionId,
        debateId: p.debateId,
        aff: p.isBye ? null : who(p.affEntrantId),
        neg: p.isBye ? null : who(p.negEntrantId),
        bye: p.isBye ? who(p.affEntrantId) : null,
        flags: JSON.parse(p.flags) as TDrawFlag[],
        coinFlipWinner: who(p.coinFlipWinnerId),
        coinFlip: p.debateId === null ? null : (coinFlips.get(p.debateId) ?? null),
        debateStatus: p.debateId === null ? null : (outcomes.get(p.debateId)?.status ?? null),
        judge: judgeOf(p.debateId),
        winnerEntrantId: winnerOf(p),
        panel: panelOf(p.debateId),
      })),
    };
  });
}

/** Refuses a rule's refusal with its own code and words (as a coach's pairing does). */
function refuseRound(refusal: ReturnType<typeof blockedPairingRefusal>): void {
  if (refusal) throw new AppError(refusal.code, refusal.message, undefined, refusal.reason);
}

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
  options: { isCheckedInOnly?: boolean } = {},
): Promise<TTournamentRound> {
  const row = await requireTournament(deps, id);
  if (number > lastRoundOf(row)) {
    throw new AppError(
      'not_found',
      `This tournament has ${row.prelimRounds} preliminary rounds and ${eliminationRoundsFor(row.breakSize)} elimination rounds; there is no round ${number}.`,
    );
  }
  const isElimination = number > row.prelimRounds;
  const nowMs = deps.now ? deps.now() : Date.now();
  const released = await withKeyLock(deps.database, lockKey(id), async (trx) => {
    const tournament = await requireTournament(deps, id, trx);
    if (tournament.status === 'finished') throw new AppError('conflict', 'This tournament is over.');
    const roundRows = await repo.listRounds(trx, id);
    const target = roundRows.filter((r) => r.number === number);
    if (target.length > 0 && target.every((r) => r.status !== 'draft')) throw alreadyReleased(number);
    checkPrelimsReleased(tournament, number, roundRows);
    if (number > 1 && roundRows.some((r) => r.number === number - 1 && r.status === 'draft')) {
      throw new AppError('conflict', `Release round ${number - 1} first.`);
    }
    const divisions = await repo.listDivisions(trx, id);
    let entrants = (await repo.listEntrants(trx, id)).filter((e) => e.withdrawnAt === null);
    if (options.isCheckedInOnly && !isElimination) {
      // Released by the tournament itself: whoever did not check in sits this round out as a no-show (with the claim).
      // An elimination round is drawn from the bracket whatever check-in says: an absent debater forfeits at grace's end.
      const checkedIn = await seqRepo.listCheckIns(trx, id, number);
      const missing = entrants.filter((e) => !checkedIn.has(e.userId)).map((e) => e.id);
      await recordNoShows(trx, id, number, missing, 'not_checked_in', nowIso());
      entrants = entrants.filter((e) => checkedIn.has(e.userId));
      if (number > 1 && entrants.length < 2) {
        throw new AppError(
          'conflict',
          `Round ${number} needs at least 2 entrants checked in; ${entrants.length} ${entrants.length === 1 ? 'has' : 'have'}.`,
        );
      }
    }
    const fields = new Map(divisions.map((d) => [d.id, entrants.filter((e) => e.divisionId === d.id)]));
    const divisionName = (divisionId: number) => {
      const division = divisions.find((d) => d.id === divisionId);
      return division ? presentDivision(division).name : 'A division';
    };
    if (number === 1) checkStart(tournament, entrants.length, fields, divisionName);
    const records = await confirmedRecords(trx, id, number, fields, divisionName);
    // An elimination round is paired from each division's bracket (made from the tab at the first one).
    const bracketPlans = isElimination
      ? await planEliminationRound(trx, tournament, number, fields, records, divisionName)
      : null;
    // Round 1 starts the tournament; a re-paired round 1 (`tournament-host.ts`) finds it started already.
    if (number === 1 && tournament.status === 'registration' && !(await repo.markStarted(trx, id, nowIso()))) {
      throw alreadyReleased(number);
    }
    // The claim: from here this transaction is the one release of the round (another waits, then finds none).
    const claimed = await repo.claimRelease(trx, id, number, releasedBy, nowIso());
    if (claimed.length === 0) throw alreadyReleased(number);
    await repo.markComplete(trx, id, number - 1, nowIso());

    const everyone = entrants.map((e) => e.userId);
    const names = await findUserNames(trx, everyone);
    const nameOf = (userId: string) => names.get(userId) ?? 'Someone';
    const ratings = await ratingsOf(trx, tournament.formatId, everyone);
    const minors = await ageOf(trx, everyone);
    const isBlocked = await blockGraphAmong(trx, everyone);
    type TPlanned = {
      roundId: number;
      aff: TEntrantRow;
      neg: TEntrantRow | null;
      flags: TDrawFlag[];
      coinFlipWinnerId: number | null;
    };
    const planned: TPlanned[] = [];
    for (const round of claimed) {
      const field = fields.get(Number(round.divisionId)) ?? [];
      if (field.length === 0) continue;
      const byEntrant = new Map(field.map((e) => [String(e.id), e]));
      if (bracketPlans) {
        const plan = bracketPlans.get(Number(round.divisionId));
        const random = seededRandom(round.seed);
        for (const { a, b } of plan?.debates ?? []) {
          const sides = eliminationSides(
            tournament.formatId,
            String(a),
            String(b),
            records.get(Number(round.divisionId)) ?? [],
            random,
          );
          const aff = byEntrant.get(sides.aff);
          const neg = byEntrant.get(sides.neg);
          if (!aff || !neg) {
            throw new AppError('conflict', 'An entrant of the bracket has withdrawn: the host decides the debate.');
          }
          if (isBlocked(aff.userId, neg.userId))
            refuseRound(blockedPairingRefusal([nameOf(aff.userId), nameOf(neg.userId)]));
          const coinFlipWinnerId = sides.coinFlipWinner === null ? null : byEntrant.get(sides.coinFlipWinner)!.id;
          const flags: TDrawFlag[] = sides.isRematch ? ['rematch'] : [];
          planned.push({ roundId: Number(round.id), aff, neg, flags, coinFlipWinnerId });
        }
        for (const entrantId of plan?.byes ?? []) {
          const bye = byEntrant.get(String(entrantId));
          if (bye) planned.push({ roundId: Number(round.id), aff: bye, neg: null, flags: [], coinFlipWinnerId: null });
        }
        continue;
      }
      // One of a pair who blocked the other is never drawn against them (a hard constraint of the draw).
      const avoid = field.flatMap((a) =>
        field
          .filter((b) => a.id < b.id && isBlocked(a.userId, b.userId))
          .map((b) => [String(a.id), String(b.id)] as const),
      );
      let draw;
      try {
        draw = drawRound({
          format: tournament.formatId,
          entrants: field.map((e) => ({
            id: String(e.id),
            teamId: e.teamId,
            rating: ratings.get(e.userId)?.rating ?? 1500,
            isMinor: minors.get(e.userId) ?? true,
          })),
          rounds: records.get(Number(round.divisionId)) ?? [],
          seed: round.seed,
          firstRound: tournament.firstRound,
          avoid,
        });
      } catch (error) {
        if (error instanceof TDrawBlockedError) {
          const [a, b] = error.pair.map((entrantId) => nameOf(byEntrant.get(entrantId)!.userId));
          throw new AppError(
            'conflict',
            `No draw of ${divisionName(Number(round.divisionId))} keeps ${a} and ${b} apart, and one of them has blocked the other: withdraw one of them to release the round.`,
            undefined,
            'blocked',
          );
        }
        if (!(error instanceof RangeError)) throw error;
        throw new AppError(
          'conflict',
          `${divisionName(Number(round.divisionId))} mixes under-18 and adult entrants of different teams, who may not meet: withdraw or move one of them.`,
        );
      }
      for (const debate of draw.debates) {
        const aff = byEntrant.get(debate.aff)!;
        const neg = byEntrant.get(debate.neg)!;
        const coinFlipWinnerId = debate.coinFlipWinner === null ? null : byEntrant.get(debate.coinFlipWinner)!.id;
        planned.push({ roundId: Number(round.id), aff, neg, flags: debate.flags, coinFlipWinnerId });
      }
      if (draw.bye) {
        const bye = byEntrant.get(draw.bye)!;
        planned.push({ roundId: Number(round.id), aff: bye, neg: null, flags: [], coinFlipWinnerId: null });
      }
    }
    const debates = planned.filter((p) => p.neg !== null);
    const debaters = debates.flatMap((p) => [p.aff.userId, p.neg!.userId]);
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
      rooms: debates.map((p) => ({ aff: p.aff, neg: p.neg! })),
      minors,
      entrantUserIds: everyone,
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
        negEntrantId: p.neg?.id ?? null,
        isBye: p.neg === null,
        flags: p.flags,
        coinFlipWinnerId: p.coinFlipWinnerId,
        debateId: p.neg === null ? null : ids.get(p.aff.userId)!,
      })),
    );
    const panels = debates.map((p, index) => ({ debateId: ids.get(p.aff.userId)!, judgeIds: judges[index] ?? [] }));
    await seatPanels(tx, panels, now);
    const judged = panels.flatMap(({ debateId, judgeIds }) => judgeIds.map((judgeId) => ({ judgeId, debateId })));
    return { tournament, planned, ids, judged };
  });

  for (const p of released.planned) {
    const debateId = p.neg === null ? null : released.ids.get(p.aff.userId)!;
    const tell = (userId: string, side: TTournamentRoundReleased['side']) =>
      deps.events.emit({
        name: 'tournament.round_released',
        room: REALTIME_ROOMS.user(userId),
        payload: {
          tournamentId: id,
          tournamentName: released.tournament.name,
          roundNumber: number,
          roundName: roundName(number, released.tournament),
          debateId,
          side,
          asJudge: false,
        },
      });
    tell(p.aff.userId, p.neg === null ? null : 'aff');
    if (p.neg) tell(p.neg.userId, 'neg');
  }
  for (const { judgeId, debateId } of released.judged) {
    deps.events.emit({
      name: 'tournament.round_released',
      room: REALTIME_ROOMS.user(judgeId),
      payload: {
        tournamentId: id,
        tournamentName: released.tournament.name,
        roundNumber: number,
        roundName: roundName(number, released.tournament),
        debateId,
        side: null,
        asJudge: true,
      },
    });
  }
  await emitChanged(deps, id);
  const round = (await presentRounds(deps, id)).find((r) => r.number === number);
  if (!round) throw new Error('A released round was not found after its release.');
  return round;
}

function alreadyReleased(number: number): AppError {
  return new AppError('conflict', `Round ${number} has been released already.`, undefined, 'round_released');
}

/** What starting the tournament needs: two entrants, no division of one, a break that fits every division's field. */
function checkStart(
  tournament: TTournamentRow,
  entrantCount: number,
  fields: Map<number, TEntrantRow[]>,
  divisionName: (divisionId: number) => string,
): void {
  if (entrantCount < 2) {
    throw new AppError(
      'validation_failed',
      `A tournament needs at least 2 entrants to start; this one has ${entrantCount}.`,
    );
  }
  for (const [divisionId, field] of fields) {
    if (field.length === 1) {
      throw new AppError(
        'validation_failed',
        `${divisionName(divisionId)} has one entrant, who would have no one to debate: withdraw them or wait for more.`,
      );
    }
    if (field.length > 0 && tournament.breakSize > field.length) {
      throw new AppError(
        'validation_failed',
        `The break (${tournament.breakSize}) is larger than the field of ${divisionName(divisionId)} (${field.length}).`,
      );
    }
  }
}

/**
 * The earlier rounds of each division as the draw reads them, from confirmed results only: a round still waiting for
 * a result (live, waiting for its ballot, abandoned) keeps the next one from being drawn.
 */
async function confirmedRecords(
  trx: Kysely<DB>,
  tournamentId: number,
  number: number,
  fields: Map<number, TEntrantRow[]>,
  divisionName: (divisionId: number) => string,
): Promise<Map<number, TRoundRecord[]>> {
  const pairings = (await repo.listPairings(trx, tournamentId)).filter((p) => p.number < number);
  const entrants = new Map((await repo.listEntrants(trx, tournamentId)).map((e) => [e.id, e]));
  const outcomes = await outcomesOf(
    trx,
    pairings.flatMap((p) => (p.debateId === null ? [] : [p.debateId])),
  );
  const records = new Map<number, TRoundRecord[]>();
  const waiting: string[] = [];
  // A debate neither debater came to has no result and never will: it counts for neither.
  const neitherCame = await doubleNoShows(trx, tournamentId);
  for (const divisionId of fields.keys()) {
    const list: TRoundRecord[] = [];
    for (let n = 1; n < number; n++) {
      const own = pairings.filter((p) => p.divisionId === divisionId && p.number === n);
      const debates = [];
      for (const p of own.filter((x) => !x.isBye)) {
        const outcome = p.debateId === null ? undefined : outcomes.get(p.debateId);
        const aff = entrants.get(p.affEntrantId)!;
        if (neitherCame.has(pairingKey(p))) continue;
        if (!outcome?.isConfirmed) {
          waiting.push(divisionName(divisionId));
          continue;
        }
        debates.push({
          aff: String(p.affEntrantId),
          neg: String(p.negEntrantId),
          winner: outcome.winnerId === aff.userId ? ('aff' as const) : ('neg' as const),
          affPoints: outcome.pointsOf(aff.userId),
          negPoints: outcome.pointsOf(entrants.get(p.negEntrantId!)!.userId),
        });
      }
      list.push({ debates, byes: own.filter((x) => x.isBye).map((x) => String(x.affEntrantId)) });
    }
    const late = [...entrants.values()].map((e) => ({
      id: e.id,
      divisionId: e.divisionId,
      lateByes: e.lateByeScore ?? 0,
    }));
    records.set(divisionId, withLateByes(list, late, divisionId));
  }
  if (waiting.length > 0) {
    throw new AppError(
      'conflict',
      `Round ${number - 1} is not over: ${waiting.length} ${waiting.length === 1 ? 'debate has' : 'debates have'} no result yet. The next draw is made from confirmed results only.`,
    );
  }
  return records;
}

/**
 * The tab of each division from its confirmed results (`computeStandings`): judged ballots with their speaker
 * points, forfeits (the winner scores their average) and byes. A debate still without a result is left out until it
 * has one, so the tab moves with every ballot. Points are stored in tenths and shown in points.
 */
async function standingsOf(deps: TTournamentsDeps, tournamentId: number): Promise<TTournamentDivisionStandings[]> {
  const [tournament, divisions, allPairings, entrants] = await Promise.all([
    repo.findTournament(db(deps), tournamentId),
    repo.listDivisions(db(deps), tournamentId),
    repo.listPairings(db(deps), tournamentId),
    listEntrantsOf(deps, tournamentId),
  ]);
  // The tab is the preliminaries' (elimination rounds decide the bracket, not the standings).
  const prelimRounds = tournament?.prelimRounds ?? 0;
  const pairings = allPairings.filter((p) => p.number <= prelimRounds);
  const byId = new Map(entrants.map((e) => [e.id, e]));
  const outcomes = await outcomesOf(
    db(deps),
    pairings.flatMap((p) => (p.debateId === null ? [] : [p.debateId])),
  );
  return divisions.map((division) => {
    const own = pairings.filter((p) => p.divisionId === division.id);
    const numbers = [...new Set(own.map((p) => p.number))].sort((a, b) => a - b);
    let resultsCounted = 0;
    const records: TRoundRecord[] = numbers.map((number) => {
      const inRound = own.filter((p) => p.number === number);
      const byes = [
        ...inRound.filter((p) => p.isBye).map((p) => String(p.affEntrantId)),
        ...lateByeIds(entrants, division.id, number),
      ];
      const debates = inRound.flatMap((p) => {
        const outcome = p.debateId === null ? undefined : outcomes.get(p.debateId);
        const aff = byId.get(p.affEntrantId);
        const neg = p.negEntrantId === null ? undefined : byId.get(p.negEntrantId);
        if (p.isBye || !outcome?.isConfirmed || !aff || !neg) return [];
        return [
          {
            aff: String(aff.id),
            neg: String(neg.id),
            winner: outcome.winnerId === aff.userId ? ('aff' as const) : ('neg' as const),
            affPoints: outcome.pointsOf(aff.userId),
            negPoints: outcome.pointsOf(neg.userId),
          },
        ];
      });
      resultsCounted += byes.length + debates.length;
      return { debates, byes };
    });
    const field = entrants.filter((e) => e.divisionId === division.id);
    const standings = computeStandings(
      field.map((e) => String(e.id)),
      records,
    ).map((s) => {
      const entrant = byId.get(Number(s.entrantId))!;
      return {
        rank: s.rank,
        entrantId: entrant.id,
        userId: entrant.userId,
        displayName: entrant.displayName,
        teamName: entrant.teamName,
        isWithdrawn: entrant.isWithdrawn,
        wins: s.wins,
        losses: s.losses,
        byes: s.byes,
        speakerPoints: Math.round(s.speakerPoints) / 10,
        isHighLowDropped: s.isHighLowDropped,
        opponentWins: s.opponentWins,
      };
    });
    return { divisionId: division.id, name: presentDivision(division).name, resultsCounted, standings };
  });
}

/** The tab: for the hosts and entrants, and for everyone (visitors too) once a host published the results. */
export async function getStandings(
  deps: TTournamentsDeps,
  user: TSessionUser | null,
  id: number,
): Promise<TTournamentStandings> {
  const { row, viewer } = await requireReader(deps, user, id);
  if (row.publishedAt === null && !isManager(viewer) && !viewer.entrant) {
    throw new AppError(
      'forbidden',
      'Only the tournament’s hosts and entrants see its standings before they are published.',
    );
  }
  return { tournamentId: row.id, publishedAt: row.publishedAt, divisions: await standingsOf(deps, row.id) };
}

/** A host publishes the results (standings and every pairing) to everyone, once. */
export async function publishResults(deps: TTournamentsDeps, user: TSessionUser, id: number): Promise<TTournament> {
  const { row, viewer } = await requireManager(deps, user, id);
  if (row.status === 'registration') {
    throw new AppError('conflict', 'There are no results to publish before the first round is released.');
  }
  if (!(await repo.markPublished(db(deps), id, nowIso()))) {
    throw new AppError('conflict', 'The results are published already.');
  }
  await emitChanged(deps, id);
  return present(deps, (await repo.findTournament(db(deps), id)) ?? row, viewer);
}

const ENDED_STATUSES: readonly TDebateStatus[] = ['judged', 'forfeited', 'completed', 'abandoned'];

/**
 * A round changed (`debate.updated`, subscribed in the module): when a tournament's round has ended (a ballot, a
 * forfeit, no decision), its hosts and entrants are told the tournament changed, so open tabs read the standings
 * again. Lower features never know of tournaments: this is how a ballot reaches the tab.
 */
export async function handleRoundUpdated(deps: TTournamentsDeps, debate: TDebate): Promise<void> {
  if (debate.kind !== 'tournament' || !ENDED_STATUSES.includes(debate.status)) return;
  const tournamentId = await repo.findTournamentIdOfDebate(db(deps), debate.id);
  if (tournamentId === null) return;
  // An elimination result advances its winner in the bracket (and the final's finishes the tournament) first, so
  // the pages told below read the bracket with it.
  await withKeyLock(deps.database, lockKey(tournamentId), async (trx) => {
    const tournament = await repo.findTournament(trx, tournamentId);
    if (tournament) await advanceBrackets(trx, tournament);
  });
  await emitChanged(deps, tournamentId);
}

/**
 * Each division's elimination bracket (after the break) with its champion, for whoever may read the standings: the
 * hosts and entrants, and everyone once the results are published.
 */
export async function getBrackets(
  deps: TTournamentsDeps,
  user: TSessionUser | null,
  id: number,
): Promise<TTournamentBrackets> {
  const { row, viewer } = await requireReader(deps, user, id);
  if (row.publishedAt === null && !isManager(viewer) && !viewer.entrant) {
    throw new AppError('forbidden', 'Only the tournament’s hosts and entrants see its bracket before it is published.');
  }
  const [brackets, divisions, entrants] = await Promise.all([
    bracketRepo.listBrackets(db(deps), id),
    repo.listDivisions(db(deps), id),
    listEntrantsOf(deps, id),
  ]);
  const byId = new Map(entrants.map((e) => [e.id, e]));
  const nameOf = (entrantId: number) => byId.get(entrantId)?.displayName ?? 'Someone';
  return {
    tournamentId: row.id,
    firstEliminationRound: row.prelimRounds + 1,
    divisions: brackets.map((b) => {
      const division = divisions.find((d) => d.id === Number(b.divisionId));
      const view = bracketView(b.data, nameOf);
      const champion = b.championEntrantId === null ? undefined : byId.get(Number(b.championEntrantId));
      return {
        divisionId: Number(b.divisionId),
        name: division ? presentDivision(division).name : 'A division',
        seeds: view.participant.map((p, index) => ({
          seed: index + 1,
          entrantId: p.entrantId,
          displayName: p.name,
        })),
        champion: champion
          ? { entrantId: champion.id, userId: champion.userId, displayName: champion.displayName }
          : null,
        bracket: view,
      };
    }),
  };
}

/** The pool as hosts see it (each judge), or a judge's own line. */
async function presentJudges(deps: TTournamentsDeps, tournamentId: number): Promise<TTournamentJudge[]> {
  const [rows, unavailable, conflicts] = await Promise.all([
    repo.listJudges(db(deps), tournamentId),
    repo.listUnavailable(db(deps), tournamentId),
    repo.listConflicts(db(deps), tournamentId),
  ]);
  const names = await findUserNames(
    db(deps),
    rows.map((r) => r.userId),
  );
  const teams = await teamNames(db(deps), [...new Set(rows.flatMap((r) => (r.teamId === null ? [] : [r.teamId])))]);
  return rows.map((r) => ({
    userId: r.userId,
    displayName: names.get(r.userId) ?? 'Someone',
    teamName: r.teamId === null ? null : (teams.get(Number(r.teamId)) ?? null),
    unavailableRounds: unavailable.filter((u) => u.userId === r.userId).map((u) => Number(u.roundNumber)),
    conflictEntrantIds: conflicts.filter((c) => c.userId === r.userId).map((c) => Number(c.entrantId)),
    addedAt: r.addedAt,
  }));
}

/** The judge pool: hosts see every judge; a judge of the pool sees their own line. */
export async function listJudges(deps: TTournamentsDeps, user: TSessionUser, id: number): Promise<TTournamentJudge[]> {
  const { viewer } = await requireViewer(deps, user, id);
  if (!isManager(viewer) && !viewer.isJudge) {
    throw new AppError('forbidden', 'Only the tournament’s hosts and its judges see the judge pool.');
  }
  const all = await presentJudges(deps, id);
  return isManager(viewer) ? all : all.filter((j) => j.userId === user.id);
}

/**
 * A host names a judge of the pool: anyone who may take a judge's seat (a month of birth given, not an account run
 * with its team) and is not an entrant. Whether they may judge a minor's room (a coach of the debater's team, a
 * verified judge, staff, or a minor) is decided per room at release; the team they judge for is their first team.
 */
export async function addJudge(
  deps: TTournamentsDeps,
  user: TSessionUser,
  id: number,
  judgeId: string,
): Promise<TTournamentJudge[]> {
  const { row } = await requireManager(deps, user, id);
  if (row.status === 'finished') throw new AppError('conflict', 'This tournament is over.');
  const door = await findDoorUserById(db(deps), judgeId);
  if (!door || door.isBanned) throw new AppError('not_found', 'There is no such user.');
  const name = door.user.displayName;
  const refusal = ageDoorRefusal(door.user, 'judge');
  if (refusal) {
    throw new AppError(
      'conflict',
      refusal.reason === 'age_required'
        ? `${name} has not given a month of birth yet, which judging needs.`
        : `${name}’s account is run with their team: they judge only their team’s practice rounds.`,
    );
  }
  const entrant = await repo.findEntrantOf(db(deps), id, judgeId);
  if (entrant && entrant.withdrawnAt === null) {
    throw new AppError('conflict', `${name} is an entrant: an entrant does not judge the tournament.`);
  }
  if ((await repo.listJudges(db(deps), id)).length >= TOURNAMENT_LIMITS.judgesMax) {
    throw new AppError('conflict', `A tournament’s judge pool holds at most ${TOURNAMENT_LIMITS.judgesMax} judges.`);
  }
  const teamId = ((await teamIdsOfUsers(db(deps), [judgeId])).get(judgeId) ?? [])[0] ?? null;
  const values = { tournamentId: id, userId: judgeId, teamId, addedAt: nowIso(), addedBy: user.id };
  if (!(await repo.insertJudge(db(deps), values))) {
    throw new AppError('conflict', `${name} is in the judge pool already.`);
  }
  await emitChanged(deps, id);
  return presentJudges(deps, id);
}

/** A host takes a judge out of the pool (rooms they were seated in keep them). */
export async function removeJudge(deps: TTournamentsDeps, user: TSessionUser, id: number, judgeId: string) {
  await requireManager(deps, user, id);
  if (!(await repo.deleteJudge(db(deps), id, judgeId))) {
    throw new AppError('not_found', 'That judge is not in this tournament’s pool.');
  }
  await emitChanged(deps, id);
}

/**
 * A judge of the pool says whether they can judge round `number`, until it is released: a preliminary round, or an
 * elimination round (numbered on after the preliminaries; their draft rows exist from the tournament's creation, as
 * the break fixes how many there are), which its release's judge assignment reads as it reads a preliminary's.
 */
export async function setAvailability(
  deps: TTournamentsDeps,
  user: TSessionUser,
  id: number,
  number: number,
  isAvailable: boolean,
): Promise<TTournamentJudge> {
  const { row, viewer } = await requireViewer(deps, user, id);
  if (!viewer.isJudge) {
    throw new AppError('forbidden', 'Only judges of this tournament’s pool say which rounds they can judge.');
  }
  const last = lastRoundOf(row);
  if (number > last) {
    throw new AppError(
      'not_found',
      `This tournament has ${last} ${last === 1 ? 'round' : 'rounds'} (its elimination rounds included); there is no round ${number}.`,
    );
  }
  const rounds = (await repo.listRounds(db(deps), id)).filter((r) => r.number === number);
  if (rounds.length > 0 && rounds.every((r) => r.status !== 'draft')) throw alreadyReleased(number);
  await repo.setAvailability(db(deps), { tournamentId: id, userId: user.id, roundNumber: number, isAvailable });
  await emitChanged(deps, id);
  return (await presentJudges(deps, id)).find((j) => j.userId === user.id)!;
}

/** A judge (or a host, for any judge) declares the entrants the judge must never judge, replacing the list. */
export async function setConflicts(
  deps: TTournamentsDeps,
  user: TSessionUser,
  id: number,
  judgeId: string,
  entrantIds: readonly number[],
): Promise<TTournamentJudge> {
  const { viewer } = await requireViewer(deps, user, id);
  if (judgeId !== user.id && !isManager(viewer)) {
    throw new AppError('forbidden', 'Only the judge or the tournament’s hosts declare a judge’s conflicts.');
  }
  if (!(await repo.isJudge(db(deps), id, judgeId))) {
    throw new AppError('not_found', 'That judge is not in this tournament’s pool.');
  }
  const entrants = new Set((await repo.listEntrants(db(deps), id)).map((e) => e.id));
  const unique = [...new Set(entrantIds)];
  if (unique.some((entrantId) => !entrants.has(entrantId))) {
    throw new AppError('validation_failed', 'A conflict names someone who is not an entrant of this tournament.');
  }
  await repo.replaceConflicts(db(deps), id, judgeId, unique);
  await emitChanged(deps, id);
  return (await presentJudges(deps, id)).find((j) => j.userId === judgeId)!;
}

/** The CSV exports a host downloads. */
export const TOURNAMENT_EXPORTS = ['entries', 'pairings', 'ballots', 'standings'] as const;
export type TTournamentExport = (typeof TOURNAMENT_EXPORTS)[number];

/** A file name from the tournament's name: lower case, dashes for anything but letters and digits. */
function fileSlug(name: string): string {
  const slug = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return slug || 'tournament';
}

/**
 * One of the host's CSV exports (`lib/csv.ts`): the entries, every pairing, the ballots (confirmed results, with the
 * judge and the reason for decision) or the standings, each division named. For the host and co-hosts only.
 */
export async function exportCsv(
  deps: TTournamentsDeps,
  user: TSessionUser,
  id: number,
  file: TTournamentExport,
): Promise<{ name: string; body: string }> {
  const { row } = await requireManager(deps, user, id);
  const divisions = new Map((await repo.listDivisions(db(deps), id)).map((d) => [d.id, presentDivision(d).name]));
  const divisionName = (divisionId: number) => divisions.get(divisionId) ?? '';
  const name = `${fileSlug(row.name)}-${file}.csv`;
  const entrants = await listEntrantsOf(deps, id);
  const byId = new Map(entrants.map((e) => [e.id, e]));
  const nameOf = (entrantId: number | null | undefined) =>
    entrantId === null || entrantId === undefined ? null : (byId.get(entrantId)?.displayName ?? null);

  if (file === 'entries') {
    return {
      name,
      body: toCsv(
        ['Entrant ID', 'Name', 'Division', 'Team', 'Withdrawn', 'Entered at'],
        entrants.map((e) => [e.id, e.displayName, divisionName(e.divisionId), e.teamName, e.isWithdrawn, e.enteredAt]),
      ),
    };
  }
  if (file === 'standings') {
    const rows = (await standingsOf(deps, id)).flatMap((division) =>
      division.standings.map((s) => [
        division.name,
        s.rank,
        s.entrantId,
        s.displayName,
        s.teamName,
        s.wins,
        s.losses,
        s.byes,
        s.speakerPoints,
        s.isHighLowDropped,
        s.opponentWins,
        s.isWithdrawn,
      ]),
    );
    const header = ['Division', 'Rank', 'Entrant ID', 'Name', 'Team', 'Wins', 'Losses', 'Byes', 'Speaker points'];
    return { name, body: toCsv([...header, 'High-low dropped', 'Opponents’ wins', 'Withdrawn'], rows) };
  }
  const pairings = await repo.listPairings(db(deps), id);
  const outcomes = await outcomesOf(
    db(deps),
    pairings.flatMap((p) => (p.debateId === null ? [] : [p.debateId])),
  );
  const judgeNames = await findUserNames(db(deps), [
    ...new Set([...outcomes.values()].flatMap((o) => (o.judgeId === null ? [] : [o.judgeId]))),
  ]);
  const judgeOf = (debateId: number | null) => {
    const judgeId = debateId === null ? null : (outcomes.get(debateId)?.judgeId ?? null);
    return judgeId === null ? null : (judgeNames.get(judgeId) ?? 'Someone');
  };
  /** The winning entrant's name, from a confirmed result. */
  const winnerOf = (p: (typeof pairings)[number]) => {
    const outcome = p.debateId === null ? undefined : outcomes.get(p.debateId);
    if (!outcome?.isConfirmed) return null;
    const aff = byId.get(p.affEntrantId);
    return outcome.winnerId === aff?.userId ? nameOf(p.affEntrantId) : nameOf(p.negEntrantId);
  };
  if (file === 'pairings') {
    return {
      name,
      body: toCsv(
        ['Round', 'Division', 'Pairing ID', 'Aff', 'Neg', 'Bye', 'Judge', 'Flags', 'Debate ID', 'Status', 'Winner'],
        pairings.map((p) => [
          p.number,
          divisionName(p.divisionId),
          p.id,
          p.isBye ? null : nameOf(p.affEntrantId),
          p.isBye ? null : nameOf(p.negEntrantId),
          p.isBye ? nameOf(p.affEntrantId) : null,
          judgeOf(p.debateId),
          (JSON.parse(p.flags) as TDrawFlag[]).join(' '),
          p.debateId,
          p.debateId === null ? 'bye' : (outcomes.get(p.debateId)?.status ?? null),
          winnerOf(p),
        ]),
      ),
    };
  }
  const ballots = pairings.flatMap((p) => {
    const outcome = p.debateId === null ? undefined : outcomes.get(p.debateId);
    if (!outcome?.isConfirmed || p.isBye) return [];
    const aff = byId.get(p.affEntrantId);
    const neg = p.negEntrantId === null ? undefined : byId.get(p.negEntrantId);
    const points = (userId: string | undefined) => {
      const value = userId === undefined ? null : outcome.pointsOf(userId);
      return value === null ? null : value / 10;
    };
    return [
      [
        p.number,
        divisionName(p.divisionId),
        p.debateId,
        judgeOf(p.debateId),
        aff?.displayName,
        neg?.displayName,
        outcome.status,
        winnerOf(p),
        points(aff?.userId),
        points(neg?.userId),
        outcome.reason,
      ],
    ];
  });
  const header = ['Round', 'Division', 'Debate ID', 'Judge', 'Aff', 'Neg', 'Result', 'Winner', 'Aff points'];
  return { name, body: toCsv([...header, 'Neg points', 'Reason'], ballots) };
}

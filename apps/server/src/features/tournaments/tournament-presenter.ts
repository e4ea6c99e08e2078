/**
 * Presents a tournament, its entrants and its released rounds, as its routes return them, for hosts, entrants and
 * (for an open or published tournament) anyone.
 */
import {
  divisionLabel,
  type TDrawFlag,
  type TSessionUser,
  type TTournament,
  type TTournamentEntrant,
  type TTournamentBpRoom,
  type TTournamentPairing,
  type TTournamentPairingDebater,
  type TTournamentRound,
} from '@resolved/shared';
import * as rounds from '../debates/rounds.service';
import { teamNames } from '../memberships/memberships.service';
import { outcomesOf } from '../results/results.service';
import { findUserNames } from '../users/users.service';
import { judgeParadigms, motionsByRound } from './tournament-judging';
import { judgesPerRoomOf, panelSizeOf } from './tournament-panels';
import { panelsOf } from '../debates/panels.service';
import * as repo from './tournaments.repository';
import type { TDivisionRow, TTournamentRow } from './tournaments.tables';
import {
  type TTournamentsDeps,
  db,
  requireTournament,
  type TViewer,
  viewerOf,
  isManager,
  requireReader,
  accessOf,
  requireDoor,
} from './tournament-access';
import { readModel } from './tournament-read-model';
import { presentBpRounds } from './tournament-bp-presenter';
import { entrantRefOf, memberIdsOf, teamNameOf, teamsOf } from './tournament-teams';
import { hostsFor, privateUserIdsOf, roundsFor } from './tournament-privacy';

/** How many tournaments "mine" lists. */
const MINE_LIMIT = 100;

export async function present(deps: TTournamentsDeps, row: TTournamentRow, viewer: TViewer): Promise<TTournament> {
  const [cohostIds, divisions, teamIds, entrantCount, roundRows] = await Promise.all([
    repo.listCohostIds(db(deps), row.id),
    repo.listDivisions(db(deps), row.id),
    repo.listTeamIds(db(deps), row.id),
    repo.countEntrants(db(deps), row.id),
    repo.listRounds(db(deps), row.id),
  ]);
  const hostIds = [...(row.hostId ? [row.hostId] : []), ...cohostIds];
  const names = await findUserNames(db(deps), hostIds);
  const teams = await teamNames(db(deps), teamIds);
  const nameOf = (id: string) => names.get(id) ?? 'Someone';
  const access = accessOf(row, viewer);
  // An outsider reads a host under 18 as a minor entrant (`hostsFor`): the age bands are read only for them.
  const privacy = {
    privateUserIds: access.isMinorsPrivate ? await privateUserIdsOf(db(deps), hostIds, row.id) : new Set<string>(),
  };
  return hostsFor(
    {
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
        isCoachOfEntrant: viewer.isCoachOfEntrant,
      },
      createdAt: row.createdAt,
      startedAt: row.startedAt,
      finishedAt: row.finishedAt,
      publishedAt: row.publishedAt,
      entrantsPerJudge: row.entrantsPerJudge,
      teamSize: Number(row.teamSize),
      speechMinutes: row.speechMinutes === null ? null : Number(row.speechMinutes),
    },
    privacy,
    access,
  );
}

/** A division as shown: an open tournament's age pools by `divisionLabel` ("pool A"), never by age. */
export function presentDivision(division: TDivisionRow) {
  return { id: division.id, name: divisionLabel(division.name, division.ageBand), entryName: division.name };
}

export async function getTournament(
  deps: TTournamentsDeps,
  user: TSessionUser | null,
  id: number,
): Promise<TTournament> {
  const { row, viewer } = await requireReader(deps, user, id);
  return present(deps, row, viewer);
}

/** The tournaments the caller hosts, co-hosts, entered or was named in a team of, newest first. */
export async function listMyTournaments(deps: TTournamentsDeps, user: TSessionUser): Promise<TTournament[]> {
  const ids = await repo.listTournamentIdsOf(db(deps), user.id, MINE_LIMIT);
  const out: TTournament[] = [];
  for (const id of ids) {
    const row = await repo.findTournament(db(deps), id);
    if (row) out.push(await present(deps, row, await viewerOf(deps, row, user)));
  }
  return out;
}
/** The entrants (withdrawn ones too, marked), with their names and teams. */
export async function listEntrantsOf(
  deps: TTournamentsDeps,
  tournamentId: number,
  /** Only these entrants (the ones an entrant's own pairings name); all when absent. */
  onlyIds?: ReadonlySet<number>,
): Promise<TTournamentEntrant[]> {
  const ids = onlyIds && [...onlyIds];
  if (ids?.length === 0) return [];
  const rows = await repo.listEntrants(db(deps), tournamentId, ids);
  const members = await teamsOf(db(deps), tournamentId, ids);
  const names = await findUserNames(db(deps), [
    ...rows.map((r) => r.userId),
    ...[...members.values()].flatMap((team) => team.map((m) => m.userId)),
  ]);
  const nameOf = (userId: string) => names.get(userId) ?? 'Someone';
  const teams = await teamNames(db(deps), [...new Set(rows.flatMap((r) => (r.teamId === null ? [] : [r.teamId])))]);
  return rows.map((r) => ({
    id: r.id,
    userId: r.userId,
    // A team is named by its members, "Ann Lee & Ben Ode".
    displayName: teamNameOf(memberIdsOf(members, r), nameOf),
    members: (members.get(r.id) ?? []).map((m) => ({
      userId: m.userId,
      displayName: nameOf(m.userId),
      isConfirmed: m.confirmedAt !== null,
    })),
    divisionId: r.divisionId,
    teamId: r.teamId,
    teamName: r.teamId === null ? null : (teams.get(r.teamId) ?? null),
    isWithdrawn: r.withdrawnAt !== null,
    noShows: r.noShows,
    lateByes: r.lateByeScore ?? 0,
    enteredAt: r.enteredAt,
  }));
}

/**
 * The released rounds: hosts see every pairing; an entrant their own and a judge the rooms they judge until the
 * results are published, and then everyone (visitors too) every pairing, with minors private to outsiders
 * (`roundsFor`). Read from the read model of the tournament's version (`tournament-read-model.ts`); the filters below
 * make new objects and never change the shared ones.
 */
export async function listRounds(
  deps: TTournamentsDeps,
  user: TSessionUser | null,
  id: number,
): Promise<TTournamentRound[]> {
  const { row, viewer } = await requireReader(deps, user, id);
  requireDoor(row, viewer, 'rounds');
  const access = accessOf(row, viewer);
  // An entrant who sees only their own pairings (not a host, not a judge, results unpublished) is presented those
  // alone: each result changes the version, and the two entrants it tells read again at once, so a build of the whole
  // tournament per result would cost every entrant's page the whole field's outcomes.
  const ownOnly =
    !access.canManage && !access.canSeeAllPairings && !viewer.isJudge && !viewer.isCoachOfEntrant
      ? viewer.entrant?.id
      : undefined;
  // Else built once per tournament version (the row just read carries it), then filtered for this viewer.
  const all =
    ownOnly !== undefined
      ? await presentRounds(deps, id, { ownEntrantId: ownOnly, row })
      : await readModel(deps.database, row, 'rounds', () => presentRounds(deps, id, { row }));
  if (access.canManage) return all;
  // Each debater's seat and points are the host's (a correction starts from them); others read the pairing only.
  const forOthers = all.map((round) => ({
    ...round,
    unjudgedPairingIds: [],
    pairings: round.pairings.map((p) => ({ ...p, debaters: [] })),
    bpRooms: round.bpRooms.map((room) => ({ ...room, speakers: [] })),
  }));
  // A paradigm is shown to signed-in people, as every profile is.
  if (!user) {
    const unsigned = forOthers.map((round) => ({
      ...round,
      pairings: round.pairings.map((p) => ({ ...p, judge: p.judge && { ...p.judge, paradigm: null } })),
    }));
    return roundsFor(unsigned, { privateUserIds: await privateUserIdsOf(db(deps), peopleOf(unsigned), id) }, access);
  }
  if (access.canSeeAllPairings) {
    if (!access.isMinorsPrivate) return forOthers;
    return roundsFor(forOthers, { privateUserIds: await privateUserIdsOf(db(deps), peopleOf(forOthers), id) }, access);
  }
  // An entrant sees their own debate (or bye), a judge the rooms they judge (as the chair or on the panel).
  const ownId = viewer.entrant?.id;
  const isOwn = (p: TTournamentPairing) =>
    [p.aff, p.neg, p.bye, p.walkoverFrom].some((side) => ownId !== undefined && side?.entrantId === ownId) ||
    p.judge?.userId === user.id ||
    p.panel.some((j) => j.userId === user.id);
  const isOwnRoom = (room: TTournamentBpRoom) =>
    Object.values(room.teams).some((team) => ownId !== undefined && team?.entrantId === ownId) ||
    room.panel.some((j) => j.userId === user.id);
  return forOthers.map((round) => ({
    ...round,
    pairings: round.pairings.filter(isOwn),
    bpRooms: round.bpRooms.filter(isOwnRoom),
  }));
}

/** Everyone a round names: its entrants and judges. */
function peopleOf(rounds: readonly TTournamentRound[]): string[] {
  return rounds.flatMap((round) => [
    ...round.pairings.flatMap((p) =>
      [p.aff, p.neg, p.bye, p.walkoverFrom, p.judge, ...p.panel].flatMap((who) => (who?.userId ? [who.userId] : [])),
    ),
    ...round.bpRooms.flatMap((room) =>
      [...Object.values(room.teams), ...room.panel].flatMap((who) => (who?.userId ? [who.userId] : [])),
    ),
  ]);
}

/** The released rounds with every pairing, or (`ownEntrantId`) with that entrant's pairings (a debate or a bye) only. */
export async function presentRounds(
  deps: TTournamentsDeps,
  id: number,
  options: {
    ownEntrantId?: number | undefined;
    /** The tournament's row when the caller has just read it. */
    row?: TTournamentRow;
  } = {},
): Promise<TTournamentRound[]> {
  const { ownEntrantId } = options;
  const row = options.row ?? (await requireTournament(deps, id));
  if (row.formatId === 'bp') return presentBpRounds(deps, row, await listEntrantsOf(deps, id), ownEntrantId);
  const [roundRows, allPairings] = await Promise.all([repo.listRounds(db(deps), id), repo.listPairings(db(deps), id)]);
  const pairings =
    ownEntrantId === undefined
      ? allPairings
      : allPairings.filter((p) => p.affEntrantId === ownEntrantId || p.negEntrantId === ownEntrantId);
  const named =
    ownEntrantId === undefined
      ? undefined
      : new Set(
          pairings.flatMap((p) => [p.affEntrantId, p.negEntrantId, p.coinFlipWinnerId].filter((e) => e !== null)),
        );
  const entrants = await listEntrantsOf(deps, id, named);
  const byId = new Map(entrants.map((e) => [e.id, e]));
  const who = (entrantId: number | null) => {
    const e = entrantId === null ? undefined : byId.get(entrantId);
    return e ? entrantRefOf(e) : null;
  };
  const debateIds = pairings.flatMap((p) => (p.debateId === null ? [] : [p.debateId]));
  const outcomes = await outcomesOf(db(deps), debateIds);
  const panels = await panelsOf(db(deps), debateIds);
  const coinFlips = await rounds.coinFlipsOf(
    db(deps),
    pairings.flatMap((p) => (p.debateId !== null && p.coinFlipWinnerId !== null ? [p.debateId] : [])),
  );
  const seats = await rounds.seatsOfRounds(db(deps), debateIds);
  const judgeIds = [...new Set([...outcomes.values()].flatMap((o) => (o.judgeId === null ? [] : [o.judgeId])))];
  // The judges' and the debaters' names in one read.
  const judgeNames = await findUserNames(db(deps), [
    ...new Set([...judgeIds, ...[...panels.values()].flat(), ...seats.map((seat) => seat.userId)]),
  ]);
  const debaterNames = judgeNames;
  /** Every debater of the pairing's round with their pairing side and points (`TTournamentPairing.debaters`). */
  const debatersOf = (p: (typeof pairings)[number]): TTournamentPairingDebater[] => {
    if (p.isBye || p.debateId === null) return [];
    const own = seats.filter((seat) => seat.debateId === p.debateId);
    const affSide = own.find((seat) => seat.userId === byId.get(p.affEntrantId)?.userId)?.side;
    const outcome = outcomes.get(p.debateId);
    return own.map((seat) => {
      const points = outcome?.debaterPointsOf(seat.userId) ?? null;
      return {
        userId: seat.userId,
        displayName: debaterNames.get(seat.userId) ?? 'Someone',
        side: seat.side === affSide ? 'aff' : 'neg',
        position: seat.position,
        points: points === null ? null : points / 10,
      };
    });
  };
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
  const tournament = row;
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
        walkoverFrom: p.isBye ? who(p.negEntrantId) : null,
        flags: JSON.parse(p.flags) as TDrawFlag[],
        coinFlipWinner: who(p.coinFlipWinnerId),
        coinFlip: p.debateId === null ? null : (coinFlips.get(p.debateId) ?? null),
        debateStatus: p.debateId === null ? null : (outcomes.get(p.debateId)?.status ?? null),
        judge: judgeOf(p.debateId),
        winnerEntrantId: winnerOf(p),
        panel: panelOf(p.debateId),
        debaters: debatersOf(p),
      })),
      bpRooms: [],
    };
  });
}

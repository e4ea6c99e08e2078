/**
 * The tab (standings from confirmed results), publishing the results, each division's elimination bracket as read,
 * and the tab's reaction to a round that ended.
 */
import {
  computeStandings,
  type TDebate,
  type TDebateStatus,
  type TRoundRecord,
  type TSessionUser,
  type TTournament,
  type TTournamentBrackets,
  type TTournamentDivisionStandings,
  type TTournamentStandings,
} from '@resolved/shared';
import { nowIso } from '../../db/database';
import { AppError } from '../../lib/errors';
import { withKeyLock } from '../../lib/key-lock';
import { outcomesOf } from '../results/results.service';
import { lateByeIds } from './tournament-judging';
import { bracketView } from './tournament-bracket';
import * as bracketRepo from './tournament-bracket.repository';
import { reconcileResults } from './tournament-elimination';
import * as repo from './tournaments.repository';
import * as roomsRepo from './tournament-rooms.repository';
import {
  type TTournamentsDeps,
  db,
  lockKey,
  requireReader,
  requireManager,
  accessOf,
  requireDoor,
} from './tournament-access';
import { bracketsFor, privateUserIdsOf, standingsFor } from './tournament-privacy';
import { emitChanged, emitResultChanged } from './tournament-events';
import { present, presentDivision, listEntrantsOf } from './tournament-presenter';
import { readModel } from './tournament-read-model';
import { speakerTabOf } from './tournament-speakers';
import { bpStandingsOf } from './tournament-bp-tab';
import { entrantRefOf, memberIdsOf, tabEntrantOf, teamsOf } from './tournament-teams';

/**
 * The tab of each division from its confirmed results (`computeStandings`): judged ballots with their speaker
 * points, forfeits (the winner scores their average) and byes. A debate still without a result is left out until it
 * has one, so the tab moves with every ballot. Points are stored in tenths and shown in points.
 */
export async function standingsOf(
  deps: TTournamentsDeps,
  tournamentId: number,
): Promise<TTournamentDivisionStandings[]> {
  const [tournament, divisions, allPairings, entrants] = await Promise.all([
    repo.findTournament(db(deps), tournamentId),
    repo.listDivisions(db(deps), tournamentId),
    repo.listPairings(db(deps), tournamentId),
    listEntrantsOf(deps, tournamentId),
  ]);
  if (tournament?.formatId === 'bp') {
    const named = divisions.map((row) => ({ row, name: presentDivision(row).name }));
    return bpStandingsOf(deps, tournament, named, entrants);
  }
  // The tab is the preliminaries' (elimination rounds decide the bracket, not the standings).
  const prelimRounds = tournament?.prelimRounds ?? 0;
  const pairings = allPairings.filter((p) => p.number <= prelimRounds);
  const byId = new Map(entrants.map((e) => [e.id, e]));
  const outcomes = await outcomesOf(
    db(deps),
    pairings.flatMap((p) => (p.debateId === null ? [] : [p.debateId])),
  );
  const teams = await teamsOf(db(deps), tournamentId);
  const isTeams = (tournament?.teamSize ?? 1) > 1;
  const speakersOf = (divisionId: number) =>
    isTeams
      ? speakerTabOf(db(deps), {
          pairings: pairings.filter((p) => p.divisionId === divisionId),
          outcomes,
          entrantsById: byId,
          membersOf: (e) => memberIdsOf(teams, e),
        })
      : Promise.resolve([]);
  const speakers = new Map(await Promise.all(divisions.map(async (d) => [d.id, await speakersOf(d.id)] as const)));
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
            affPoints: outcome.sidePointsOf(aff.userId),
            negPoints: outcome.sidePointsOf(neg.userId),
          },
        ];
      });
      resultsCounted += byes.length + debates.length;
      return { debates, byes };
    });
    // A team whose partner never confirmed was never drawn: it is not on the tab.
    const field = entrants.filter((e) => e.divisionId === division.id && e.members.every((m) => m.isConfirmed));
    const standings = computeStandings(
      field.map((e) => String(e.id)),
      records,
    ).map((s) => {
      const entrant = byId.get(Number(s.entrantId))!;
      return {
        rank: s.rank,
        ...tabEntrantOf(entrant),
        wins: s.wins,
        losses: s.losses,
        byes: s.byes,
        speakerPoints: Math.round(s.speakerPoints) / 10,
        isHighLowDropped: s.isHighLowDropped,
        opponentWins: s.opponentWins,
        bp: null,
      };
    });
    return {
      divisionId: division.id,
      name: presentDivision(division).name,
      resultsCounted,
      standings,
      privateEntrants: [],
      speakers: speakers.get(division.id) ?? [],
    };
  });
}

/**
 * The tab: for the hosts and entrants, and for everyone (visitors too) once a host published the results, with its
 * minors private to outsiders (`standingsFor`).
 */
export async function getStandings(
  deps: TTournamentsDeps,
  user: TSessionUser | null,
  id: number,
): Promise<TTournamentStandings> {
  const { row, viewer } = await requireReader(deps, user, id);
  requireDoor(row, viewer, 'standings');
  const access = accessOf(row, viewer);
  // Built once per tournament version (the row just read carries it), then filtered for this viewer.
  const divisions = await readModel(deps.database, row, 'standings', () => standingsOf(deps, row.id));
  const tab = { tournamentId: row.id, publishedAt: row.publishedAt, divisions };
  if (!access.isMinorsPrivate) return tab;
  const userIds = divisions.flatMap((d) => [...d.standings.map((s) => s.userId), ...d.speakers.map((s) => s.userId)]);
  return standingsFor(tab, { privateUserIds: await privateUserIdsOf(db(deps), userIds, row.id) }, access);
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
  const tournamentId = await roomsRepo.findTournamentIdOfDebate(db(deps), debate.id);
  if (tournamentId === null) return;
  // A hint: the sequencer reconciles the same at every wake (a lost event only delays it). Done here first so that
  // the pages told below read the bracket (and a finished tournament) with this result.
  const hasFinished = await withKeyLock(deps.database, lockKey(tournamentId), async (trx) => {
    const tournament = await repo.findTournament(trx, tournamentId);
    return tournament ? reconcileResults(trx, tournament) : false;
  });
  // The last result finished the tournament: every page reads it all again.
  if (hasFinished) return emitChanged(deps, tournamentId);
  // The debaters and judges of this pairing see it change; everyone else, the tab and the results.
  // Every seat: a team's partners as well as its captain.
  const debaters = debate.seats?.length ? debate.seats.map((seat) => seat.userId) : [];
  const people = [
    ...new Set([debate.debaters.a.userId, debate.debaters.b.userId, ...debaters]),
    ...(debate.judge ? [debate.judge.userId] : []),
    ...(debate.panel?.judges.map((j) => j.userId) ?? []),
  ];
  await emitResultChanged(deps, tournamentId, people);
}

/**
 * The whole tab as a tournament's hosts and entrants read it (they are insiders: nothing is withheld), for
 * `tournament.standings_changed` (`tournament-tab-push.ts`); null when the tournament is gone. From the read model,
 * so the pages' own reads of this version cost nothing more.
 */
export async function wholeTab(deps: TTournamentsDeps, id: number): Promise<TTournamentStandings | null> {
  const row = await repo.findTournament(db(deps), id);
  if (!row) return null;
  const divisions = await readModel(deps.database, row, 'standings', () => standingsOf(deps, row.id));
  return { tournamentId: row.id, publishedAt: row.publishedAt, divisions };
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
  requireDoor(row, viewer, 'bracket');
  const access = accessOf(row, viewer);
  const [brackets, divisions, entrants] = await Promise.all([
    bracketRepo.listBrackets(db(deps), id),
    repo.listDivisions(db(deps), id),
    listEntrantsOf(deps, id),
  ]);
  const byId = new Map(entrants.map((e) => [e.id, e]));
  const refOf = (entrantId: number) => {
    const entrant = byId.get(entrantId);
    return entrant ? entrantRefOf(entrant) : { displayName: 'Someone', memberNames: ['Someone'] };
  };
  const all: TTournamentBrackets = {
    tournamentId: row.id,
    firstEliminationRound: row.prelimRounds + 1,
    divisions: brackets.map((b) => {
      const division = divisions.find((d) => d.id === Number(b.divisionId));
      const view = bracketView(b.data, refOf);
      const champion = b.championEntrantId === null ? undefined : byId.get(Number(b.championEntrantId));
      return {
        divisionId: Number(b.divisionId),
        name: division ? presentDivision(division).name : 'A division',
        seeds: view.participant.map((p, index) => ({
          seed: index + 1,
          entrantId: p.entrantId,
          displayName: p.name,
        })),
        champion: champion ? entrantRefOf(champion) : null,
        bracket: view,
      };
    }),
  };
  if (!access.isMinorsPrivate) return all;
  const privateUserIds = await privateUserIdsOf(
    db(deps),
    entrants.map((e) => e.userId),
    id,
  );
  const privateEntrantIds = new Set(entrants.filter((e) => privateUserIds.has(e.userId)).map((e) => e.id));
  return bracketsFor(all, { privateUserIds, privateEntrantIds }, access);
}

/**
 * What someone outside a tournament sees of its minors (`docs/safety.md`, "Tournaments"): a minor — an entrant or a
 * judge, host or co-host under 18, or with no age given — is named by `publicName` with no user id; the tab leaves out
 * their rank, record and points (listing them apart, by that name) and ranks the rows it shows among themselves; the
 * bracket leaves out their seed. The tournament's own people (`tournamentAccess(…).isInsider`) read everything as it
 * is.
 *
 * The filters are pure functions of what the presenter built and of the viewer's access, so a read model cached per
 * tournament can sit before them; only `privateUserIdsOf` reads the database.
 */
import {
  isMinorRound,
  publicName,
  teamDisplayName,
  type TTournamentAccess,
  type TTournamentBpRoom,
  type TTournamentBracketParticipant,
  type TTournamentBrackets,
  type TTournamentEntrantRef,
  type TTournamentHostRef,
  type TTournamentPairing,
  type TTournamentRound,
  type TTournamentStandings,
} from '@resolved/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { ageBandsOf } from '../users/users.service';
import { listMembers } from './tournament-members.repository';

/** The people of a tournament whose names and places are private to outsiders. */
export interface TTournamentPrivacy {
  privateUserIds: ReadonlySet<string>;
}

/** Of these users (entrants, judges), those who count as under 18 now: under 18, or no age given (the safe side). */
export async function privateUserIdsOf(
  db: Kysely<DB>,
  userIds: readonly string[],
  tournamentId: number,
): Promise<Set<string>> {
  // A team's captain names the team: private when any member is (its name shows every member's).
  const teammates = new Map<string, string[]>();
  const members = await listMembers(db, tournamentId);
  for (const m of members) {
    const captain = members.find((c) => c.entrantId === m.entrantId && c.memberOrder === 1)?.userId;
    if (captain !== undefined && captain !== m.userId)
      teammates.set(captain, [...(teammates.get(captain) ?? []), m.userId]);
  }
  const everyone = [...new Set(userIds.flatMap((id) => [id, ...(teammates.get(id) ?? [])]))];
  const bands = await ageBandsOf(db, everyone);
  const isMinor = (id: string) => isMinorRound([bands.get(id)]);
  return new Set(userIds.filter((id) => isMinor(id) || (teammates.get(id) ?? []).some(isMinor)));
}

/**
 * A private entrant's names as an outsider reads them: each member's `publicName` from the members' list (never from
 * splitting the joined name, which a member's own name may break), and the team's name joined from those.
 */
export function publicEntrantNames(memberNames: readonly string[]): { displayName: string; memberNames: string[] } {
  const names = memberNames.map(publicName);
  return { displayName: teamDisplayName(names), memberNames: names };
}

/** A bracket participant of a private entrant as an outsider reads it. */
function publicParticipant(p: TTournamentBracketParticipant): TTournamentBracketParticipant {
  const names = publicEntrantNames(p.memberNames);
  return { ...p, name: names.displayName, memberNames: names.memberNames };
}

const isPrivate = (privacy: TTournamentPrivacy, userId: string | null) =>
  userId !== null && privacy.privateUserIds.has(userId);

function entrantRef<T extends TTournamentEntrantRef | null>(ref: T, privacy: TTournamentPrivacy): T {
  if (ref === null || !isPrivate(privacy, ref.userId)) return ref;
  return { ...ref, userId: null, ...publicEntrantNames(ref.memberNames) };
}

function pairingFor(p: TTournamentPairing, privacy: TTournamentPrivacy): TTournamentPairing {
  const judge =
    p.judge && isPrivate(privacy, p.judge.userId)
      ? { userId: null, displayName: publicName(p.judge.displayName), paradigm: null }
      : p.judge;
  return {
    ...p,
    aff: entrantRef(p.aff, privacy),
    neg: entrantRef(p.neg, privacy),
    bye: entrantRef(p.bye, privacy),
    walkoverFrom: entrantRef(p.walkoverFrom, privacy),
    coinFlipWinner: entrantRef(p.coinFlipWinner, privacy),
    // The coin flip names its debaters by user id: left out when either is private.
    coinFlip: [p.aff, p.neg].some((side) => side && isPrivate(privacy, side.userId)) ? null : p.coinFlip,
    judge,
    panel: p.panel.map((j) =>
      isPrivate(privacy, j.userId) ? { userId: null, displayName: publicName(j.displayName) } : j,
    ),
  };
}

/** A tournament's host and co-hosts as this viewer may read their names: a minor's as a minor entrant's. */
export function hostsFor<T extends { host: TTournamentHostRef; cohosts: TTournamentHostRef[] }>(
  tournament: T,
  privacy: TTournamentPrivacy,
  access: TTournamentAccess,
): T {
  if (!access.isMinorsPrivate) return tournament;
  const named = (ref: TTournamentHostRef) =>
    isPrivate(privacy, ref.userId) ? { userId: null, displayName: publicName(ref.displayName) } : ref;
  return { ...tournament, host: named(tournament.host), cohosts: tournament.cohosts.map(named) };
}

/** The released rounds as this viewer may read their names. */
export function roundsFor(
  rounds: TTournamentRound[],
  privacy: TTournamentPrivacy,
  access: TTournamentAccess,
): TTournamentRound[] {
  if (!access.isMinorsPrivate) return rounds;
  return rounds.map((round) => ({
    ...round,
    pairings: round.pairings.map((p) => pairingFor(p, privacy)),
    bpRooms: round.bpRooms.map((room) => bpRoomFor(room, privacy)),
  }));
}

function bpRoomFor(room: TTournamentBpRoom, privacy: TTournamentPrivacy): TTournamentBpRoom {
  return {
    ...room,
    teams: {
      og: entrantRef(room.teams.og, privacy),
      oo: entrantRef(room.teams.oo, privacy),
      cg: entrantRef(room.teams.cg, privacy),
      co: entrantRef(room.teams.co, privacy),
    },
    panel: room.panel.map((j) =>
      isPrivate(privacy, j.userId) ? { userId: null, displayName: publicName(j.displayName) } : j,
    ),
  };
}

/**
 * The ranked rows an outsider reads: the tab's order, ranked again among the rows shown (tied rows still share a
 * rank, and the next shown row's rank counts only the rows shown before it), so no gap says where a private entrant
 * placed.
 */
export function rankedAmongShown<T extends { rank: number }>(rows: readonly T[]): T[] {
  const out: T[] = [];
  rows.forEach((row, index) => {
    const before = rows[index - 1];
    const rank = before !== undefined && before.rank === row.rank ? out[index - 1]!.rank : index + 1;
    out.push(rank === row.rank ? row : { ...row, rank });
  });
  return out;
}

/** The tab as this viewer may read it: to an outsider, minors apart, by name only, the rest ranked among themselves. */
export function standingsFor(
  standings: TTournamentStandings,
  privacy: TTournamentPrivacy,
  access: TTournamentAccess,
): TTournamentStandings {
  if (!access.isMinorsPrivate) return standings;
  return {
    ...standings,
    divisions: standings.divisions.map((division) => ({
      ...division,
      standings: rankedAmongShown(division.standings.filter((s) => !isPrivate(privacy, s.userId))),
      privateEntrants: division.standings
        .filter((s) => isPrivate(privacy, s.userId))
        .map((s) => ({ entrantId: s.entrantId, displayName: publicEntrantNames(s.memberNames).displayName }))
        .sort((a, b) => a.displayName.localeCompare(b.displayName) || a.entrantId - b.entrantId),
      // A debater under 18 is left off the speaker tab (the team's row is private already when they are on it).
      speakers: rankedAmongShown(division.speakers.filter((s) => !isPrivate(privacy, s.userId))),
    })),
  };
}

/**
 * The brackets as this viewer may read them. `privateEntrantIds`: the entrants of `privacy`'s private users (a seed
 * names an entrant, not a user).
 */
export function bracketsFor(
  brackets: TTournamentBrackets,
  privacy: TTournamentPrivacy & { privateEntrantIds: ReadonlySet<number> },
  access: TTournamentAccess,
): TTournamentBrackets {
  if (!access.isMinorsPrivate) return brackets;
  const hides = (entrantId: number) => privacy.privateEntrantIds.has(entrantId);
  return {
    ...brackets,
    divisions: brackets.divisions.map((division) => ({
      ...division,
      seeds: division.seeds.filter((s) => !hides(s.entrantId)),
      champion: entrantRef(division.champion, privacy),
      bracket: {
        ...division.bracket,
        participant: division.bracket.participant.map((p) => (hides(p.entrantId) ? publicParticipant(p) : p)),
      },
    })),
  };
}

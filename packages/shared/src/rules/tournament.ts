/**
 * What a viewer may do with a tournament and see of it, read by the server's doors and presenter and by the pages
 * alike. Who may find a tournament at all (its entry mode, its teams) is the server's door before this; these rules
 * take the viewer's part in it and say what follows.
 *
 * The tournament's own people — its hosts and co-hosts, entrants, the coaches of entrants' teams, its judges, and
 * admins — see the whole tab. Anyone else (a signed-in stranger, a visitor) sees a published tournament with its
 * minors private: `publicName` for the name, and no rank, record or points (`docs/safety.md`, "Tournaments").
 */
import type { TRefusal } from '../errors.js';
import { refusalOf } from './refusals.js';
import type { TTournamentDoor } from './tournament-words.js';

export type { TTournamentDoor } from './tournament-words.js';

/** The viewer's part in one tournament, as the server reads it (`TTournament.viewer`) and the page knows it. */
export interface TTournamentViewerFacts {
  isSignedIn: boolean;
  isAdmin: boolean;
  isHost: boolean;
  isCohost: boolean;
  /** Entered (a withdrawn entrant too). */
  isEntrant: boolean;
  /** In the judge pool. */
  isJudge: boolean;
  /** Coaches a team that has an entrant. */
  isCoachOfEntrant: boolean;
  /** A host published the results to everyone. */
  isPublished: boolean;
}

/** What the viewer may do and see. */
export interface TTournamentAccess {
  /** Release, re-pair, correct, publish, export, name judges and co-hosts: the hosts. */
  canManage: boolean;
  /** Its own people: see the whole tab, every name in full, and its entrants. */
  isInsider: boolean;
  /** The entrants list (`GET …/entrants`: user ids, no-shows, late byes, entry times). */
  canSeeEntrants: boolean;
  /** Every pairing of every released round: the hosts; everyone once published. */
  canSeeAllPairings: boolean;
  /** Their own debates (an entrant) and the rooms they judge (a judge) before publication. */
  canSeeOwnPairings: boolean;
  /** The tab and the bracket: the hosts and entrants; everyone once published. */
  canSeeTab: boolean;
  /** The judge pool: every judge for the hosts, their own line for a judge. */
  canSeeJudgePool: boolean;
  /** Whether minors' names, ranks and points are withheld from what this viewer reads. */
  isMinorsPrivate: boolean;
}

export function tournamentAccess(f: TTournamentViewerFacts): TTournamentAccess {
  const canManage = f.isHost || f.isCohost;
  const isInsider = canManage || f.isEntrant || f.isJudge || f.isCoachOfEntrant || f.isAdmin;
  return {
    canManage,
    isInsider,
    canSeeEntrants: isInsider,
    canSeeAllPairings: canManage || f.isPublished,
    canSeeOwnPairings: f.isEntrant || f.isJudge,
    canSeeTab: canManage || f.isEntrant || f.isPublished,
    canSeeJudgePool: canManage || f.isJudge,
    isMinorsPrivate: !isInsider,
  };
}

/** Why the viewer may not pass `door` (null: they may). `rounds` passes with their own pairings alone. */
export function tournamentRefusal(f: TTournamentViewerFacts, door: TTournamentDoor): TRefusal | null {
  const access = tournamentAccess(f);
  const may = {
    manage: access.canManage,
    rounds: access.canSeeAllPairings || access.canSeeOwnPairings,
    standings: access.canSeeTab,
    bracket: access.canSeeTab,
    entrants: access.canSeeEntrants,
    judges: access.canSeeJudgePool,
  }[door];
  return may ? null : refusalOf('tournament_access', door);
}

/**
 * How a minor is named to someone outside the tournament: the first word of their display name and the initials of
 * the rest ("Ann Marie Lee" → "Ann M. L."); a name of one word, its first letter ("annlee2009" → "A."), since one
 * word may be a whole name or a handle that finds them.
 */
export function publicName(displayName: string): string {
  const words = displayName.trim().split(/\s+/u).filter(Boolean);
  const initial = (word: string) => `${Array.from(word)[0]!.toLocaleUpperCase()}.`;
  if (words.length === 0) return 'An entrant';
  if (words.length === 1) return initial(words[0]!);
  return [words[0]!, ...words.slice(1).map(initial)].join(' ');
}

/**
 * A division's name as shown. An open tournament draws each named division in two pools by age band (minors apart
 * from adults, `docs/safety.md`); the pools are "pool A" and "pool B" of the host's name, never named by age.
 */
export function divisionLabel(name: string, ageBand: 'minor' | 'adult' | null): string {
  if (ageBand === null) return name;
  return `${name} · pool ${ageBand === 'minor' ? 'A' : 'B'}`;
}

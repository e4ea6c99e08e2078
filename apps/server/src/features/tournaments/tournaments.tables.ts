import type { Generated, Selectable } from 'kysely';
import type {
  TDivisionAgeBand,
  TFirstRoundSeeding,
  TFormatId,
  TTournamentEntryMode,
  TTournamentRoundStatus,
  TTournamentAuditAction,
  TTournamentScheduleMode,
  TTournamentStatus,
} from '@resolved/shared';

/** Timestamps in our own tables are ISO-8601 UTC strings on both engines (see docs/decisions.md). */
/** Tournaments and what hangs off them (migration 0041-tournaments). */
export interface TournamentsTable {
  id: Generated<number>;
  name: string;
  formatId: TFormatId;
  prelimRounds: number;
  /** 0: no elimination rounds; not a power of two: a partial break (the top seeds get byes). */
  breakSize: number;
  scheduleMode: TTournamentScheduleMode;
  entryMode: TTournamentEntryMode;
  firstRound: Generated<TFirstRoundSeeding>;
  status: Generated<TTournamentStatus>;
  /** Only for entry by code. */
  joinCode: string | null;
  hostId: string | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  /** When a host published the results to everyone (migration 0042); null: hosts and entrants only. */
  publishedAt: string | null;
  /** The judge obligation (migration 0047): each team owes one judge per this many of its entrants; null: none. */
  entrantsPerJudge: Generated<number | null>;
  /** Judges per room, 1 or 3 (migration 0045): in preliminary rounds, and in elimination rounds. */
  prelimJudgesPerRoom: Generated<number>;
  elimJudgesPerRoom: Generated<number>;
  /**
   * Bumped by triggers (migration 0053) in the same transaction as any change to what the rounds and the tab are read
   * from: the key of their cached read model (`tournament-read-model.ts`). A bigint: read it through `Number`.
   */
  version: Generated<number | string>;
  /** Debaters per entrant (migration 0062): 1, or the format's team size (a tournament of teams). */
  teamSize: Generated<number>;
  /** British Parliamentary (migration 0067): each speech's minutes, 7 or 5; null in the other formats. */
  speechMinutes: number | null;
}

export interface TournamentCohostsTable {
  tournamentId: number;
  userId: string;
  addedAt: string;
}

/** The host's teams whose members may enter (entry by teams). */
export interface TournamentTeamsTable {
  tournamentId: number;
  teamId: number;
}

export interface TournamentDivisionsTable {
  id: Generated<number>;
  tournamentId: number;
  name: string;
  /** An open tournament's split by age band; null: every age. */
  ageBand: TDivisionAgeBand | null;
  position: number;
}

export interface TournamentEntrantsTable {
  id: Generated<number>;
  tournamentId: number;
  userId: string;
  divisionId: number;
  teamId: number | null;
  /** Set when withdrawn (by themselves, the host or two no-shows); their rounds stay. */
  withdrawnAt: string | null;
  noShows: Generated<number>;
  /** A late entrant's bye score for the rounds they missed; null for an entrant from the start. */
  lateByeScore: number | null;
  enteredAt: string;
}

/**
 * The debaters of an entrant (migration 0062), in speaking order: `memberOrder` 1 is the captain
 * (`tournamentEntrants.userId`), who confirmed at entry; a partner counts once `confirmedAt` is set.
 */
export interface TournamentEntrantMembersTable {
  entrantId: number;
  tournamentId: number;
  userId: string;
  memberOrder: number;
  confirmedAt: string | null;
}

export interface TournamentRoundsTable {
  id: Generated<number>;
  tournamentId: number;
  divisionId: number;
  number: number;
  status: Generated<TTournamentRoundStatus>;
  /** The draw's seed: the same field, results and seed give the same draw. */
  seed: string;
  releasedAt: string | null;
  releasedBy: string | null;
  completedAt: string | null;
  /** Migration 0043: a fixed-schedule round's start (null: released by hand, or when the ballots are in). */
  startsAt: Generated<string | null>;
  /** When the sequencer checked who came to the round's rooms (once: its claim). */
  graceEndedAt: Generated<string | null>;
  /** Why the last automatic release was refused (null: none, or released). */
  releaseRefusal: Generated<string | null>;
  /** When the sequencer saw every result of the round in (the `when_ballots_in` pause counts from it). */
  resultsInAt: Generated<string | null>;
}

export interface TournamentPairingsTable {
  id: Generated<number>;
  roundId: number;
  affEntrantId: number;
  /**
   * Null for the bye (its entrant in `affEntrantId`). With `isBye`, an elimination round's walkover: the entrant of
   * the bracket who could not take part (their forfeit in the bracket), `affEntrantId` going through.
   */
  negEntrantId: number | null;
  isBye: Generated<number>;
  /** The draw's flags (`TDrawFlag[]`) as JSON. */
  flags: Generated<string>;
  /** Public Forum: the entrant who won the draw's coin flip and chooses side or speaking order; null elsewhere. */
  coinFlipWinnerId: number | null;
  /** The ordinary round (kind `tournament`) this pairing opened; null for the bye. */
  debateId: number | null;
}

/** A British Parliamentary round's room of four teams (migration 0067), by position. */
export interface TournamentBpRoomsTable {
  id: Generated<number>;
  roundId: number;
  ogEntrantId: number;
  ooEntrantId: number;
  cgEntrantId: number;
  coEntrantId: number;
  /** The ordinary round (kind `tournament`) the room opened. */
  debateId: number | null;
  /** The team points of the bracket the room was drawn in (0 in an elimination round). */
  bracket: number;
}

/** The judge pool (the judge's team, for conflicts), and availability per round. */
export interface TournamentJudgesTable {
  tournamentId: number;
  userId: string;
  teamId: number | null;
  addedAt: string;
  /** Who added the judge (migration 0049): a host, or a coach bringing their team's judge; null: unknown. */
  addedBy: Generated<string | null>;
}

export interface TournamentJudgeAvailabilityTable {
  tournamentId: number;
  userId: string;
  roundNumber: number;
  isAvailable: number;
}

/** An entrant a judge of the pool declared a conflict with (migration 0042): never seated in their room. */
export interface TournamentJudgeConflictsTable {
  tournamentId: number;
  userId: string;
  entrantId: number;
}

/** A host's motion for a preliminary round (migration 0047): hidden from entrants until the round is released. */
export interface TournamentMotionsTable {
  tournamentId: number;
  roundNumber: number;
  motion: string;
  updatedAt: string;
}

/** A division's elimination bracket: `brackets-manager`'s stage as its in-memory database's JSON. */
export interface TournamentBracketsTable {
  id: Generated<number>;
  tournamentId: number;
  divisionId: number;
  data: string;
  championEntrantId: number | null;
  createdAt: string;
  updatedAt: string;
}

/** Who checked in for a round (migration 0043): an entrant or a judge of the pool. */
export interface TournamentCheckInsTable {
  tournamentId: number;
  roundNumber: number;
  userId: string;
  checkedInAt: string;
}

/** A round an entrant missed (migration 0043), counted once: not checked in at the draw, or absent at grace's end. */
export interface TournamentNoShowsTable {
  tournamentId: number;
  entrantId: number;
  roundNumber: number;
  reason: 'not_checked_in' | 'absent';
  recordedAt: string;
}

/** A host's correction (migration 0046): sides, judge, a re-pair, a result; `before`/`after` JSON with a `text`. */
export interface TournamentAuditTable {
  id: Generated<number>;
  tournamentId: number;
  action: TTournamentAuditAction;
  roundNumber: number | null;
  debateId: number | null;
  actorId: string | null;
  reason: string | null;
  before: string;
  after: string;
  createdAt: string;
}

export type TTournamentRow = Selectable<TournamentsTable>;
export type TEntrantRow = Selectable<TournamentEntrantsTable>;
export type TMemberRow = Selectable<TournamentEntrantMembersTable>;
export type TDivisionRow = Selectable<TournamentDivisionsTable>;
export type TRoundRow = Selectable<TournamentRoundsTable>;
export type TPairingRow = Selectable<TournamentPairingsTable>;

export interface TournamentsTables {
  tournaments: TournamentsTable;
  tournamentCohosts: TournamentCohostsTable;
  tournamentTeams: TournamentTeamsTable;
  tournamentDivisions: TournamentDivisionsTable;
  tournamentEntrants: TournamentEntrantsTable;
  tournamentEntrantMembers: TournamentEntrantMembersTable;
  tournamentRounds: TournamentRoundsTable;
  tournamentPairings: TournamentPairingsTable;
  tournamentBpRooms: TournamentBpRoomsTable;
  tournamentJudges: TournamentJudgesTable;
  tournamentJudgeAvailability: TournamentJudgeAvailabilityTable;
  tournamentJudgeConflicts: TournamentJudgeConflictsTable;
  tournamentMotions: TournamentMotionsTable;
  tournamentBrackets: TournamentBracketsTable;
  tournamentCheckIns: TournamentCheckInsTable;
  tournamentNoShows: TournamentNoShowsTable;
  tournamentAudit: TournamentAuditTable;
}

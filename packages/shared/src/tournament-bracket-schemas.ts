/**
 * The elimination bracket as the API returns it (`GET /api/tournaments/:id/bracket`): per division that broke, the
 * bracket in `brackets-manager`'s own tables (which `brackets-viewer` draws as they are) and the champion once the
 * final is decided.
 */
import type { TTournamentEntrantRef } from './tournament-schemas.js';

/** A bracket's participant: `brackets-manager`'s row with the entrant's name, and their entrant id. */
export interface TTournamentBracketParticipant {
  id: number | string;
  tournament_id: number | string;
  name: string;
  entrantId: number;
  /** The entrant's debaters' names in speaking order (`TTournamentEntrantRef.memberNames`); `name` is for showing. */
  memberNames: string[];
}

/**
 * `brackets-manager`'s tables of one single-elimination stage (stage, group, round, match, match game), passed
 * through untouched for `brackets-viewer`; participants named.
 */
export interface TTournamentBracketView {
  stage: unknown[];
  group: unknown[];
  round: unknown[];
  match: unknown[];
  matchGame: unknown[];
  participant: TTournamentBracketParticipant[];
}

export interface TTournamentDivisionBracket {
  divisionId: number;
  /** The division's name as the tab shows it. */
  name: string;
  /** The break, seed 1 first (to an outsider, without the seeds of minors, whose place is private). */
  seeds: { seed: number; entrantId: number; displayName: string }[];
  champion: TTournamentEntrantRef | null;
  bracket: TTournamentBracketView;
}

/** `GET /api/tournaments/:id/bracket`: every division's bracket (none before the break). */
export interface TTournamentBrackets {
  tournamentId: number;
  /** The first elimination round's number (the preliminaries come first). */
  firstEliminationRound: number;
  divisions: TTournamentDivisionBracket[];
}

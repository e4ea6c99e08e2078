/**
 * What a tournament's round is called, wherever it is named: the host's and an entrant's page, the public results,
 * the dashboard, the room's tournament tag, the toast of a released round. Preliminary rounds go by number; an
 * elimination round by what is left of the bracket.
 */
import { bpEliminationRoundsFor } from '../bp/tournament.js';
import { eliminationRoundsFor } from './bracket.js';

/** The elimination rounds named by what is left of the bracket, the final first. */
const ELIMINATION_NAMES = ['Final', 'Semifinals', 'Quarterfinals', 'Octofinals'] as const;

/** What `roundName` needs to know of the tournament. */
export interface TRoundNaming {
  prelimRounds: number;
  breakSize: number;
  /** British Parliamentary's break advances two teams a room (`bpEliminationRoundsFor`); absent: two-sided. */
  formatId?: string;
}

/** How many elimination rounds the tournament's break has, in its format (two a room go through in BP). */
export function eliminationRoundsOf(tournament: TRoundNaming): number {
  return tournament.formatId === 'bp'
    ? bpEliminationRoundsFor(tournament.breakSize)
    : eliminationRoundsFor(tournament.breakSize);
}

/**
 * A round's name, as a heading or label: "Round n" for a preliminary round; an elimination round by what is left of
 * the bracket ("Final", "Semifinals", "Quarterfinals", "Octofinals"), earlier ones "Elimination round k".
 */
export function roundName(number: number, tournament: TRoundNaming): string {
  if (number <= tournament.prelimRounds) return `Round ${number}`;
  return bracketRoundName(number - tournament.prelimRounds, eliminationRoundsOf(tournament));
}

/**
 * An elimination round's name from its place in the bracket: round `bracketRound` of `bracketRounds` (the last one is
 * the final). `roundName`'s for an elimination round, and the bracket drawing's column headings.
 */
export function bracketRoundName(bracketRound: number, bracketRounds: number): string {
  return ELIMINATION_NAMES[bracketRounds - bracketRound] ?? `Elimination round ${bracketRound}`;
}

/**
 * A name from `roundName` inside a sentence ("Release round 2", "Release the final", "the semifinals are out"): lower
 * case, with "the" before a stage of the bracket. Takes the name, so a client told only the name (a notification)
 * says it the same way.
 */
export function inSentence(name: string): string {
  const lower = name.toLowerCase();
  return (ELIMINATION_NAMES as readonly string[]).includes(name) ? `the ${lower}` : lower;
}

/**
 * The words of `tournament_access` at each door of a tournament (`tournament.ts`): who may do or see what was asked.
 * Apart from the rule so that `refusals.ts` reads them without importing the rule that uses it.
 */
export const TOURNAMENT_ACCESS_WORDS = {
  manage: 'Only the tournament’s hosts can do that.',
  rounds: 'Only the tournament’s hosts, entrants and judges see its draw before it is published.',
  standings: 'Only the tournament’s hosts and entrants see its standings before they are published.',
  bracket: 'Only the tournament’s hosts and entrants see its bracket before it is published.',
  entrants: 'Only the tournament’s hosts, entrants, their coaches and its judges see its entrants.',
  judges: 'Only the tournament’s hosts and its judges see the judge pool.',
} as const;

export type TTournamentDoor = keyof typeof TOURNAMENT_ACCESS_WORDS;

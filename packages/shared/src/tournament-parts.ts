/**
 * What of a tournament changed (`tournament.changed`), so that a page refetches that and nothing else: its own record,
 * its entrants, its draw (`rounds`: every page that shows pairings), the results of some pairings (`results`: pages
 * that show every pairing; the people of the pairings hear `rounds` in their own room), the tab and bracket, the
 * schedule, its judges (the pool, paradigms, obligations, motions, team judges). Free of zod: every page's live
 * updates read it (`useTournamentRoom`).
 */
export const TOURNAMENT_PARTS = ['tournament', 'entrants', 'rounds', 'results', 'tab', 'schedule', 'judges'] as const;
export type TTournamentPart = (typeof TOURNAMENT_PARTS)[number];

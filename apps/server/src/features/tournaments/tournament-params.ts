/** The path parameters of the tournaments' routes: one schema each, read by every route file of the feature. */
import { z } from 'zod';
import { eliminationRoundsFor, TOURNAMENT_LIMITS, ZTournamentId } from '@resolved/shared';

export const ZTournamentParams = z.object({ id: ZTournamentId });

/**
 * `/api/tournaments/:id/rounds/:number/…`: any round a tournament can have — its preliminary rounds, then the
 * elimination rounds of the largest break (9 + 6 = 15). Whether this tournament has round `number` is the service's
 * answer (a 404 or 409 naming its rounds); a number no tournament can have is a 400 here.
 */
export const ZRoundParams = ZTournamentParams.extend({
  number: z.coerce
    .number({ error: 'Unknown round.' })
    .int({ error: 'Unknown round.' })
    .min(1, { error: 'Unknown round.' })
    .max(TOURNAMENT_LIMITS.prelimRoundsMax + eliminationRoundsFor(TOURNAMENT_LIMITS.breakMax), {
      error: 'Unknown round.',
    }),
});

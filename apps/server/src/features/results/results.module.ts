import type { FastifyInstance } from 'fastify';
import type { TAppContext, TDebatesDeps } from '../../context';
import { closeUnjudgedDebates } from './results.service';
import { resultsRoutes } from './results.routes';

/** How often rounds past the ballot deadline are looked for (on one instance of all, by the scheduler). */
const BALLOT_DEADLINE_SWEEP_MS = 60_000;

/** Results: judging, ballots, records and ratings, and the ballot deadline's sweep. */
export async function resultsModule(app: FastifyInstance, context: TAppContext) {
  const deps: TDebatesDeps = { database: context.database, events: context.events };
  // Judges who never submit: rounds past the ballot deadline are completed without a decision.
  context.scheduler.every('results.close_unjudged', BALLOT_DEADLINE_SWEEP_MS, async () => {
    await closeUnjudgedDebates(deps);
  });
  await app.register(resultsRoutes, context);
}

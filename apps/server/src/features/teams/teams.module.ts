import type { FastifyInstance } from 'fastify';
import type { TAppContext } from '../../context';
import { announceDueRounds } from './team-rounds.service';
import type { TTeamsDeps } from './teams.service';
import { teamsRoutes } from './teams.routes';

/** How often the rounds whose start time has come are looked for (on one instance of all, by the scheduler). */
const OPENING_SWEEP_MS = 5_000;

/** Teams: their routes, and the sweep that opens the rounds a coach paired for later once their start has come. */
export async function teamsModule(app: FastifyInstance, context: TAppContext) {
  const deps: TTeamsDeps = { database: context.database, events: context.events };
  context.scheduler.every('teams.open_due_rounds', OPENING_SWEEP_MS, async () => {
    await announceDueRounds(deps);
  });
  await app.register(teamsRoutes, context);
}

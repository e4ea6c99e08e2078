import type { FastifyInstance } from 'fastify';
import type { TAppContext } from '../../context';
import { tournamentHostRoutes } from './tournament-host.routes';
import { tournamentsRoutes } from './tournaments.routes';
import { handleRoundUpdated } from './tournaments.service';

/**
 * Tournaments: their routes (creation, entry, the release of each round's draw, judges, the tab; the hosts'
 * corrections and audit in `tournament-host.routes.ts`), and the
 * subscription that tells a tournament's hosts and entrants when one of its rounds ends (a ballot changes the tab).
 */
export async function tournamentsModule(app: FastifyInstance, context: TAppContext) {
  await app.register(tournamentsRoutes, context);
  await app.register(tournamentHostRoutes, context);
  const deps = { database: context.database, events: context.events };
  const stopRounds = context.events.subscribe((event) => {
    if (event.name !== 'debate.updated') return;
    handleRoundUpdated(deps, event.payload.debate).catch((err: unknown) =>
      app.log.warn({ err }, 'tournaments: telling a round’s end failed'),
    );
  });
  app.addHook('onClose', async () => stopRounds());
}

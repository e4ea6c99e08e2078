import type { FastifyInstance } from 'fastify';
import type { TAppContext } from '../../context';
import { tournamentsRoutes } from './tournaments.routes';

/** Tournaments: their routes (creation, entry, the release of each round's draw). */
export async function tournamentsModule(app: FastifyInstance, context: TAppContext) {
  await app.register(tournamentsRoutes, context);
}

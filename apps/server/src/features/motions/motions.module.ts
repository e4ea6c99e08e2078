import type { FastifyInstance } from 'fastify';
import type { TAppContext } from '../../context';
import { motionsRoutes } from './motions.routes';

/** Motions: the motion bank per format. Its routes only: it has no socket handlers, scheduled jobs or subscriptions. */
export async function motionsModule(app: FastifyInstance, context: TAppContext) {
  await app.register(motionsRoutes, context);
}

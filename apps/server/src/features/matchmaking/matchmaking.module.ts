import type { FastifyInstance } from 'fastify';
import type { TAppContext } from '../../context';
import { matchmakingRoutes } from './matchmaking.routes';

/**
 * Matchmaking: the queue and challenge links. Its routes only: it has no socket handlers, scheduled jobs or
 * subscriptions.
 */
export async function matchmakingModule(app: FastifyInstance, context: TAppContext) {
  await app.register(matchmakingRoutes, context);
}

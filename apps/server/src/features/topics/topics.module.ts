import type { FastifyInstance } from 'fastify';
import type { TAppContext } from '../../context';
import { topicsRoutes } from './topics.routes';

/**
 * Topics: the current topic and its history. Its routes only: it has no socket handlers, scheduled jobs or
 * subscriptions.
 */
export async function topicsModule(app: FastifyInstance, context: TAppContext) {
  await app.register(topicsRoutes, context);
}

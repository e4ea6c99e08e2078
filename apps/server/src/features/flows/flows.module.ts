import type { FastifyInstance } from 'fastify';
import type { TAppContext } from '../../context';
import { flowsRoutes } from './flows.routes';

/**
 * Flows: each participant's private flow sheet of a round. Its routes only: it has no socket handlers, scheduled jobs
 * or subscriptions.
 */
export async function flowsModule(app: FastifyInstance, context: TAppContext) {
  await app.register(flowsRoutes, context);
}

import type { FastifyInstance } from 'fastify';
import type { TAppContext } from '../../context';
import { healthRoutes } from './health.routes';

/**
 * Health: the probe a load balancer or an operator asks. Its routes only: it has no socket handlers, scheduled jobs or
 * subscriptions.
 */
export async function healthModule(app: FastifyInstance, context: TAppContext) {
  await app.register(healthRoutes, context);
}

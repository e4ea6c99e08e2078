import type { FastifyInstance } from 'fastify';
import type { TAppContext } from '../../context';
import { roomsRoutes } from './rooms.routes';

/**
 * Rooms: the practice rooms anyone may list and open. Its routes only: it has no socket handlers, scheduled jobs or
 * subscriptions.
 */
export async function roomsModule(app: FastifyInstance, context: TAppContext) {
  await app.register(roomsRoutes, context);
}

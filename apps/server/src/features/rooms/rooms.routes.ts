import type { FastifyInstance } from 'fastify';
import type { TAppContext } from '../../app';
import { listRooms } from './rooms.repository';

export async function roomsRoutes(app: FastifyInstance, { database }: TAppContext) {
  app.get('/api/rooms', async () => ({ rooms: await listRooms(database.db) }));
}

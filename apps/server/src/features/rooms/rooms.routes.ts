import type { FastifyInstance } from 'fastify';
import { ZIdParam } from '@resolved/shared';
import type { TAppContext } from '../../context';
import { parseOrThrow } from '../../lib/errors';
import { getSessionUser } from '../auth/auth.guard';
import { sendCached } from '../../lib/read-cache/read-cache';
import { changeRoom, createRoom, getRoomsAnswer, removeRoom } from './rooms.service';

/** Per IP: generous for people, a wall for a script filling the grid. */
const WRITE_RATE_LIMIT = { rateLimit: { max: 30, timeWindow: '1 minute' } };

export async function roomsRoutes(app: FastifyInstance, context: TAppContext) {
  const { database } = context;

  /** Public: the same bytes for everyone until a room changes (ETag, 304 when unchanged). */
  app.get('/api/rooms', async (request, reply) => sendCached(request, reply, await getRoomsAnswer(database)));

  /** Signed-in users create a room (ids from 7 upward). */
  app.post('/api/rooms', { config: WRITE_RATE_LIMIT }, async (request, reply) => {
    const actor = await getSessionUser(request);
    const room = await createRoom(context, actor, request.body);
    return reply.status(201).send({ room });
  });

  /** Fixed rooms: admins change the link. Created rooms: creator, moderators, admins. */
  app.patch('/api/rooms/:id', { config: WRITE_RATE_LIMIT }, async (request) => {
    const actor = await getSessionUser(request);
    const { id } = parseOrThrow(ZIdParam, request.params);
    return { room: await changeRoom(context, actor, id, request.body) };
  });

  /** Created rooms only: creator, moderators, admins. */
  app.delete('/api/rooms/:id', { config: WRITE_RATE_LIMIT }, async (request, reply) => {
    const actor = await getSessionUser(request);
    const { id } = parseOrThrow(ZIdParam, request.params);
    await removeRoom(context, actor, id);
    return reply.status(204).send();
  });
}

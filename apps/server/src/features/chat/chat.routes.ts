import type { FastifyInstance } from 'fastify';
import type { TAppContext } from '../../context';
import { getSessionUser, requireUser } from '../auth/auth.guard';
import { getChatLock, listMessages } from './chat.service';

/**
 * Chat history and the chat's lock over HTTP; sending and deleting go through the socket (acknowledged writes). An
 * admin sets the lock with `PUT /api/chat/lock` (admin routes).
 */
export async function chatRoutes(app: FastifyInstance, context: TAppContext) {
  app.get('/api/chat/messages', async (request) => listMessages(context, await getSessionUser(request), request.query));
  app.get('/api/chat/lock', async (request) => {
    await requireUser(request);
    return { lock: await getChatLock(context) };
  });
}

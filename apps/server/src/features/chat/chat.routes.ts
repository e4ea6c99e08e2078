import type { FastifyInstance } from 'fastify';
import type { TAppContext } from '../../context';
import { getSessionUser } from '../auth/auth.guard';
import { listMessages } from './chat.service';

/** Chat history over HTTP; sending and deleting go through the socket (acknowledged writes). */
export async function chatRoutes(app: FastifyInstance, context: TAppContext) {
  app.get('/api/chat/messages', async (request) => listMessages(context, await getSessionUser(request), request.query));
}

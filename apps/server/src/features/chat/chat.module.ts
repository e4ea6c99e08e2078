import type { FastifyInstance } from 'fastify';
import type { TAppContext } from '../../context';
import { addSocketFeature } from '../../realtime/realtime';
import { chatRoutes } from './chat.routes';
import { chatSocketFeature } from './chat.socket';

/**
 * The community chat: its history and lock over HTTP, and its socket handlers (join, send, delete, presence). The
 * socket feature follows `user.blocks_changed` to move this instance's sockets of a blocker in or out of the hiding
 * room, from the start of the socket server until it closes the feature.
 */
export async function chatModule(app: FastifyInstance, context: TAppContext) {
  await app.register(chatRoutes, context);
  addSocketFeature(app, chatSocketFeature(context, app.log));
}

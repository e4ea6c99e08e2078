import type { FastifyInstance } from 'fastify';
import type { TAppContext } from '../../context';
import { addSocketFeature } from '../../realtime/realtime';
import { debatesRoutes } from './debates.routes';
import { debatesSocketFeature, FORFEIT_WATCH_JOB } from './debates.socket';

/**
 * Debates: the room over HTTP, its socket handlers (presence, the clock, chat, POIs, signalling) and the forfeit
 * watch's job. The socket feature also follows `debate.matched` (a matched debater is watched from the match) and
 * `user.blocks_changed` (a blocked spectator stops watching) for this instance's sockets, until the socket server
 * closes it.
 */
export async function debatesModule(app: FastifyInstance, context: TAppContext) {
  await app.register(debatesRoutes, context);
  const sockets = debatesSocketFeature(context, app.log);
  addSocketFeature(app, sockets);
  // A debater away from their room past the window forfeits, on whichever instance is up when it falls due.
  context.scheduler.handle(FORFEIT_WATCH_JOB, ({ key }) => sockets.forfeitIfAway(key));
}

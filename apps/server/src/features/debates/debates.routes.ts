import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  DB_INT_MAX,
  ZClockAction,
  ZExternalLinkRequest,
  ZSendDebateMessage,
  ZSpectatorWatchRequest,
} from '@resolved/shared';
import type { TAppContext } from '../../context';
import { parseOrThrow } from '../../lib/errors';
import { getSessionUser, requireUser } from '../auth/auth.guard';
import * as debates from './debates.service';
import * as roundChat from './round-chat.service';
import type { TDebatesDeps } from '../../context';
import { loadDebate } from './debates.service';
import { requireDebate } from './round-row';
import { requireRoundViewer } from './round-access';
import { ZDebateIdParams } from './debate-params';
import { checkIceFor } from './ice-servers';

/** A clock command over HTTP: the action, and the clock version the client saw (a stale command is refused). */
export const ZClockRequest = z.object({
  action: ZClockAction,
  clockVersion: z.number().int().min(0).max(DB_INT_MAX).optional(),
});

/** The room over HTTP: live rounds, one round, its clock, meeting link and chat. */
export async function debatesRoutes(app: FastifyInstance, context: TAppContext) {
  const deps: TDebatesDeps = { database: context.database, events: context.events };

  app.get('/api/debates', async (request) => ({
    debates: await debates.listLiveDebates(deps, await getSessionUser(request)),
  }));
  app.get('/api/debates/:id', async (request) => {
    const user = await requireUser(request);
    const { id } = parseOrThrow(ZDebateIdParams, request.params);
    const row = await requireDebate(deps, id);
    await requireRoundViewer(deps, user, row);
    const [debate, messages] = await Promise.all([loadDebate(deps, row), roundChat.listMessages(deps, id, user.id)]);
    return { debate, messages, serverTime: Date.now() };
  });
  app.post('/api/debates/:id/clock', async (request) => {
    const user = await requireUser(request);
    const { id } = parseOrThrow(ZDebateIdParams, request.params);
    const body = parseOrThrow(ZClockRequest, request.body);
    return debates.commandClock(deps, user, id, body.action, body.clockVersion);
  });
  app.put('/api/debates/:id/external-link', async (request) => {
    const user = await requireUser(request);
    const { id } = parseOrThrow(ZDebateIdParams, request.params);
    const { link } = parseOrThrow(ZExternalLinkRequest, request.body);
    return { debate: await debates.setExternalLink(deps, user, id, link) };
  });
  /** The meeting link for the debaters and the judge (a round spectators may not watch keeps it off its snapshot). */
  app.get('/api/debates/:id/meeting-link', async (request) => {
    const user = await requireUser(request);
    const { id } = parseOrThrow(ZDebateIdParams, request.params);
    return debates.getMeetingLink(deps, user, id);
  });
  /** A debater's "let spectators watch" (off by default in a round with a minor). */
  app.put('/api/debates/:id/spectator-watch', async (request) => {
    const user = await requireUser(request);
    const { id } = parseOrThrow(ZDebateIdParams, request.params);
    const { allow } = parseOrThrow(ZSpectatorWatchRequest, request.body);
    return { debate: await debates.setSpectatorWatch(deps, user, id, allow) };
  });
  app.post('/api/debates/:id/messages', async (request, reply) => {
    const user = await requireUser(request);
    const { id } = parseOrThrow(ZDebateIdParams, request.params);
    const { text, clientId } = parseOrThrow(ZSendDebateMessage, { ...(request.body as object), debateId: id });
    return reply.status(201).send({ message: await roundChat.postMessage(deps, user, id, { text, clientId }) });
  });
  /**
   * The connection check's servers, before any round: STUN and, with a TURN server set, short-lived credentials of
   * the signed-in person's own (never to a visitor), so the check tries the relay a round would use.
   */
  app.get('/api/media/check-servers', async (request, reply) => {
    const user = await requireUser(request);
    return reply.header('cache-control', 'private, no-store').send(checkIceFor(context.config, user.id));
  });
}

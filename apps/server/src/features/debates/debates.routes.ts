import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ZJoinAsJudgeRequest,
  DB_INT_MAX,
  ZClockAction,
  ZCreateChallengeRequest,
  ZExternalLinkRequest,
  ZFormatId,
  ZJoinQueueRequest,
  ZSendDebateMessage,
  ZSubmitBallotRequest,
} from '@resolved/shared';
import type { TAppContext } from '../../app';
import { parseOrThrow } from '../../lib/errors';
import { requireUser } from '../auth/auth.guard';
import * as debates from './debates.service';

const ZIdParams = z.object({
  id: z.coerce.number().int().positive({ error: 'Unknown debate.' }).max(DB_INT_MAX, { error: 'Unknown debate.' }),
});
const INVALID_CHALLENGE = 'That challenge link is not valid.';
const ZTokenParams = z.object({ token: z.string().min(8, INVALID_CHALLENGE).max(64, INVALID_CHALLENGE) });

export async function debatesRoutes(app: FastifyInstance, context: TAppContext) {
  const deps: debates.TDebatesDeps = { database: context.database, events: context.events };

  // Queue
  app.get('/api/debates/queue', async (request) => {
    const user = await requireUser(request);
    return { queue: await debates.getQueueStatus(deps, user.id) };
  });
  app.post('/api/debates/queue', async (request) => {
    const user = await requireUser(request);
    const { formatId } = parseOrThrow(ZJoinQueueRequest, request.body);
    return debates.joinQueue(deps, user, formatId);
  });
  app.delete('/api/debates/queue', async (request, reply) => {
    const user = await requireUser(request);
    await debates.leaveQueue(deps, user.id);
    return reply.status(204).send();
  });

  // Challenges
  app.post('/api/debates/challenges', async (request, reply) => {
    const user = await requireUser(request);
    const body = parseOrThrow(ZCreateChallengeRequest, request.body);
    return reply.status(201).send({ challenge: await debates.createChallenge(deps, user, body) });
  });
  app.get('/api/debates/challenges/:token', async (request) => {
    await requireUser(request);
    const { token } = parseOrThrow(ZTokenParams, request.params);
    return { challenge: await debates.getChallenge(deps, token) };
  });
  app.post('/api/debates/challenges/:token/accept', async (request) => {
    const user = await requireUser(request);
    const { token } = parseOrThrow(ZTokenParams, request.params);
    return { debateId: await debates.acceptChallenge(deps, user, token) };
  });

  // Lists and ratings
  app.get('/api/debates', async () => ({ debates: await debates.listLiveDebates(deps) }));
  app.get('/api/debates/history', async (request) => {
    const user = await requireUser(request);
    return debates.getHistory(deps, user.id);
  });
  app.get('/api/debates/record', async (request) => {
    const user = await requireUser(request);
    return { record: await debates.getRecord(deps, user.id) };
  });
  app.get('/api/debates/ratings', async (request) => {
    const { formatId } = parseOrThrow(z.object({ formatId: ZFormatId }), request.query);
    return { ratings: await debates.listRatings(deps, formatId) };
  });

  // One debate
  app.get('/api/debates/:id', async (request) => {
    await requireUser(request);
    const { id } = parseOrThrow(ZIdParams, request.params);
    const [debate, messages] = await Promise.all([debates.getDebate(deps, id), debates.listMessages(deps, id)]);
    return { debate, messages, serverTime: Date.now() };
  });
  app.post('/api/debates/:id/clock', async (request) => {
    const user = await requireUser(request);
    const { id } = parseOrThrow(ZIdParams, request.params);
    const body = parseOrThrow(
      z.object({ action: ZClockAction, clockVersion: z.number().int().min(0).max(DB_INT_MAX).optional() }),
      request.body,
    );
    return debates.commandClock(deps, user, id, body.action, body.clockVersion);
  });
  app.post('/api/debates/:id/judge', async (request) => {
    const user = await requireUser(request);
    const { id } = parseOrThrow(ZIdParams, request.params);
    const body = parseOrThrow(ZJoinAsJudgeRequest, request.body);
    return { debate: await debates.joinAsJudge(deps, user, id, body?.invite) };
  });
  app.post('/api/debates/:id/judge-invites', async (request, reply) => {
    const user = await requireUser(request);
    const { id } = parseOrThrow(ZIdParams, request.params);
    return reply.status(201).send(await debates.inviteJudge(deps, user, id));
  });
  app.post('/api/debates/:id/ballots', async (request, reply) => {
    const user = await requireUser(request);
    const { id } = parseOrThrow(ZIdParams, request.params);
    const ballot = parseOrThrow(ZSubmitBallotRequest, request.body);
    return reply.status(201).send({ debate: await debates.submitBallot(deps, user, id, ballot) });
  });
  app.post('/api/debates/:id/forfeit', async (request) => {
    const user = await requireUser(request);
    const { id } = parseOrThrow(ZIdParams, request.params);
    const debate = await debates.forfeit(deps, id, user.id);
    return { debate: debate ?? (await debates.getDebate(deps, id)) };
  });
  app.put('/api/debates/:id/external-link', async (request) => {
    const user = await requireUser(request);
    const { id } = parseOrThrow(ZIdParams, request.params);
    const { link } = parseOrThrow(ZExternalLinkRequest, request.body);
    return { debate: await debates.setExternalLink(deps, user, id, link) };
  });
  app.post('/api/debates/:id/messages', async (request, reply) => {
    const user = await requireUser(request);
    const { id } = parseOrThrow(ZIdParams, request.params);
    const { text, clientId } = parseOrThrow(ZSendDebateMessage, { ...(request.body as object), debateId: id });
    return reply.status(201).send({ message: await debates.postMessage(deps, user, id, { text, clientId }) });
  });
}

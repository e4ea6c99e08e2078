import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  DB_INT_MAX,
  ZCreateTeamRequest,
  ZJoinApprovalRequest,
  ZJoinCode,
  ZJoinCodeRequest,
  ZPairRoundsRequest,
  ZUpdateMemberRequest,
  ZUpdateTeamRequest,
} from '@resolved/shared';
import type { TAppContext } from '../../context';
import { parseOrThrow } from '../../lib/errors';
import { requireUser } from '../auth/auth.guard';
import type { TTeamsDeps } from './teams.service';
import * as teams from './teams.service';
import { cancelRound, pairRounds } from './team-rounds.service';
import * as joins from './team-joins.service';

const ZTeamParams = z.object({
  id: z.coerce.number().int().positive({ error: 'Unknown team.' }).max(DB_INT_MAX, { error: 'Unknown team.' }),
});
const ZMemberParams = ZTeamParams.extend({ userId: z.string().min(1).max(100) });
const ZRoundParams = ZTeamParams.extend({
  debateId: z.coerce.number().int().positive({ error: 'Unknown round.' }).max(DB_INT_MAX, { error: 'Unknown round.' }),
});
const ZCodeParams = z.object({ code: ZJoinCode });

/** Teams: create and manage, join by code, pair practice rounds, follow progress. */
export async function teamsRoutes(app: FastifyInstance, context: TAppContext) {
  const deps: TTeamsDeps = { database: context.database, events: context.events };

  app.get('/api/teams', async (request) => {
    const user = await requireUser(request);
    return { teams: await teams.listMyTeams(deps, user) };
  });
  app.post('/api/teams', async (request, reply) => {
    const user = await requireUser(request);
    const input = parseOrThrow(ZCreateTeamRequest, request.body);
    return reply.status(201).send({ team: await teams.createTeam(deps, user, input) });
  });
  app.get('/api/teams/rounds/mine', async (request) => {
    const user = await requireUser(request);
    return { rounds: await teams.listMyOpenRounds(deps, user) };
  });
  // The join page: a visitor may see which team a code belongs to before signing up (the code is the invitation).
  app.get('/api/teams/join/:code', async (request) => {
    const { code } = parseOrThrow(ZCodeParams, request.params);
    return { team: await joins.previewJoin(deps, code, request.ip) };
  });
  app.post('/api/teams/join/:code', async (request) => {
    const user = await requireUser(request);
    const { code } = parseOrThrow(ZCodeParams, request.params);
    return joins.joinByCode(deps, user, code, request.ip);
  });
  app.get('/api/teams/:id', async (request) => {
    const user = await requireUser(request);
    const { id } = parseOrThrow(ZTeamParams, request.params);
    return { team: await teams.getTeam(deps, user, id) };
  });
  app.put('/api/teams/:id', async (request) => {
    const user = await requireUser(request);
    const { id } = parseOrThrow(ZTeamParams, request.params);
    const input = parseOrThrow(ZUpdateTeamRequest, request.body);
    return { team: await teams.updateTeam(deps, user, id, input) };
  });
  app.post('/api/teams/:id/join-code', async (request) => {
    const user = await requireUser(request);
    const { id } = parseOrThrow(ZTeamParams, request.params);
    const { enabled } = parseOrThrow(ZJoinCodeRequest, request.body);
    return { team: await teams.setJoinCode(deps, user, id, enabled) };
  });
  app.put('/api/teams/:id/join-approval', async (request) => {
    const user = await requireUser(request);
    const { id } = parseOrThrow(ZTeamParams, request.params);
    const { isRequired } = parseOrThrow(ZJoinApprovalRequest, request.body);
    return { team: await joins.setJoinApproval(deps, user, id, isRequired) };
  });
  // Someone waiting for approval to join: a coach lets them in, or turns them away.
  app.post('/api/teams/:id/members/:userId/approve', async (request) => {
    const user = await requireUser(request);
    const { id, userId } = parseOrThrow(ZMemberParams, request.params);
    return { team: await joins.approveMember(deps, user, id, userId) };
  });
  app.post('/api/teams/:id/members/:userId/decline', async (request) => {
    const user = await requireUser(request);
    const { id, userId } = parseOrThrow(ZMemberParams, request.params);
    return { team: await joins.declineMember(deps, user, id, userId) };
  });
  app.patch('/api/teams/:id/members/:userId', async (request) => {
    const user = await requireUser(request);
    const { id, userId } = parseOrThrow(ZMemberParams, request.params);
    const change = parseOrThrow(ZUpdateMemberRequest, request.body);
    return { team: await teams.updateMember(deps, user, id, userId, change) };
  });
  app.delete('/api/teams/:id/members/:userId', async (request, reply) => {
    const user = await requireUser(request);
    const { id, userId } = parseOrThrow(ZMemberParams, request.params);
    await teams.removeMember(deps, user, id, userId);
    return reply.status(204).send();
  });
  app.get('/api/teams/:id/members/:userId/progress', async (request) => {
    const user = await requireUser(request);
    const { id, userId } = parseOrThrow(ZMemberParams, request.params);
    return { progress: await teams.getMemberProgress(deps, user, id, userId) };
  });
  app.get('/api/teams/:id/rounds', async (request) => {
    const user = await requireUser(request);
    const { id } = parseOrThrow(ZTeamParams, request.params);
    return { rounds: await teams.listTeamRounds(deps, user, id) };
  });
  app.post('/api/teams/:id/rounds', async (request, reply) => {
    const user = await requireUser(request);
    const { id } = parseOrThrow(ZTeamParams, request.params);
    const input = parseOrThrow(ZPairRoundsRequest, request.body);
    return reply.status(201).send({ rounds: await pairRounds(deps, user, id, input) });
  });
  app.delete('/api/teams/:id/rounds/:debateId', async (request, reply) => {
    const user = await requireUser(request);
    const { id, debateId } = parseOrThrow(ZRoundParams, request.params);
    await cancelRound(deps, user, id, debateId);
    return reply.status(204).send();
  });
}

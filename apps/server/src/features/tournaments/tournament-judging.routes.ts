import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ZAddTeamJudgeRequest, ZJudgeObligationRequest, ZRoundMotionRequest } from '@resolved/shared';
import type { TAppContext } from '../../context';
import { parseOrThrow } from '../../lib/errors';
import { requireUser } from '../auth/auth.guard';
import * as judging from './tournament-judging.service';
import * as teamJudges from './tournament-team-judges.service';
import type { TTournamentsDeps } from './tournament-access';
import { ZRoundParams, ZTournamentParams } from './tournament-params';

const ZJudgeParams = ZTournamentParams.extend({ userId: z.string().min(1).max(100, { error: 'Unknown judge.' }) });

/** The judge obligation, the judges coaches bring, the pool's paradigms and Parli motions per round. */
export async function tournamentJudgingRoutes(app: FastifyInstance, context: TAppContext) {
  const deps: TTournamentsDeps = { database: context.database, events: context.events };

  app.put('/api/tournaments/:id/judge-obligation', async (request) => {
    const user = await requireUser(request);
    const { id } = parseOrThrow(ZTournamentParams, request.params);
    const { entrantsPerJudge } = parseOrThrow(ZJudgeObligationRequest, request.body);
    return { tournament: await judging.setJudgeObligation(deps, user, id, entrantsPerJudge) };
  });
  app.get('/api/tournaments/:id/judge-obligations', async (request) => {
    const user = await requireUser(request);
    const { id } = parseOrThrow(ZTournamentParams, request.params);
    return { obligations: await judging.listJudgeObligations(deps, user, id) };
  });
  // The obligations a coach's teams have not met yet, in every tournament not over (the dashboard's card).
  app.get('/api/tournaments/judges-owed', async (request) => {
    const user = await requireUser(request);
    return { owed: await teamJudges.listJudgesOwed(deps, user) };
  });
  app.get('/api/tournaments/:id/team-judges', async (request) => {
    const user = await requireUser(request);
    const { id } = parseOrThrow(ZTournamentParams, request.params);
    return { teams: await teamJudges.listTeamJudges(deps, user, id) };
  });
  app.post('/api/tournaments/:id/team-judges', async (request, reply) => {
    const user = await requireUser(request);
    const { id } = parseOrThrow(ZTournamentParams, request.params);
    const input = parseOrThrow(ZAddTeamJudgeRequest, request.body);
    return reply.status(201).send({ teams: await teamJudges.addTeamJudge(deps, user, id, input) });
  });
  app.delete('/api/tournaments/:id/team-judges/:userId', async (request, reply) => {
    const user = await requireUser(request);
    const { id, userId } = parseOrThrow(ZJudgeParams, request.params);
    await teamJudges.removeTeamJudge(deps, user, id, userId);
    return reply.status(204).send();
  });
  app.get('/api/tournaments/:id/paradigms', async (request) => {
    const user = await requireUser(request);
    const { id } = parseOrThrow(ZTournamentParams, request.params);
    return { judges: await judging.listPoolParadigms(deps, user, id) };
  });
  app.get('/api/tournaments/:id/motions', async (request) => {
    const user = await requireUser(request);
    const { id } = parseOrThrow(ZTournamentParams, request.params);
    return { motions: await judging.listMotions(deps, user, id) };
  });
  app.put('/api/tournaments/:id/rounds/:number/motion', async (request) => {
    const user = await requireUser(request);
    const { id, number } = parseOrThrow(ZRoundParams, request.params);
    const { motion } = parseOrThrow(ZRoundMotionRequest, request.body);
    return { motion: await judging.setMotion(deps, user, id, number, motion) };
  });
}

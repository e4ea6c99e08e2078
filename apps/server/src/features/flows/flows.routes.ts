import type { FastifyInstance } from 'fastify';
import { ZSaveFlowRequest, ZTeamFlowEditRequest } from '@resolved/shared';
import type { TAppContext } from '../../context';
import { parseOrThrow } from '../../lib/errors';
import { requireUser } from '../auth/auth.guard';
import { ZDebateIdParams } from '../debates/debate-params';
import type { TDebatesDeps } from '../../context';
import * as flows from './flows.service';
import * as teamFlow from './team-flow.service';

/** One's own flow of a round: read it, save it (as one types); a team's shared flow: read it, save its changed cells. */
export async function flowsRoutes(app: FastifyInstance, context: TAppContext) {
  const deps: TDebatesDeps = { database: context.database, events: context.events };
  app.get('/api/debates/:id/flow', async (request) => {
    const user = await requireUser(request);
    const { id } = parseOrThrow(ZDebateIdParams, request.params);
    return { flow: await flows.getFlow(deps, user, id) };
  });
  // A full flow is at most 12 × 60 cells of 1,000 characters: allow its JSON, not the API's usual 64 KB.
  app.put('/api/debates/:id/flow', { bodyLimit: 1024 * 1024 }, async (request) => {
    const user = await requireUser(request);
    const { id } = parseOrThrow(ZDebateIdParams, request.params);
    const { columns } = parseOrThrow(ZSaveFlowRequest, request.body);
    return { flow: await flows.saveFlow(deps, user, id, columns) };
  });
  app.get('/api/debates/:id/team-flow', async (request) => {
    const user = await requireUser(request);
    const { id } = parseOrThrow(ZDebateIdParams, request.params);
    return { flow: await teamFlow.getTeamFlow(deps, user, id) };
  });
  app.patch('/api/debates/:id/team-flow', async (request) => {
    const user = await requireUser(request);
    const { id } = parseOrThrow(ZDebateIdParams, request.params);
    const { cells } = parseOrThrow(ZTeamFlowEditRequest, request.body);
    return { change: await teamFlow.saveTeamFlowCells(deps, user, id, cells) };
  });
}

import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ZReplaceMemberRequest,
  DB_INT_MAX,
  ZAddCohostRequest,
  ZAddJudgeRequest,
  ZCreateTournamentRequest,
  ZEnterTournamentRequest,
  ZJoinCode,
  ZJudgeAvailabilityRequest,
  ZJudgeConflictsRequest,
  ZTournamentScheduleRequest,
} from '@resolved/shared';
import type { TAppContext } from '../../context';
import { attachmentHeader } from '../../lib/content-disposition';
import { parseOrThrow } from '../../lib/errors';
import { getSessionUser, requireUser } from '../auth/auth.guard';
import * as schedule from './tournament-schedule';
import type * as access from './tournament-access';
import * as entry from './tournament-entry';
import * as csvExport from './tournament-export';
import * as judgePool from './tournament-judge-pool';
import * as presenter from './tournament-presenter';
import * as release from './tournament-release';
import * as tab from './tournament-tab';
import * as teams from './tournament-teams';
import * as tournaments from './tournaments.service';
import { ZRoundParams, ZTournamentParams } from './tournament-params';

const ZEntrantParams = ZTournamentParams.extend({
  entrantId: z.coerce
    .number()
    .int()
    .positive({ error: 'Unknown entrant.' })
    .max(DB_INT_MAX, { error: 'Unknown entrant.' }),
});
const ZMemberParams = ZEntrantParams.extend({ userId: z.string().min(1).max(100) });
const ZCodeParams = z.object({ code: ZJoinCode });
const ZExportParams = ZTournamentParams.extend({
  file: z
    .enum(
      csvExport.TOURNAMENT_EXPORTS.map((name) => `${name}.csv` as const),
      { error: 'Exports are entries.csv, pairings.csv, ballots.csv, standings.csv and speakers.csv.' },
    )
    .transform((file) => file.slice(0, -'.csv'.length) as csvExport.TTournamentExport),
});
const ZJudgeParams = ZTournamentParams.extend({ userId: z.string().min(1).max(100, { error: 'Unknown judge.' }) });

/**
 * Tournaments: create, read, co-hosts, entry (open, by teams, by code), withdrawal, releasing a round's draw, the
 * judge pool (availability, conflicts), the standings, publishing the results, and the hosts' CSV exports.
 */
export async function tournamentsRoutes(app: FastifyInstance, context: TAppContext) {
  const deps: access.TTournamentsDeps = { database: context.database, events: context.events };
  const scheduleDeps: schedule.TScheduleDeps = { ...deps, timings: context.config.tournamentTimings };

  app.get('/api/tournaments', async (request) => {
    const user = await requireUser(request);
    return { tournaments: await presenter.listMyTournaments(deps, user) };
  });
  app.post('/api/tournaments', async (request, reply) => {
    const user = await requireUser(request);
    const input = parseOrThrow(ZCreateTournamentRequest, request.body);
    return reply.status(201).send({ tournament: await tournaments.createTournament(deps, user, input) });
  });
  app.post('/api/tournaments/join/:code', async (request, reply) => {
    const user = await requireUser(request);
    const { code } = parseOrThrow(ZCodeParams, request.params);
    const input = parseOrThrow(ZEnterTournamentRequest, request.body ?? {});
    return reply.status(201).send(await entry.enterByCode(deps, user, code, input));
  });
  // A published tournament (its page, rounds and standings) is read by anyone, visitors too.
  app.get('/api/tournaments/:id', async (request) => {
    const { id } = parseOrThrow(ZTournamentParams, request.params);
    return { tournament: await presenter.getTournament(deps, await getSessionUser(request), id) };
  });
  app.post('/api/tournaments/:id/cohosts', async (request) => {
    const user = await requireUser(request);
    const { id } = parseOrThrow(ZTournamentParams, request.params);
    const { userId } = parseOrThrow(ZAddCohostRequest, request.body);
    return { tournament: await tournaments.addCohost(deps, user, id, userId) };
  });
  app.get('/api/tournaments/:id/entrants', async (request) => {
    const user = await requireUser(request);
    const { id } = parseOrThrow(ZTournamentParams, request.params);
    return { entrants: await entry.listEntrants(deps, user, id) };
  });
  app.post('/api/tournaments/:id/entrants', async (request, reply) => {
    const user = await requireUser(request);
    const { id } = parseOrThrow(ZTournamentParams, request.params);
    const input = parseOrThrow(ZEnterTournamentRequest, request.body ?? {});
    return reply.status(201).send(await entry.enterById(deps, user, id, input));
  });
  app.delete('/api/tournaments/:id/entrants/:entrantId', async (request, reply) => {
    const user = await requireUser(request);
    const { id, entrantId } = parseOrThrow(ZEntrantParams, request.params);
    await entry.withdraw(deps, user, id, entrantId);
    return reply.status(204).send();
  });
  app.post('/api/tournaments/:id/entrants/:entrantId/confirm', async (request, reply) => {
    const user = await requireUser(request);
    const { id, entrantId } = parseOrThrow(ZEntrantParams, request.params);
    await teams.confirmMember(deps, user, id, entrantId);
    return reply.status(204).send();
  });
  app.put('/api/tournaments/:id/entrants/:entrantId/members/:userId', async (request, reply) => {
    const user = await requireUser(request);
    const { id, entrantId, userId } = parseOrThrow(ZMemberParams, request.params);
    await teams.replaceMember(deps, user, id, entrantId, userId, parseOrThrow(ZReplaceMemberRequest, request.body));
    return reply.status(204).send();
  });
  app.get('/api/tournaments/:id/rounds', async (request) => {
    const { id } = parseOrThrow(ZTournamentParams, request.params);
    return { rounds: await presenter.listRounds(deps, await getSessionUser(request), id) };
  });
  app.get('/api/tournaments/:id/standings', async (request) => {
    const { id } = parseOrThrow(ZTournamentParams, request.params);
    return { standings: await tab.getStandings(deps, await getSessionUser(request), id) };
  });
  app.get('/api/tournaments/:id/bracket', async (request) => {
    const { id } = parseOrThrow(ZTournamentParams, request.params);
    return { bracket: await tab.getBrackets(deps, await getSessionUser(request), id) };
  });
  app.get('/api/tournaments/:id/export/:file', async (request, reply) => {
    const user = await requireUser(request);
    const { id, file } = parseOrThrow(ZExportParams, request.params);
    const csv = await csvExport.exportCsv(deps, user, id, file);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', attachmentHeader(csv.name))
      .header('cache-control', 'no-store')
      .send(csv.body);
  });
  app.post('/api/tournaments/:id/publish', async (request) => {
    const user = await requireUser(request);
    const { id } = parseOrThrow(ZTournamentParams, request.params);
    return { tournament: await tab.publishResults(deps, user, id) };
  });
  app.get('/api/tournaments/:id/judges', async (request) => {
    const user = await requireUser(request);
    const { id } = parseOrThrow(ZTournamentParams, request.params);
    return { judges: await judgePool.listJudges(deps, user, id) };
  });
  app.post('/api/tournaments/:id/judges', async (request, reply) => {
    const user = await requireUser(request);
    const { id } = parseOrThrow(ZTournamentParams, request.params);
    const { userId } = parseOrThrow(ZAddJudgeRequest, request.body);
    return reply.status(201).send({ judges: await judgePool.addJudge(deps, user, id, userId) });
  });
  app.delete('/api/tournaments/:id/judges/:userId', async (request, reply) => {
    const user = await requireUser(request);
    const { id, userId } = parseOrThrow(ZJudgeParams, request.params);
    await judgePool.removeJudge(deps, user, id, userId);
    return reply.status(204).send();
  });
  app.put('/api/tournaments/:id/judges/:userId/conflicts', async (request) => {
    const user = await requireUser(request);
    const { id, userId } = parseOrThrow(ZJudgeParams, request.params);
    const { entrantIds } = parseOrThrow(ZJudgeConflictsRequest, request.body);
    return { judge: await judgePool.setConflicts(deps, user, id, userId, entrantIds) };
  });
  app.put('/api/tournaments/:id/rounds/:number/availability', async (request) => {
    const user = await requireUser(request);
    const { id, number } = parseOrThrow(ZRoundParams, request.params);
    const { isAvailable } = parseOrThrow(ZJudgeAvailabilityRequest, request.body);
    return { judge: await judgePool.setAvailability(deps, user, id, number, isAvailable) };
  });
  app.get('/api/tournaments/:id/schedule', async (request) => {
    const user = await requireUser(request);
    const { id } = parseOrThrow(ZTournamentParams, request.params);
    return { schedule: await schedule.getSchedule(scheduleDeps, user, id) };
  });
  app.put('/api/tournaments/:id/schedule', async (request) => {
    const user = await requireUser(request);
    const { id } = parseOrThrow(ZTournamentParams, request.params);
    const input = parseOrThrow(ZTournamentScheduleRequest, request.body);
    return { schedule: await schedule.setSchedule(scheduleDeps, user, id, input) };
  });
  app.post('/api/tournaments/:id/check-in', async (request) => {
    const user = await requireUser(request);
    const { id } = parseOrThrow(ZTournamentParams, request.params);
    return { schedule: await schedule.checkIn(scheduleDeps, user, id) };
  });
  app.post('/api/tournaments/:id/rounds/:number/release', async (request, reply) => {
    const user = await requireUser(request);
    const { id, number } = parseOrThrow(ZRoundParams, request.params);
    return reply.status(201).send({ round: await release.releaseRound(deps, user, id, number) });
  });
}

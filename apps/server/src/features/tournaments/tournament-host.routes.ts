import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  DB_INT_MAX,
  ZCoinFlipChoiceRequest,
  ZTournamentBpRoomChange,
  ZTournamentPairingChange,
  ZTournamentBpResultCorrection,
  ZTournamentRepairRequest,
  ZTournamentResultCorrection,
} from '@resolved/shared';
import type { TAppContext } from '../../context';
import { parseOrThrow } from '../../lib/errors';
import { requireUser } from '../auth/auth.guard';
import { ZDebateIdParams } from '../debates/debate-params';
import { chooseAfterCoinFlip } from './tournament-coin-flip';
import { getRoomTag } from './tournament-room-tag';
import * as host from './tournament-host';
import { correctResult } from './tournament-corrections';
import { changeBpRoom } from './tournament-bp-host';
import { correctBpResult } from './tournament-bp-corrections';
import type { TTournamentsDeps } from './tournament-access';
import { ZRoundParams, ZTournamentParams } from './tournament-params';

const ZPairingParams = ZTournamentParams.extend({
  pairingId: z.coerce
    .number({ error: 'Unknown pairing.' })
    .int({ error: 'Unknown pairing.' })
    .positive({ error: 'Unknown pairing.' })
    .max(DB_INT_MAX, { error: 'Unknown pairing.' }),
});

const ZBpRoomParams = ZTournamentParams.extend({
  roomId: z.coerce
    .number({ error: 'Unknown room.' })
    .int({ error: 'Unknown room.' })
    .positive({ error: 'Unknown room.' })
    .max(DB_INT_MAX, { error: 'Unknown room.' }),
});

/**
 * A host's corrections: a pairing's sides or judge, a round's re-pair, a result's correction (a BP room's too), and
 * the audit; and the debaters' coin flip choices, which move a pairing's sides as a host's swap does.
 */
export async function tournamentHostRoutes(app: FastifyInstance, context: TAppContext) {
  const deps: TTournamentsDeps = { database: context.database, events: context.events };

  app.patch('/api/tournaments/:id/pairings/:pairingId', async (request) => {
    const user = await requireUser(request);
    const { id, pairingId } = parseOrThrow(ZPairingParams, request.params);
    const change = parseOrThrow(ZTournamentPairingChange, request.body);
    return { round: await host.changePairing(deps, user, id, pairingId, change) };
  });
  app.patch('/api/tournaments/:id/bp-rooms/:roomId', async (request) => {
    const user = await requireUser(request);
    const { id, roomId } = parseOrThrow(ZBpRoomParams, request.params);
    const change = parseOrThrow(ZTournamentBpRoomChange, request.body);
    return { round: await changeBpRoom(deps, user, id, roomId, change) };
  });
  app.post('/api/tournaments/:id/rounds/:number/repair', async (request, reply) => {
    const user = await requireUser(request);
    const { id, number } = parseOrThrow(ZRoundParams, request.params);
    const input = parseOrThrow(ZTournamentRepairRequest, request.body ?? {});
    return reply.status(201).send({ round: await host.repairRound(deps, user, id, number, input) });
  });
  app.post('/api/tournaments/:id/pairings/:pairingId/corrections', async (request, reply) => {
    const user = await requireUser(request);
    const { id, pairingId } = parseOrThrow(ZPairingParams, request.params);
    const input = parseOrThrow(ZTournamentResultCorrection, request.body);
    return reply.status(201).send({ round: await correctResult(deps, user, id, pairingId, input) });
  });
  // A British Parliamentary room's result: the four teams ranked again and the eight speakers' points.
  app.post('/api/tournaments/:id/bp-rooms/:roomId/corrections', async (request, reply) => {
    const user = await requireUser(request);
    const { id, roomId } = parseOrThrow(ZBpRoomParams, request.params);
    const input = parseOrThrow(ZTournamentBpResultCorrection, request.body);
    return reply.status(201).send({ round: await correctBpResult(deps, user, id, roomId, input) });
  });
  app.get('/api/tournaments/:id/audit', async (request) => {
    const user = await requireUser(request);
    const { id } = parseOrThrow(ZTournamentParams, request.params);
    return { audit: await host.listAudit(deps, user, id) };
  });
  // What a tournament round's room says of its tournament and round (its heading's link).
  app.get('/api/debates/:id/tournament', async (request) => {
    const user = await requireUser(request);
    const { id } = parseOrThrow(ZDebateIdParams, request.params);
    return { tag: await getRoomTag(deps, user, id) };
  });
  // A Public Forum tournament round's coin flip choice, made in its room (the round's path: the room knows no pairing).
  app.post('/api/debates/:id/coin-flip', async (request) => {
    const user = await requireUser(request);
    const { id } = parseOrThrow(ZDebateIdParams, request.params);
    const { choice } = parseOrThrow(ZCoinFlipChoiceRequest, request.body);
    return { debate: await chooseAfterCoinFlip(deps, user, id, choice) };
  });
}

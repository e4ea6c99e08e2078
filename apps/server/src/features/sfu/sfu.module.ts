import { isCallViaMediaServer, seatsOfDebate } from '@resolved/shared';
import type { FastifyInstance } from 'fastify';
import type { TAppContext } from '../../context';
import { JanusClient } from '../../lib/janus/janus-client';
import { addSocketFeature } from '../../realtime/realtime';
import { resolveAuthSecret } from '../auth/auth';
import { endRoom, fitRoom, reconcileRooms, withdrawViewers } from './sfu-rooms';
import type { TSfuDeps } from './sfu-round';
import { findDebate, debatesDb } from '../debates/rounds.service';
import { sfuSocketFeature } from './sfu.socket';
import { SfuKeys } from './sfu-tokens';

/**
 * The scheduler's reconciliation of the rooms with the rounds: those of rounds that are over or deleted are destroyed
 * (the instance that saw the round end may have died), those of live rounds that Janus lost (a restart) made again.
 */
export const SFU_SWEEP_JOB = 'sfu.destroy_ended_rooms';
const SWEEP_MS = 60_000;

/**
 * The media server (with JANUS_URL): a Janus client for this instance, the `sfu.*` socket handlers, the room's end
 * when a round's `debate.updated` says it is over (or its debaters stop letting spectators watch: the viewers' feeds
 * end), its fit to the round's seats while it is on (a judge replaced, a standby seated), and the reconciliation. Without JANUS_URL only the handlers are registered, and they refuse.
 */
export async function sfuModule(app: FastifyInstance, context: TAppContext) {
  const janusConfig = context.config.janus;
  const deps: TSfuDeps | undefined = janusConfig
    ? {
        database: context.database,
        events: context.events,
        janus: new JanusClient(janusConfig, app.log),
        keys: new SfuKeys(resolveAuthSecret(context.config)),
        spectatorLimit: context.config.spectatorLimit,
        log: app.log,
      }
    : undefined;
  addSocketFeature(app, sfuSocketFeature(context, deps, app.log));
  if (!deps) return;

  const stopRounds = context.events.subscribe((event) => {
    // Prep may have started or ended: every instance's subscriptions in the round follow the huddle's rule again
    // (`sfu-audience.ts`; an instance with none in the round reads nothing).
    if (event.name === 'debate.clock_changed') {
      context.events.emitServer({ name: 'sfu.audience_changed', payload: { debateId: event.payload.debateId } });
    }
    if (event.name !== 'debate.updated') return;
    const { debate } = event.payload;
    const isOn = debate.status === 'live' || debate.status === 'awaiting_ballot';
    if (!isOn) {
      endRoom(deps, debate.id).catch((err: unknown) => app.log.warn({ err }, 'sfu: destroying a room failed'));
      return;
    }
    // A round whose participants receive through the server, whose seats may have changed: its subscriptions follow
    // the seats and the prep huddle's rule again.
    if (isCallViaMediaServer(seatsOfDebate(debate))) {
      context.events.emitServer({ name: 'sfu.audience_changed', payload: { debateId: debate.id } });
    }
    // The seats may have changed: the room takes them all, and a replaced judge's publication leaves it.
    findDebate(debatesDb(deps.database.db), debate.id)
      .then((row) => (row ? fitRoom(deps, row) : undefined))
      .catch((err: unknown) => app.log.warn({ err }, 'sfu: fitting a room to its seats failed'));
    if (debate.spectatorWatch.isAllowed) return;
    // Spectators may no longer watch: their feeds end on every instance, and the round's viewers are told.
    withdrawViewers(deps, debate.id).catch((err: unknown) =>
      app.log.warn({ err }, 'sfu: ending viewers’ feeds failed'),
    );
  });
  context.scheduler.every(SFU_SWEEP_JOB, SWEEP_MS, async () => {
    const { destroyed, recreated } = await reconcileRooms(deps);
    if (destroyed + recreated > 0) app.log.info({ destroyed, recreated }, 'sfu: reconciled rooms with their rounds');
  });
  app.addHook('onClose', async () => {
    stopRounds();
    await deps.janus.close();
  });
}

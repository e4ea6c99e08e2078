import type { FastifyInstance } from 'fastify';
import type { TAppContext } from '../../context';
import { JanusClient } from '../../lib/janus/janus-client';
import { addSocketFeature } from '../../realtime/realtime';
import { resolveAuthSecret } from '../auth/auth';
import { endRoom, sweepEndedRooms, withdrawViewers, type TSfuDeps } from './sfu.service';
import { sfuSocketFeature } from './sfu.socket';
import { SfuKeys } from './sfu-tokens';

/** The scheduler's sweep of rooms whose round is over (the instance that saw the round end may have died). */
export const SFU_SWEEP_JOB = 'sfu.destroy_ended_rooms';
const SWEEP_MS = 60_000;

/**
 * The media server (with JANUS_URL): a Janus client for this instance, the `sfu.*` socket handlers, the room's end
 * when a round's `debate.updated` says it is over (or its debaters stop letting spectators watch: the viewers' feeds
 * end), and the sweep. Without JANUS_URL only the handlers are registered, and they refuse.
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
    if (event.name !== 'debate.updated') return;
    const { debate } = event.payload;
    const isOn = debate.status === 'live' || debate.status === 'awaiting_ballot';
    if (!isOn) {
      endRoom(deps, debate.id).catch((err: unknown) => app.log.warn({ err }, 'sfu: destroying a room failed'));
      return;
    }
    if (debate.spectatorWatch.isAllowed) return;
    // Spectators may no longer watch: their feeds end on every instance, and the round's viewers are told.
    withdrawViewers(deps, debate.id).catch((err: unknown) =>
      app.log.warn({ err }, 'sfu: ending viewers’ feeds failed'),
    );
  });
  context.scheduler.every(SFU_SWEEP_JOB, SWEEP_MS, async () => {
    const destroyed = await sweepEndedRooms(deps);
    if (destroyed > 0) app.log.info({ destroyed }, 'sfu: swept rooms of ended rounds');
  });
  app.addHook('onClose', async () => {
    stopRounds();
    await deps.janus.close();
  });
}

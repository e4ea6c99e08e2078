import type { FastifyInstance } from 'fastify';
import { REALTIME_ROOMS } from '@resolved/shared';
import type { TAppContext } from '../../context';
import { addSocketFeature } from '../../realtime/realtime';
import { tournamentJudgingRoutes } from './tournament-judging.routes';
import { restoreSequencers, runSequencer, SEQUENCER_JOB, wakeSequencer, type TSequencer } from './tournament-sequencer';
import { tournamentHostRoutes } from './tournament-host.routes';
import { tournamentsRoutes } from './tournaments.routes';
import { tournamentsSocketFeature } from './tournaments.socket';
import { handleRoundUpdated } from './tournament-tab';
import { TabPush } from './tournament-tab-push';
import { SequencerWakes } from './tournament-wakes';

/**
 * Tournaments: their routes (creation, entry, the release of each round's draw, judges, the tab, the schedule and
 * check-in; the hosts' corrections and audit in `tournament-host.routes.ts`), the subscription that tells a
 * tournament's watchers when one of its rounds ends (a ballot changes the tab), the socket handlers of its room
 * (`tournament.watch`: those whose pages show it hear `tournament.changed` there; its hosts and entrants are sent the
 * tab itself, `tournament-tab-push.ts`), and the sequencer: one
 * scheduler job per tournament, woken by every change of the tournament, that releases rounds on schedule, ends grace
 * periods and seats standby judges (`tournament-sequencer.ts`).
 */
export async function tournamentsModule(app: FastifyInstance, context: TAppContext) {
  await app.register(tournamentsRoutes, context);
  await app.register(tournamentJudgingRoutes, context);
  await app.register(tournamentHostRoutes, context);
  const deps = { database: context.database, events: context.events };
  addSocketFeature(app, tournamentsSocketFeature(deps, app.log));
  const stopRounds = context.events.subscribe((event) => {
    if (event.name !== 'debate.updated') return;
    handleRoundUpdated(deps, event.payload.debate).catch((err: unknown) =>
      app.log.warn({ err }, 'tournaments: telling a round’s end failed'),
    );
  });
  const sequencer: TSequencer = {
    deps: { ...deps, timings: context.config.tournamentTimings },
    scheduler: context.scheduler,
    log: app.log,
  };
  context.scheduler.handle(SEQUENCER_JOB, ({ key }) => runSequencer(sequencer, Number(key)));
  // A change (an entry, a check-in, a ballot, a release) may make something due: the sequencer looks again, at most
  // twice a second per tournament (`tournament-wakes.ts`).
  const wakes = new SequencerWakes((tournamentId) =>
    wakeSequencer(context.scheduler, tournamentId, Date.now()).catch((err: unknown) =>
      app.log.warn({ err }, 'tournaments: waking the sequencer failed'),
    ),
  );
  // A change of the tab also sends the tab itself to its hosts' and entrants' sockets.
  const tabPush = new TabPush(deps, app.log);
  const stopWakes = context.events.subscribe((event) => {
    if (event.name !== 'tournament.changed') return;
    const { tournamentId, parts } = event.payload;
    // The same change told to a pairing's people in their own rooms is not another change.
    if (event.room !== REALTIME_ROOMS.tournament(tournamentId)) return;
    if (parts.includes('tab')) tabPush.changed(tournamentId);
    wakes.changed(tournamentId);
  });
  app.addHook('onReady', async () => {
    await restoreSequencers(sequencer).catch((err: unknown) =>
      app.log.warn({ err }, 'tournaments: restoring the sequencers failed'),
    );
  });
  app.addHook('onClose', async () => {
    stopRounds();
    stopWakes();
    wakes.stop();
    tabPush.stop();
  });
}

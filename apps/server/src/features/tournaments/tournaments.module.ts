import type { FastifyInstance } from 'fastify';
import type { TAppContext } from '../../context';
import { tournamentJudgingRoutes } from './tournament-judging.routes';
import { restoreSequencers, runSequencer, SEQUENCER_JOB, wakeSequencer, type TSequencer } from './tournament-sequencer';
import { tournamentHostRoutes } from './tournament-host.routes';
import { tournamentsRoutes } from './tournaments.routes';
import { handleRoundUpdated } from './tournament-tab';

/**
 * Tournaments: their routes (creation, entry, the release of each round's draw, judges, the tab, the schedule and
 * check-in; the hosts' corrections and audit in `tournament-host.routes.ts`), the subscription that tells a
 * tournament's hosts and entrants when one of its rounds ends (a ballot changes the tab), and the sequencer: one
 * scheduler job per tournament, woken by every change of the tournament, that releases rounds on schedule, ends grace
 * periods and seats standby judges (`tournament-sequencer.ts`).
 */
export async function tournamentsModule(app: FastifyInstance, context: TAppContext) {
  await app.register(tournamentsRoutes, context);
  await app.register(tournamentJudgingRoutes, context);
  await app.register(tournamentHostRoutes, context);
  const deps = { database: context.database, events: context.events };
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
  // A change (an entry, a check-in, a ballot, a release) may make something due: the sequencer looks again. One
  // change is told to every person of the tournament, so the wakes of one tournament are coalesced.
  const waking = new Set<number>();
  const stopWakes = context.events.subscribe((event) => {
    if (event.name !== 'tournament.changed') return;
    const { tournamentId } = event.payload;
    if (waking.has(tournamentId)) return;
    waking.add(tournamentId);
    queueMicrotask(() => {
      waking.delete(tournamentId);
      wakeSequencer(context.scheduler, tournamentId, Date.now()).catch((err: unknown) =>
        app.log.warn({ err }, 'tournaments: waking the sequencer failed'),
      );
    });
  });
  app.addHook('onReady', async () => {
    await restoreSequencers(sequencer).catch((err: unknown) =>
      app.log.warn({ err }, 'tournaments: restoring the sequencers failed'),
    );
  });
  app.addHook('onClose', async () => {
    stopRounds();
    stopWakes();
  });
}

import type { FastifyInstance } from 'fastify';
import type { TAppContext } from '../../context';
import { purgeExpiredRecordings } from './recordings.service';
import { recordingsRoutes } from './recordings.routes';

const HOUR_MS = 60 * 60 * 1000;

/** Recordings: their routes, and the retention sweep of expired recordings. */
export async function recordingsModule(app: FastifyInstance, context: TAppContext) {
  const deps = { database: context.database, events: context.events, blobs: context.blobs };
  // Hourly on one instance of all; a deployment's first start sweeps at once.
  context.scheduler.every('recordings.purge_expired', HOUR_MS, async () => {
    await purgeExpiredRecordings(deps, context.config.recordingRetentionDays);
  });
  await app.register(recordingsRoutes, context);
}

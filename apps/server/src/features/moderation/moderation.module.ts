/**
 * The one place moderation is wired: its services' deps, its routes, its scheduled job, and the sink through which the
 * features that store text file what the text filter flagged (`lib/filter-hits.ts`).
 */
import type { FastifyInstance } from 'fastify';
import type { TAppContext } from '../../context';
import { plugFilterHitSink } from '../../lib/filter-hits';
import { fileFilterHit } from './filter-hits.service';
import type { TModerationDeps } from './moderation-deps';
import { moderationRoutes } from './moderation.routes';
import { purgeExpiredContext } from './retention';

const HOUR_MS = 60 * 60 * 1000;

export async function moderationModule(app: FastifyInstance, context: TAppContext) {
  const deps: TModerationDeps = {
    database: context.database,
    events: context.events,
    blobs: context.blobs,
    safetyRetentionDays: context.config.safetyRetentionDays,
    mailer: context.mailer,
    publicUrl: context.config.publicUrl,
  };
  plugFilterHitSink(context.events, async (authorId, found, where) => {
    await fileFilterHit(deps, authorId, found, where);
  });
  // Hourly on one instance (the scheduler's claim): closed cases' context past its retention goes.
  context.scheduler.every('moderation.purge_expired_context', HOUR_MS, async () => {
    await purgeExpiredContext(deps);
  });
  await moderationRoutes(app, deps);
}

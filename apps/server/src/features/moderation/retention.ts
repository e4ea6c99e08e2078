import { db, iso, nowMs, type TModerationDeps } from './moderation-deps';
import * as cases from './cases.repository';

/**
 * Clears the context and kept bytes of closed cases past their retention: 90 days after closing, or for child
 * safety SAFETY_RETENTION_DAYS after the report (whichever is later). The case row and the log stay. Run hourly by
 * the scheduler (`moderation.module.ts`).
 */
export async function purgeExpiredContext(deps: TModerationDeps): Promise<number> {
  const ids = await cases.listExpiredCases(db(deps), iso(nowMs(deps)));
  await cases.purgeCases(db(deps), ids);
  return ids.length;
}

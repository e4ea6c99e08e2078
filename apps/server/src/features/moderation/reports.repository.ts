/** Reports (migration 0031): who reported what, with the context copied in when filed. */
import type { Kysely } from 'kysely';
import type { TReportTarget } from '@resolved/shared';
import type { DB } from '../../db/schema';

type TDb = Kysely<DB>;

export interface TReportValues {
  caseId: number;
  /** Null for the text filter's automatic report. */
  reporterId: string | null;
  reporterName: string;
  isAutomatic?: number;
  target: TReportTarget;
  targetId: number | null;
  details: string | null;
  context: string;
  createdAt: string;
}

export async function countReportsSince(db: TDb, reporterId: string, sinceIso: string): Promise<number> {
  const row = await db
    .selectFrom('moderationReports')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('reporterId', '=', reporterId)
    .where('createdAt', '>=', sinceIso)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function hasReported(db: TDb, caseId: number, reporterId: string): Promise<boolean> {
  const row = await db
    .selectFrom('moderationReports')
    .select('id')
    .where('caseId', '=', caseId)
    .where('reporterId', '=', reporterId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertReport(db: TDb, values: TReportValues): Promise<number> {
  const row = await db.insertInto('moderationReports').values(values).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateReportContext(db: TDb, reportId: number, context: string): Promise<void> {
  await db.updateTable('moderationReports').set({ context }).where('id', '=', reportId).execute();
}

export async function countReports(db: TDb, caseIds: number[]): Promise<Map<number, number>> {
  if (caseIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('moderationReports')
    .select(['caseId', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('caseId', 'in', caseIds)
    .groupBy('caseId')
    .execute();
  return new Map(rows.map((r) => [Number(r.caseId), Number(r.n)]));
}

export async function listReports(db: TDb, caseId: number) {
  return db.selectFrom('moderationReports').selectAll().where('caseId', '=', caseId).orderBy('id', 'asc').execute();
}

export async function listReporterIds(db: TDb, caseId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('moderationReports')
    .select('reporterId')
    .distinct()
    .where('caseId', '=', caseId)
    .execute();
  return rows.flatMap((r) => (r.reporterId ? [r.reporterId] : []));
}

/** The reports the user filed with their case's reason and state (no context, no other reporter), for "My data". */
export async function listReportsByReporter(db: TDb, reporterId: string) {
  return db
    .selectFrom('moderationReports')
    .innerJoin('moderationCases', 'moderationCases.id', 'moderationReports.caseId')
    .select([
      'moderationCases.reason',
      'moderationReports.target',
      'moderationReports.createdAt',
      'moderationCases.status',
      'moderationCases.outcome',
    ])
    .where('moderationReports.reporterId', '=', reporterId)
    .orderBy('moderationReports.id')
    .execute();
}

/**
 * Account deletion: the reports `reporterId` filed lose the link to the account; outside child-safety cases they lose
 * the copied name too (a child-safety case keeps who reported, as it keeps its context).
 */
export async function unnameReporter(db: TDb, reporterId: string): Promise<void> {
  const childSafetyCases = db.selectFrom('moderationCases').select('id').where('reason', '=', 'child_safety');
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('moderationReports')
      .set({ reporterName: 'Deleted account' })
      .where('reporterId', '=', reporterId)
      .where('caseId', 'not in', childSafetyCases)
      .execute();
    await trx.updateTable('moderationReports').set({ reporterId: null }).where('reporterId', '=', reporterId).execute();
  });
}

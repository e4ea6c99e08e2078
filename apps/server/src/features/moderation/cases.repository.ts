/**
 * The moderation queue's cases (migration 0031): one open report case per person and reason, filed into by reports
 * and the text filter alike; claims, closing, appeals' cases and the retention sweep.
 */
import { sql, type Kysely, type Selectable } from 'kysely';
import type { TReportReason } from '@resolved/shared';
import type { DB } from '../../db/schema';
import type { ModerationCasesTable } from './moderation.tables';
import { hasReported, insertReport, type TReportValues } from './reports.repository';

type TDb = Kysely<DB>;
export type TCaseRow = Selectable<ModerationCasesTable>;

async function findOpenCase(db: TDb, userId: string, reason: TReportReason) {
  return db
    .selectFrom('moderationCases')
    .selectAll()
    .where('reportedUserId', '=', userId)
    .where('reason', '=', reason)
    .where('status', '=', 'open')
    .where('kind', '=', 'report')
    .executeTakeFirst();
}

/** A report to file into the open case of its person and reason: a person's, or the text filter's (`isAutomatic`). */
export interface TFiling {
  reportedUserId: string;
  reportedName: string;
  reason: TReportReason;
  createdAt: string;
  /** A new case's context hold (child safety); a case joined keeps its own. */
  retainUntil: string | null;
  report: Omit<TReportValues, 'caseId'>;
}

/**
 * Files a report into the open case of its person and reason, opening that case when there is none: one transaction.
 * Two first reports at once meet at the one-open-case index ("moderationCases_open"): the insert that loses does
 * nothing, and its report joins the case the other opened. A person's report raises the case's score once per
 * reporter; the text filter's counts one more filter hit.
 */
export async function fileIntoOpenCase(
  db: TDb,
  filing: TFiling,
): Promise<{ caseId: number; reportId: number; joined: boolean }> {
  const isAutomatic = filing.report.isAutomatic === 1;
  return db.transaction().execute(async (trx) => {
    const { caseId, joined } = await openCaseFor(trx, filing, isAutomatic);
    if (joined && isAutomatic) {
      await trx
        .updateTable('moderationCases')
        .set((eb) => ({ filterHits: eb('filterHits', '+', 1) }))
        .where('id', '=', caseId)
        .execute();
    } else if (joined && !(await hasReported(trx, caseId, filing.report.reporterId!))) {
      await trx
        .updateTable('moderationCases')
        .set((eb) => ({ score: eb('score', '+', 1) }))
        .where('id', '=', caseId)
        .execute();
    }
    const reportId = await insertReport(trx, { ...filing.report, caseId });
    return { caseId, reportId, joined };
  });
}

async function openCaseFor(
  trx: TDb,
  filing: TFiling,
  isAutomatic: boolean,
): Promise<{ caseId: number; joined: boolean }> {
  // Twice at most: a case that won the index and was closed before it was read leaves room for a new one.
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const open = await findOpenCase(trx, filing.reportedUserId, filing.reason);
    if (open) return { caseId: Number(open.id), joined: true };
    const inserted = await trx
      .insertInto('moderationCases')
      .values({
        kind: 'report',
        reportedUserId: filing.reportedUserId,
        reportedName: filing.reportedName,
        reason: filing.reason,
        status: 'open',
        // The text filter's case has no person behind it yet (score 0) and one hit.
        score: isAutomatic ? 0 : 1,
        filterHits: isAutomatic ? 1 : 0,
        claimedBy: null,
        claimedUntil: null,
        appealActionId: null,
        appealText: null,
        outcome: null,
        createdAt: filing.createdAt,
        closedAt: null,
        retainUntil: filing.retainUntil,
      })
      .onConflict((oc) =>
        oc
          .columns(['reportedUserId', 'reason'])
          // The index's own predicate, written as literals so that PostgreSQL infers the partial index.
          .where(sql<boolean>`"status" = 'open' AND "kind" = 'report'`)
          .doNothing(),
      )
      .returning('id')
      .executeTakeFirst();
    if (inserted) return { caseId: Number(inserted.id), joined: false };
  }
  throw new Error(`No open case for ${filing.reportedUserId} could be found or opened.`);
}

/** An appeal of one logged action, as a case of its own in the queue. */
export async function insertAppealCase(
  db: TDb,
  values: {
    reportedUserId: string;
    reportedName: string;
    reason: TReportReason;
    createdAt: string;
    appealActionId: number;
    appealText: string;
  },
): Promise<number> {
  const row = await db
    .insertInto('moderationCases')
    .values({
      ...values,
      kind: 'appeal',
      status: 'open',
      score: 0,
      filterHits: 0,
      claimedBy: null,
      claimedUntil: null,
      outcome: null,
      closedAt: null,
      retainUntil: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function listOpenCases(db: TDb): Promise<TCaseRow[]> {
  return db.selectFrom('moderationCases').selectAll().where('status', '=', 'open').limit(500).execute();
}

export async function findCase(db: TDb, id: number): Promise<TCaseRow | undefined> {
  return db.selectFrom('moderationCases').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listCasesOfUser(db: TDb, userId: string, exceptId: number): Promise<TCaseRow[]> {
  return db
    .selectFrom('moderationCases')
    .selectAll()
    .where('reportedUserId', '=', userId)
    .where('id', '!=', exceptId)
    .orderBy('id', 'desc')
    .limit(50)
    .execute();
}

/** Takes (or renews) the claim unless another moderator's claim still holds; true when this one holds it now. */
export async function claimCase(db: TDb, id: number, moderatorId: string, nowIso: string, untilIso: string) {
  const result = await db
    .updateTable('moderationCases')
    .set({ claimedBy: moderatorId, claimedUntil: untilIso })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .where((eb) =>
      eb.or([
        eb('claimedBy', 'is', null),
        eb('claimedBy', '=', moderatorId),
        eb('claimedUntil', 'is', null),
        eb('claimedUntil', '<=', nowIso),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function releaseClaim(db: TDb, id: number, moderatorId: string): Promise<void> {
  await db
    .updateTable('moderationCases')
    .set({ claimedBy: null, claimedUntil: null })
    .where('id', '=', id)
    .where('claimedBy', '=', moderatorId)
    .execute();
}

/** Closes an open case; false when it was already closed (another moderator's action came first). */
export async function closeCase(
  db: TDb,
  id: number,
  values: { outcome: 'dismissed' | 'actioned'; closedAt: string; retainUntil: string },
): Promise<boolean> {
  const result = await db
    .updateTable('moderationCases')
    .set({ status: 'closed', outcome: values.outcome, closedAt: values.closedAt, claimedBy: null, claimedUntil: null })
    .set((eb) => ({
      // A child-safety hold set at the report is never shortened by closing.
      retainUntil: eb.fn.coalesce('retainUntil', eb.val(values.retainUntil)),
    }))
    .where('id', '=', id)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function findAppealCase(db: TDb, actionId: number) {
  return db
    .selectFrom('moderationCases')
    .select('id')
    .where('kind', '=', 'appeal')
    .where('appealActionId', '=', actionId)
    .executeTakeFirst();
}

export async function listAppealedActionIds(db: TDb, actionIds: number[]): Promise<Set<number>> {
  if (actionIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('moderationCases')
    .select('appealActionId')
    .where('kind', '=', 'appeal')
    .where('appealActionId', 'in', actionIds)
    .execute();
  return new Set(rows.map((r) => Number(r.appealActionId)));
}

/** Closed cases whose context has outlived its retention: their reports' context and kept bytes go. */
export async function listExpiredCases(db: TDb, nowIso: string): Promise<number[]> {
  const rows = await db
    .selectFrom('moderationCases')
    .select('id')
    .where('status', '=', 'closed')
    .where('isPurged', '=', 0)
    .where('retainUntil', '<=', nowIso)
    .limit(500)
    .execute();
  return rows.map((r) => Number(r.id));
}

export async function purgeCases(db: TDb, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('moderationReports').set({ context: null }).where('caseId', 'in', ids).execute();
    await trx.deleteFrom('moderationFiles').where('caseId', 'in', ids).execute();
    await trx.updateTable('moderationCases').set({ isPurged: 1 }).where('id', 'in', ids).execute();
  });
}

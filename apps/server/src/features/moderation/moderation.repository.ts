/** The moderation tables (migration 0031): cases, reports, kept files, the append-only log and notices. */
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { TModerationAction, TReportReason, TReportTarget } from '@resolved/shared';
import type { DB } from '../../db/schema';
import type { ModerationCasesTable, ModerationLogTable, NoticesTable } from './moderation.tables';

type TDb = Kysely<DB>;
export type TCaseRow = Selectable<ModerationCasesTable>;
export type TLogRow = Selectable<ModerationLogTable>;
export type TNoticeRow = Selectable<NoticesTable>;

export async function countReportsSince(db: TDb, reporterId: string, sinceIso: string): Promise<number> {
  const row = await db
    .selectFrom('moderationReports')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('reporterId', '=', reporterId)
    .where('createdAt', '>=', sinceIso)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findOpenCase(db: TDb, userId: string, reason: TReportReason) {
  return db
    .selectFrom('moderationCases')
    .selectAll()
    .where('reportedUserId', '=', userId)
    .where('reason', '=', reason)
    .where('status', '=', 'open')
    .where('kind', '=', 'report')
    .executeTakeFirst();
}

export async function insertCase(
  db: TDb,
  values: {
    kind: 'report' | 'appeal';
    reportedUserId: string;
    reportedName: string;
    reason: TReportReason;
    createdAt: string;
    retainUntil: string | null;
    appealActionId?: number;
    appealText?: string;
    /** An automatic report's case: opened by the text filter, so no person yet (score 0) and one hit. */
    isAutomatic?: boolean;
  },
): Promise<number> {
  const row = await db
    .insertInto('moderationCases')
    .values({
      kind: values.kind,
      reportedUserId: values.reportedUserId,
      reportedName: values.reportedName,
      reason: values.reason,
      status: 'open',
      score: values.kind === 'report' && !values.isAutomatic ? 1 : 0,
      filterHits: values.isAutomatic ? 1 : 0,
      claimedBy: null,
      claimedUntil: null,
      appealActionId: values.appealActionId ?? null,
      appealText: values.appealText ?? null,
      outcome: null,
      createdAt: values.createdAt,
      closedAt: null,
      retainUntil: values.retainUntil,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
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

export async function raiseScore(db: TDb, caseId: number): Promise<void> {
  await db
    .updateTable('moderationCases')
    .set((eb) => ({ score: eb('score', '+', 1) }))
    .where('id', '=', caseId)
    .execute();
}

/** One more hit of the text filter filed into an open case. */
export async function addFilterHit(db: TDb, caseId: number): Promise<void> {
  await db
    .updateTable('moderationCases')
    .set((eb) => ({ filterHits: eb('filterHits', '+', 1) }))
    .where('id', '=', caseId)
    .execute();
}

export async function insertReport(
  db: TDb,
  values: {
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
  },
): Promise<number> {
  const row = await db.insertInto('moderationReports').values(values).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateReportContext(db: TDb, reportId: number, context: string): Promise<void> {
  await db.updateTable('moderationReports').set({ context }).where('id', '=', reportId).execute();
}

export async function insertFile(
  db: TDb,
  values: {
    caseId: number;
    kind: 'evidence' | 'recording';
    sourceId: number;
    name: string;
    contentType: string;
    createdAt: string;
  },
): Promise<number> {
  const row = await db
    .insertInto('moderationFiles')
    .values({ ...values, size: 0, sha256: '' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function insertFileChunk(db: TDb, fileId: number, seq: number, data: Buffer): Promise<void> {
  await db.insertInto('moderationFileChunks').values({ fileId, seq, data }).execute();
}

export async function completeFile(db: TDb, fileId: number, size: number, sha256: string): Promise<void> {
  await db.updateTable('moderationFiles').set({ size, sha256 }).where('id', '=', fileId).execute();
}

export async function findFile(db: TDb, id: number) {
  return db.selectFrom('moderationFiles').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listFileChunks(db: TDb, fileId: number): Promise<Buffer[]> {
  const rows = await db
    .selectFrom('moderationFileChunks')
    .select('data')
    .where('fileId', '=', fileId)
    .orderBy('seq', 'asc')
    .execute();
  return rows.map((r) => Buffer.from(r.data));
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

export async function listFilesOfCase(db: TDb, caseId: number) {
  return db
    .selectFrom('moderationFiles')
    .select(['id', 'kind', 'sourceId', 'name', 'contentType', 'size', 'sha256'])
    .where('caseId', '=', caseId)
    .orderBy('id', 'asc')
    .execute();
}

// ---- The log ----

export async function insertLog(db: TDb, values: Omit<Insertable<ModerationLogTable>, 'id'>): Promise<TLogRow> {
  return db.insertInto('moderationLog').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function findLog(db: TDb, id: number): Promise<TLogRow | undefined> {
  return db.selectFrom('moderationLog').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The newest logged action of this kind on a user (the ban a banned person appeals). */
export async function findLatestActionOn(
  db: TDb,
  targetId: string,
  action: TModerationAction,
): Promise<TLogRow | undefined> {
  return db
    .selectFrom('moderationLog')
    .selectAll()
    .where('targetId', '=', targetId)
    .where('action', '=', action)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function listLog(
  db: TDb,
  filter: {
    actorId?: string | undefined;
    targetId?: string | undefined;
    action?: string | undefined;
    beforeId?: number | undefined;
  },
  limit: number,
): Promise<TLogRow[]> {
  let query = db.selectFrom('moderationLog').selectAll();
  if (filter.actorId) query = query.where('actorId', '=', filter.actorId);
  if (filter.targetId) query = query.where('targetId', '=', filter.targetId);
  if (filter.action) query = query.where('action', '=', filter.action as TModerationAction);
  if (filter.beforeId) query = query.where('id', '<', filter.beforeId);
  return query.orderBy('id', 'desc').limit(limit).execute();
}

// ---- Notices ----

export async function insertNotice(
  db: TDb,
  values: Omit<Insertable<NoticesTable>, 'id' | 'readAt'>,
): Promise<TNoticeRow> {
  return db
    .insertInto('notices')
    .values({ ...values, readAt: null })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function listNotices(db: TDb, userId: string, limit: number): Promise<TNoticeRow[]> {
  return db.selectFrom('notices').selectAll().where('userId', '=', userId).orderBy('id', 'desc').limit(limit).execute();
}

export async function findNotice(db: TDb, id: number, userId: string): Promise<TNoticeRow | undefined> {
  return db.selectFrom('notices').selectAll().where('id', '=', id).where('userId', '=', userId).executeTakeFirst();
}

export async function markNoticesRead(db: TDb, userId: string, nowIso: string): Promise<void> {
  await db
    .updateTable('notices')
    .set({ readAt: nowIso })
    .where('userId', '=', userId)
    .where('readAt', 'is', null)
    .execute();
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

/** The moderation log's entries against the user (without the moderator), for "Download my data". */
export async function listActionsAgainst(db: TDb, userId: string) {
  return db
    .selectFrom('moderationLog')
    .select(['action', 'reason', 'until', 'createdAt'])
    .where('targetId', '=', userId)
    .orderBy('id')
    .execute();
}

/** Digests kept with cases for these evidence ids (the only place a SHA-256 of evidence is known). */
export async function findEvidenceDigests(db: TDb, evidenceIds: number[]) {
  if (evidenceIds.length === 0) return [];
  return db
    .selectFrom('moderationFiles')
    .select(['sourceId', 'sha256'])
    .where('kind', '=', 'evidence')
    .where('sourceId', 'in', evidenceIds)
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

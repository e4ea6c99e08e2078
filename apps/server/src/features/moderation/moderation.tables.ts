import type { Generated } from 'kysely';
import type { TModerationAction, TNoticeKind, TReportReason, TReportTarget } from '@resolved/shared';

/**
 * Migration 0031. A case groups the open reports of one user for one reason (or holds an appeal); its
 * names are copied in so that it reads the same after the account is renamed or deleted (no foreign keys to users:
 * a case and the log outlive the accounts they name).
 */
export interface ModerationCasesTable {
  id: Generated<number>;
  kind: 'report' | 'appeal';
  reportedUserId: string;
  reportedName: string;
  reason: TReportReason;
  status: 'open' | 'closed';
  /** Distinct reporters. */
  score: number;
  claimedBy: string | null;
  claimedUntil: string | null;
  /** For an appeal: the log entry appealed. */
  appealActionId: number | null;
  appealText: string | null;
  outcome: 'dismissed' | 'actioned' | null;
  createdAt: string;
  closedAt: string | null;
  /** The context is kept until then (child safety: from the report; others: from closing). Null: open. */
  retainUntil: string | null;
  /** The context was cleared by the retention sweep. */
  isPurged: Generated<number>;
  /** Migration 0035: hits of the text filter filed into this case (not counted in `score`). */
  filterHits: Generated<number>;
}

export interface ModerationReportsTable {
  id: Generated<number>;
  caseId: number;
  reporterId: string | null;
  reporterName: string;
  target: TReportTarget;
  targetId: number | null;
  details: string | null;
  /** `TReportContext` as JSON, copied when reported; null once purged. */
  context: string | null;
  createdAt: string;
  /** Migration 0035: filed by the text filter (1), not by a person (0). */
  isAutomatic: Generated<number>;
}

/** Bytes kept with a case (an evidence file, a recording), apart from the originals: deleting those leaves these. */
export interface ModerationFilesTable {
  id: Generated<number>;
  caseId: number;
  kind: 'evidence' | 'recording';
  sourceId: number;
  name: string;
  contentType: string;
  size: number;
  sha256: string;
  createdAt: string;
}

export interface ModerationFileChunksTable {
  fileId: number;
  seq: number;
  data: Buffer;
}

/** The moderation log: append-only (triggers refuse UPDATE and DELETE on both engines). */
export interface ModerationLogTable {
  id: Generated<number>;
  actorId: string;
  actorName: string;
  targetId: string;
  targetName: string;
  action: TModerationAction;
  reason: string;
  caseId: number | null;
  until: string | null;
  createdAt: string;
}

export interface NoticesTable {
  id: Generated<number>;
  userId: string;
  kind: TNoticeKind;
  title: string;
  body: string;
  action: TModerationAction | null;
  actionId: number | null;
  until: string | null;
  readAt: string | null;
  createdAt: string;
}

export interface ModerationTables {
  moderationCases: ModerationCasesTable;
  moderationReports: ModerationReportsTable;
  moderationFiles: ModerationFilesTable;
  moderationFileChunks: ModerationFileChunksTable;
  moderationLog: ModerationLogTable;
  notices: NoticesTable;
}

/**
 * A person reports another. Moderation files the report into its case; a report for harassment, hate or child
 * safety also blocks the reported user for the reporter, as the Block button does (a live round between them ends),
 * which reaches from moderation into blocks, rounds and the queue; then admins hear of a new child-safety case.
 */
import {
  BLOCKING_REPORT_REASONS,
  type TCreateReportRequest,
  type TCreateReportResponse,
  type TSessionUser,
} from '@resolved/shared';
import { AppError } from '../lib/errors';
import { createReport, mailAdminsOfCase } from '../features/moderation/reports.service';
import type { TModerationDeps } from '../features/moderation/moderation-deps';
import { blockUser } from './block-user';

export async function fileReport(
  deps: TModerationDeps,
  reporter: TSessionUser,
  input: TCreateReportRequest,
): Promise<TCreateReportResponse> {
  const filed = await createReport(deps, reporter, input);
  const blocked = BLOCKING_REPORT_REASONS.includes(input.reason)
    ? await blockOnReport(deps, reporter.id, input.userId)
    : false;
  if (filed.isNewChildSafetyCase) await mailAdminsOfCase(deps, filed.caseId, filed.reportedName);
  return { caseId: filed.caseId, joined: filed.joined, blocked };
}

/**
 * A block the blocks feature refuses (the reporter's list is full) does not stop the report: it is filed, and the
 * answer says no block was made.
 */
async function blockOnReport(deps: TModerationDeps, reporterId: string, reportedUserId: string): Promise<boolean> {
  try {
    await blockUser(deps, reporterId, reportedUserId, { source: 'report' });
    return true;
  } catch (error) {
    if (error instanceof AppError && error.code !== 'internal_error') return false;
    throw error;
  }
}

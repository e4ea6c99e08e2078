/**
 * The word watcher's door into the queue: what the text filter flagged in a stored text becomes an automatic report
 * on its author. The features that store text reach it through the sink of `lib/filter-hits.ts`, plugged in by
 * `moderation.module.ts`, never by importing moderation.
 */
import {
  TEXT_FILTER_REASON,
  TEXT_FILTER_REPORTER,
  type TCreateReportRequest,
  type TReportContext,
} from '@resolved/shared';
import type { TFilterWhere } from '../../lib/filter-hits';
import type { TFilterFound } from '../../lib/text-filter';
import { findModerationTarget } from '../users/users.service';
import * as cases from './cases.repository';
import { db, iso, nowMs, type TModerationDeps } from './moderation-deps';
import { filterHitContext } from './report-context';

function targetOf(where: TFilterWhere): { target: TCreateReportRequest['target']; targetId: number | null } {
  switch (where.surface) {
    case 'community_chat':
      return { target: 'message', targetId: where.messageId };
    case 'round_chat':
    case 'partner_chat':
      return { target: 'round', targetId: where.debateId };
    case 'team':
      return { target: 'team', targetId: where.teamId };
    case 'evidence':
      return { target: 'evidence', targetId: where.evidenceId };
    default:
      return { target: 'user', targetId: null };
  }
}

/**
 * Files what the text filter flagged in a stored text as an automatic report on its author: no person reported it,
 * so it joins the author's open case of TEXT_FILTER_REASON (or opens one with no reporter yet, score 0) and counts as
 * one more of the case's `filterHits`. Its context is copied like a person's report: the chat lines around a message
 * (the round's last lines for a round's chat), the team, and always what matched and where.
 */
export async function fileFilterHit(
  deps: Pick<TModerationDeps, 'database' | 'events' | 'now'>,
  authorId: string,
  found: TFilterFound,
  where: TFilterWhere,
): Promise<{ caseId: number }> {
  const author = await findModerationTarget(deps.database, authorId);
  if (!author) return { caseId: 0 };
  const context: TReportContext = {
    profile: { displayName: author.displayName },
    filter: { surface: where.surface, ...found },
    ...(await filterHitContext(deps, where)),
  };
  const createdAt = iso(nowMs(deps));
  const { caseId } = await cases.fileIntoOpenCase(db(deps), {
    reportedUserId: author.id,
    reportedName: author.displayName,
    reason: TEXT_FILTER_REASON,
    createdAt,
    retainUntil: null,
    report: {
      reporterId: null,
      reporterName: TEXT_FILTER_REPORTER,
      isAutomatic: 1,
      ...targetOf(where),
      details: null,
      context: JSON.stringify(context),
      createdAt,
    },
  });
  return { caseId };
}

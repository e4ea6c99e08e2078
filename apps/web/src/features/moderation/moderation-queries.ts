import { queryOptions } from '@tanstack/react-query';
import type {
  TAppealDecisionRequest,
  TCaseDetail,
  TCaseSummary,
  TCreateReportRequest,
  TCreateReportResponse,
  TLogEntry,
  TModerationAction,
  TModerationActionRequest,
  TNotice,
} from '@resolved/shared';
import { api } from '../../lib/api';

/** Every HTTP call of moderation: reports, the queue, cases, actions, the log and notices. */
export const moderationKeys = {
  queue: ['moderation', 'queue'] as const,
  case: (id: number) => ['moderation', 'case', id] as const,
  log: ['moderation', 'log'] as const,
  notices: ['notices'] as const,
};

export const fileReport = (input: TCreateReportRequest) =>
  api<TCreateReportResponse>('/api/reports', { method: 'POST', json: input });

export const queueQuery = queryOptions({
  queryKey: moderationKeys.queue,
  queryFn: () => api<{ cases: TCaseSummary[] }>('/api/moderation/cases').then((r) => r.cases),
});

export const caseQuery = (id: number) =>
  queryOptions({
    queryKey: moderationKeys.case(id),
    queryFn: () => api<{ case: TCaseDetail }>(`/api/moderation/cases/${id}`).then((r) => r.case),
  });

/** The log (an admin's whole log, a moderator's own actions), optionally one kind of action only. */
export const logQuery = (action: TModerationAction | '' = '') =>
  queryOptions({
    queryKey: [...moderationKeys.log, action],
    queryFn: () =>
      api<{ entries: TLogEntry[] }>(`/api/moderation/log${action ? `?action=${action}` : ''}`).then((r) => r.entries),
  });

export const claimCase = (id: number) =>
  api<{ case: TCaseDetail }>(`/api/moderation/cases/${id}/claim`, { method: 'POST' }).then((r) => r.case);

export const actOnCase = (id: number, action: TModerationActionRequest) =>
  api<{ entry: TLogEntry }>(`/api/moderation/cases/${id}/actions`, { method: 'POST', json: action });

export const actOnUser = (userId: string, action: TModerationActionRequest) =>
  api<{ entry: TLogEntry }>(`/api/moderation/users/${encodeURIComponent(userId)}/actions`, {
    method: 'POST',
    json: action,
  });

export const decideAppeal = (id: number, decision: TAppealDecisionRequest) =>
  api<{ entry: TLogEntry }>(`/api/moderation/cases/${id}/appeal-decision`, { method: 'POST', json: decision });

export const noticesQuery = queryOptions({
  queryKey: moderationKeys.notices,
  queryFn: () => api<{ notices: TNotice[] }>('/api/notices').then((r) => r.notices),
});

export const markNoticesRead = () => api<void>('/api/notices/read', { method: 'POST' });

export const appealNotice = (id: number, text: string) =>
  api<{ caseId: number }>(`/api/notices/${id}/appeal`, { method: 'POST', json: { text } });

export const caseFileUrl = (fileId: number) => `/api/moderation/files/${fileId}`;

/**
 * The admin dashboard's HTTP calls and their TanStack Query keys: users with their scores and roles, the score
 * ledger, contact requests, the motion bank and the community chat's switch.
 */
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type {
  TAdminUser,
  TAdminUsersResponse,
  TChatLock,
  TContactRequest,
  TCreateMotionRequest,
  TFormatId,
  TMotion,
  TRole,
  TScoreChange,
} from '@resolved/shared';
import { api } from '../../lib/api';

export const adminUsersKey = ['admin', 'users'] as const;
export const scoreChangesKey = ['admin', 'score-changes'] as const;
export const motionsKey = ['motions'] as const;

/** Every user, 100 a page. */
export const adminUsersQuery = infiniteQueryOptions({
  queryKey: adminUsersKey,
  queryFn: ({ pageParam }) => api<TAdminUsersResponse>(`/api/users?offset=${pageParam}`),
  initialPageParam: 0,
  getNextPageParam: (last) => last.nextOffset ?? undefined,
});

export function setUserScore(userId: string, score: number): Promise<{ user: TAdminUser }> {
  return api(`/api/users/${encodeURIComponent(userId)}/score`, { method: 'PUT', json: { score } });
}

export function setUserRole(userId: string, role: TRole): Promise<{ user: TAdminUser }> {
  return api(`/api/users/${encodeURIComponent(userId)}/role`, { method: 'PUT', json: { role } });
}

/** An admin changes someone's month of birth ("YYYY-MM"); logged with the admin actions. */
export function setUserBirthMonth(userId: string, birthMonth: string): Promise<{ user: TAdminUser }> {
  return api(`/api/users/${encodeURIComponent(userId)}/birth-month`, { method: 'PUT', json: { birthMonth } });
}

/** An admin grants or revokes verified judge (may judge rounds with a minor in them); logged. */
export function setUserVerifiedJudge(userId: string, isVerifiedJudge: boolean): Promise<{ user: TAdminUser }> {
  return api(`/api/users/${encodeURIComponent(userId)}/verified-judge`, { method: 'PUT', json: { isVerifiedJudge } });
}

/** The score ledger: who changed whose score, when and why. */
export const scoreChangesQuery = queryOptions({
  queryKey: scoreChangesKey,
  queryFn: () => api<{ changes: TScoreChange[] }>('/api/score-changes'),
});

export const contactRequestsQuery = queryOptions({
  queryKey: ['admin', 'contact-requests'],
  queryFn: () => api<{ requests: TContactRequest[] }>('/api/contact-requests'),
});

export function motionsQuery(formatId: TFormatId) {
  return queryOptions({
    queryKey: [...motionsKey, formatId],
    queryFn: () => api<{ motions: TMotion[] }>(`/api/motions?formatId=${formatId}`).then((r) => r.motions),
  });
}

export function createMotion(input: TCreateMotionRequest): Promise<{ motion: TMotion }> {
  return api('/api/motions', { method: 'POST', json: input });
}

export function deleteMotion(id: number): Promise<void> {
  return api<void>(`/api/motions/${id}`, { method: 'DELETE' });
}

export const chatLockKey = ['chat', 'lock'] as const;

/** Whether only established accounts may post in the community chat. */
export const chatLockQuery = queryOptions({
  queryKey: chatLockKey,
  queryFn: () => api<{ lock: TChatLock }>('/api/chat/lock').then((r) => r.lock),
});

export function setChatLock(isLocked: boolean): Promise<{ lock: TChatLock }> {
  return api('/api/chat/lock', { method: 'PUT', json: { isLocked } });
}

/** Account settings' HTTP calls: the display name, the password, the judge's paradigm, deleting the account. */
import type { TParadigmResponse } from '@resolved/shared';
import { api } from '../../lib/api';

export function updateDisplayName(name: string): Promise<unknown> {
  return api('/api/auth/update-user', { method: 'POST', json: { name } });
}

/** Changes the password (the current one required) and signs the account's other devices out. */
export function changePassword(input: { currentPassword: string; newPassword: string }): Promise<unknown> {
  return api('/api/auth/change-password', { method: 'POST', json: { ...input, revokeOtherSessions: true } });
}

export function deleteAccount(password: string): Promise<unknown> {
  return api('/api/auth/delete-user', { method: 'POST', json: { password } });
}

export const paradigmKey = ['users', 'me', 'paradigm'] as const;

export const getOwnParadigm = () => api<TParadigmResponse>('/api/users/me/paradigm');

export const saveParadigm = (paradigm: string) =>
  api<TParadigmResponse>('/api/users/me/paradigm', { method: 'PUT', json: { paradigm } });

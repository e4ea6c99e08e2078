/** Account settings' HTTP calls: the display name, the password, deleting the account. */
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

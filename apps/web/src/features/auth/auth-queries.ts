/** The auth feature's HTTP calls (the session, email sign-in and sign-up, password reset, Google) and query keys. */
import { queryOptions } from '@tanstack/react-query';
import type {
  TAuthOptionsResponse,
  TMyBirthMonthResponse,
  TSessionResponse,
  TSessionUser,
  TSignUpRequest,
} from '@resolved/shared';
import { api } from '../../lib/api';

/** Which sign-in methods the server offers (Google only when GOOGLE_CLIENT_ID/SECRET are set). */
export const authOptionsQuery = queryOptions({
  queryKey: ['auth-options'],
  queryFn: () => api<TAuthOptionsResponse>('/api/auth-options'),
  staleTime: Infinity,
});

/** Who is signed in, or null. */
export function getSessionUser(): Promise<TSessionUser | null> {
  return api<TSessionResponse>('/api/session').then((r) => r.user);
}

export function signInWithEmail(credentials: { email: string; password: string }): Promise<unknown> {
  return api('/api/auth/sign-in/email', { method: 'POST', json: credentials });
}

export function signUpWithEmail(input: TSignUpRequest): Promise<unknown> {
  return api('/api/auth/sign-up/email', { method: 'POST', json: input });
}

export function signOutSession(): Promise<unknown> {
  return api('/api/auth/sign-out', { method: 'POST', json: {} });
}

/** Asks for the reset e-mail; its link lands on /reset-password. */
export function requestPasswordReset(email: string): Promise<unknown> {
  return api('/api/auth/request-password-reset', {
    method: 'POST',
    json: { email, redirectTo: '/reset-password' },
  });
}

export function resetPassword(input: { newPassword: string; token: string | null }): Promise<unknown> {
  return api('/api/auth/reset-password', { method: 'POST', json: input });
}

/**
 * Starts Google sign-in without a redirect: the server answers with the provider's address, where the popup goes.
 * The callback addresses are where the popup lands afterwards: for an existing account, a new one, an error.
 */
export function startGoogleSignIn(input: {
  callbackURL: string;
  newUserCallbackURL: string;
  errorCallbackURL: string;
  requestSignUp: boolean;
}): Promise<{ url?: string }> {
  return api<{ url?: string }>('/api/auth/sign-in/social', {
    method: 'POST',
    json: { provider: 'google', ...input, disableRedirect: true },
  });
}

/** Gives the account's month of birth (asked at the next sign-in of an account that has none; only while unset). */
export function setOwnBirthMonth(birthMonth: string): Promise<{ user: TSessionUser }> {
  return api<{ user: TSessionUser }>('/api/users/me/birth-month', { method: 'PUT', json: { birthMonth } });
}

/** The account's own month of birth ("YYYY-MM" or null), which Settings shows read-only. */
export function getOwnBirthMonth(): Promise<TMyBirthMonthResponse> {
  return api<TMyBirthMonthResponse>('/api/users/me/birth-month');
}

import { z } from 'zod';
import { LIMITS } from './constants.js';

export const ROLES = ['user', 'moderator', 'admin'] as const;
export const ZRole = z.enum(ROLES);
export type TRole = z.infer<typeof ZRole>;

/** The signed-in user as the server and the client see it. Never carries a password hash or token. */
export const ZSessionUser = z.object({
  id: z.string(),
  email: z.string(),
  displayName: z.string(),
  role: ZRole,
  score: z.number().int(),
  createdAt: z.string(),
});
export type TSessionUser = z.infer<typeof ZSessionUser>;

const ZEmail = z
  .string()
  .trim()
  .min(1, 'Please enter email and password')
  .max(LIMITS.email.max, 'That email address is too long.')
  .email('Enter a valid email address.');

/** Login with email (spec §5): both fields required. */
export const ZSignInRequest = z.object({
  email: ZEmail,
  password: z.string().min(1, 'Please enter email and password').max(LIMITS.password.max, 'Incorrect password.'),
});
export type TSignInRequest = z.infer<typeof ZSignInRequest>;

/** The password rule this product sets (the spec leaves it to the provider): 8 to 128 characters. */
export const ZPassword = z
  .string()
  .min(LIMITS.password.min, `Password must be at least ${LIMITS.password.min} characters.`)
  .max(LIMITS.password.max, `Password must be at most ${LIMITS.password.max} characters.`);

export const ZSignUpRequest = z.object({
  name: z
    .string()
    .trim()
    .min(LIMITS.displayName.min, 'Please enter your full name.')
    .max(LIMITS.displayName.max, `Full name must be at most ${LIMITS.displayName.max} characters.`),
  email: ZEmail,
  password: ZPassword,
});
export type TSignUpRequest = z.infer<typeof ZSignUpRequest>;

/** `GET /api/session`: the signed-in user, or null for a visitor. */
export interface TSessionResponse {
  user: TSessionUser | null;
}

/** `GET /api/auth-options`: which sign-in methods this server offers. */
export interface TAuthOptionsResponse {
  isGoogleConfigured: boolean;
}

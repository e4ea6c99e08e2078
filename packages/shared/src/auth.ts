import { z } from 'zod';
import { LIMITS } from './constants.js';
import { isCommonPassword } from './common-passwords.js';
import { AGE_BANDS } from './age.js';
import { ZBirthMonth } from './age-schemas.js';
import { ZJoinCode } from './teams.js';
import { zText } from './text.js';

export const COMMON_PASSWORD_MESSAGE =
  'That password is one of the most common ones. Choose something harder to guess.';

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
  /** Set only while a moderator's mute holds: community and round chat refuse until then (ISO). */
  mutedUntil: z.string().optional(),
  /** Set only while a suspension from live debates holds: queue, challenges and the judge's seat refuse (ISO). */
  suspendedUntil: z.string().optional(),
  /**
   * The age band from the month of birth (the month itself is never on the session user). Absent while the
   * account has not given one: it is asked at the next sign-in, and the doors that depend on age refuse until then.
   */
  ageBand: z.enum(AGE_BANDS).optional(),
  /** Set on an under-13 account created through a team's join link: limited to its teams (docs/safety.md). */
  isTeamManaged: z.literal(true).optional(),
  /** An admin vouches for this person as a judge: they may take the judge's seat of a round with a minor in it. */
  isVerifiedJudge: z.literal(true).optional(),
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
  .max(LIMITS.password.max, `Password must be at most ${LIMITS.password.max} characters.`)
  .refine((password) => !isCommonPassword(password), COMMON_PASSWORD_MESSAGE);

/** A display name, wherever it is written (sign-up, account settings): a name under the free-text rule, 1–80 characters. */
export const ZDisplayName = zText('name', {
  label: 'Full name',
  min: LIMITS.displayName.min,
  max: LIMITS.displayName.max,
  required: 'Please enter your full name.',
});

export const ZSignUpRequest = z.object({
  name: ZDisplayName,
  email: ZEmail,
  password: ZPassword,
  /** "YYYY-MM": asked at sign-up; stored, never shown to others. */
  birthMonth: ZBirthMonth,
  /**
   * The team join code when signing up from a team's join link: the account joins the team in the same step, and an
   * under-13 account is created team-managed by the coach who owns the link (the only way under 13 signs up).
   */
  joinCode: ZJoinCode.optional(),
});
export type TSignUpRequest = z.infer<typeof ZSignUpRequest>;

/**
 * `POST /api/auth/update-user`: what a user may change of their own account here — the display name (the
 * sign-up rules). Anything else (image, role, score, unknown fields) is refused.
 */
export const ZUpdateUserRequest = z.strictObject({ name: ZDisplayName });
export type TUpdateUserRequest = z.infer<typeof ZUpdateUserRequest>;

/** `GET /api/session`: the signed-in user, or null for a visitor. */
export interface TSessionResponse {
  user: TSessionUser | null;
}

/** `GET /api/auth-options`: which sign-in methods this server offers. */
export interface TAuthOptionsResponse {
  isGoogleConfigured: boolean;
  /** SMTP is set up: e-mail verification and "Forgot password?" work. */
  isMailConfigured: boolean;
}

/** One row of the leaderboard: never an e-mail (spec §8 of the issue: no other user's e-mail). */
export interface TLeaderboardEntry {
  rank: number;
  id: string;
  displayName: string;
  score: number;
  /** An account limited to its teams: it has no public profile, so the row links nowhere. */
  hasNoProfile?: true;
}

/** The signed-in user's own standing, shown in the leaderboard's "You" box. */
export interface TLeaderboardMe {
  rank: number;
  displayName: string;
  email: string;
  score: number;
}

/** `GET /api/leaderboard?offset=`: one page of LEADERBOARD_PAGE_SIZE rows in rank order. */
export interface TLeaderboardResponse {
  entries: TLeaderboardEntry[];
  total: number;
  /** Offset of the next page, or null when this is the last. */
  nextOffset: number | null;
  me: TLeaderboardMe | null;
}

export const LEADERBOARD_PAGE_SIZE = 100;

/** `GET /api/users/me/standing`: everything the dashboard shows about the signed-in user. */
export interface TStandingResponse {
  user: TSessionUser;
  rank: number;
  total: number;
  tiedWith: number;
  /** Debates this user has taken part in (0 until the debates feature records any). */
  debatesJoined: number;
}

/** A user as an admin sees them (with e-mail and role). */
export interface TAdminUser {
  id: string;
  displayName: string;
  email: string;
  role: TRole;
  score: number;
  createdAt: string;
  /** "YYYY-MM", or null until the account gives it: admins (and the account itself) alone see it. */
  birthMonth: string | null;
  isTeamManaged: boolean;
  isVerifiedJudge: boolean;
}

export interface TAdminUsersResponse {
  users: TAdminUser[];
  total: number;
  nextOffset: number | null;
}

export const SCORE_LIMITS = { min: -1_000_000, max: 1_000_000 } as const;

export const ZUpdateScoreRequest = z.object({
  score: z
    .number({ error: 'Score must be a whole number.' })
    .int({ error: 'Score must be a whole number.' })
    .min(SCORE_LIMITS.min, { error: `Score must be at least ${SCORE_LIMITS.min}.` })
    .max(SCORE_LIMITS.max, { error: `Score must be at most ${SCORE_LIMITS.max}.` }),
  reason: zText('line', { label: 'Reason', min: 0, max: 200 }).optional(),
});
export type TUpdateScoreRequest = z.infer<typeof ZUpdateScoreRequest>;

export const ZUpdateRoleRequest = z.object({ role: ZRole });
export type TUpdateRoleRequest = z.infer<typeof ZUpdateRoleRequest>;

/** One entry of the score ledger: who changed whose score, when, from what to what, and why. */
export interface TScoreChange {
  id: number;
  userId: string;
  userDisplayName: string;
  changedById: string | null;
  changedByName: string | null;
  /** The debate an automatic award came from (null for an admin's change). */
  debateId: number | null;
  oldScore: number;
  newScore: number;
  reason: string;
  createdAt: string;
}

/** Who made a score change, as the admin's score log says it. */
export function scoreChangeAuthor(change: Pick<TScoreChange, 'changedById' | 'changedByName' | 'debateId'>): string {
  if (change.debateId !== null) return `Debate #${change.debateId} (automatic)`;
  if (change.changedByName !== null) return change.changedByName;
  return change.changedById === null ? 'the system' : 'a removed admin';
}

/**
 * Parses what an admin typed as a score: a whole number (optional sign, digits only), or null when it
 * is not one — "12.5", "1e3" and "" are refused rather than silently truncated.
 */
export function parseScoreInput(raw: string): number | null {
  const text = raw.trim();
  if (!/^[-+]?\d+$/.test(text)) return null;
  const value = Number(text);
  return Number.isSafeInteger(value) && value >= SCORE_LIMITS.min && value <= SCORE_LIMITS.max ? value : null;
}

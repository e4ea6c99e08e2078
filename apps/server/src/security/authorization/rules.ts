/** The actors, verdicts and the `rule` shorthand every authorization table is written in. */

/**
 * `banned`: a signed-in account whose ban holds. The door treats it as a visitor: refused wherever a visitor is
 * (403 `account_banned` where a visitor gets 401), and, where a visitor is let in, let in as one.
 */
export const ACTORS = ['visitor', 'user', 'moderator', 'admin', 'owner', 'banned'] as const;
export type TActor = (typeof ACTORS)[number];
/**
 * `allow`: the request succeeds (for better-auth's endpoints: it gets past the session gate to its own checks);
 * `deny`: it is refused (401/403, or an effect that does not happen); `-`: the resource has no owner.
 */
export type TVerdict = 'allow' | 'deny' | '-';

export interface TAccessRule {
  /** Who may, in words (the docs column). */
  who: string;
  /** What "owner" means for this resource, when it has one. */
  owner?: string;
  verdicts: Record<TActor, TVerdict>;
}

export function rule(who: string, code: string, owner?: string): TAccessRule {
  // One letter per actor, in ACTORS order: A allow, D deny, - no owner. `banned`, unless given, is the visitor's.
  const letter = { A: 'allow', D: 'deny', '-': '-' } as const;
  const letters = code.length < ACTORS.length ? `${code}${code[0]}` : code;
  const verdicts = Object.fromEntries(
    ACTORS.map((actor, i) => [actor, letter[letters[i] as keyof typeof letter]]),
  ) as Record<TActor, TVerdict>;
  return { who, verdicts, ...(owner ? { owner } : {}) };
}

export const PUBLIC = rule('everyone', 'AAAA-');
export const SIGNED_IN = rule('signed-in users', 'DAAA-');
export const ADMIN = rule('admins', 'DDDA-');
export const STAFF = rule('moderators and admins', 'DDAA-');
export const HIDDEN = rule('no one (404: better-auth admin plugin endpoints are not exposed)', 'DDDD-');
export const DOCS = rule('everyone (OpenAPI description of the public API)', 'AAAA-');

/** A door open to visitors that a banned account's session does not pass (it opens no account door but sign-out). */
export function notBanned(r: TAccessRule): TAccessRule {
  return { ...r, who: `${r.who}; not a banned account’s session`, verdicts: { ...r.verdicts, banned: 'deny' } };
}

import { createHmac } from 'node:crypto';

export interface TTurnCredentials {
  /** `<expiry in Unix seconds>:<user id>`: the TURN server reads the expiry from it and refuses it afterwards. */
  username: string;
  /** base64(HMAC-SHA1(secret, username)): the TURN server recomputes it from the shared secret, so nothing is stored. */
  credential: string;
}

/**
 * Credentials for a TURN server sharing `secret` with us, in the scheme coturn calls "TURN REST API"
 * (`use-auth-secret` / `static-auth-secret`). They are good for `ttlSeconds` from `nowMs` and for this user only:
 * a password minted for one user id does not open another's username.
 */
export function mintTurnCredentials(
  secret: string,
  userId: string,
  ttlSeconds: number,
  nowMs: number,
): TTurnCredentials {
  const expiry = Math.floor(nowMs / 1000) + ttlSeconds;
  const username = `${expiry}:${userId}`;
  return { username, credential: createHmac('sha1', secret).update(username).digest('base64') };
}

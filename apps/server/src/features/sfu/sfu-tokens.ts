/**
 * The media server's two secrets per round, both derived from the app's secret (AUTH_SECRET, the same on every
 * instance) so that nothing is stored and any instance can check them:
 * - the room's token and secret, which only this server and Janus see: Janus lets a handle join the round's room only
 *   with its token (the room's `allowed` list), and manages the room only with its secret;
 * - the browser's grant: `{ debateId, userId, role, expiresAt }`, signed, sent back with every `sfu.*` request.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { TSfuRole } from '@resolved/shared';

export interface TSfuGrantClaims {
  debateId: number;
  userId: string;
  role: TSfuRole;
  /** Epoch ms. */
  expiresAt: number;
}

const derive = (secret: string, purpose: string) => createHmac('sha256', secret).update(purpose).digest();

export class SfuKeys {
  private readonly grantKey: Buffer;
  private readonly roomKey: Buffer;

  constructor(appSecret: string) {
    // One key per use, so a value made for one purpose is never valid for another.
    this.grantKey = derive(appSecret, 'resolved:sfu:grant');
    this.roomKey = derive(appSecret, 'resolved:sfu:room');
  }

  /** The token Janus checks for the round's room (its `allowed` list). */
  roomToken(debateId: number): string {
    return createHmac('sha256', this.roomKey).update(`token:${debateId}`).digest('base64url');
  }

  /** The secret that manages the round's room in Janus (allow, kick, list participants, destroy). */
  roomSecret(debateId: number): string {
    return createHmac('sha256', this.roomKey).update(`secret:${debateId}`).digest('base64url');
  }

  /** `<base64url payload>.<base64url HMAC-SHA256 of it>`. */
  signGrant(claims: TSfuGrantClaims): string {
    const payload = Buffer.from(
      JSON.stringify([claims.debateId, claims.userId, claims.role, claims.expiresAt]),
    ).toString('base64url');
    return `${payload}.${this.signature(payload)}`;
  }

  /** The grant's claims when its signature is ours, or null (a forged, altered or malformed token). */
  readGrant(token: string): TSfuGrantClaims | null {
    const dot = token.indexOf('.');
    if (dot <= 0) return null;
    const payload = token.slice(0, dot);
    const given = Buffer.from(token.slice(dot + 1), 'base64url');
    const expected = Buffer.from(this.signature(payload), 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    try {
      const [debateId, userId, role, expiresAt] = JSON.parse(Buffer.from(payload, 'base64url').toString()) as unknown[];
      if (typeof debateId !== 'number' || typeof userId !== 'string' || typeof expiresAt !== 'number') return null;
      if (role !== 'publisher' && role !== 'viewer') return null;
      return { debateId, userId, role, expiresAt };
    } catch {
      return null;
    }
  }

  private signature(payload: string): string {
    return createHmac('sha256', this.grantKey).update(payload).digest('base64url');
  }
}

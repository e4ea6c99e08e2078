/**
 * Who may do what on the round's media server (Janus VideoRoom): who is granted what (`grantFor`), the rules every
 * `sfu.*` request passes (`requirePublisher`, `requireViewer`, `verifyGrant`), and the round's feeds. The room itself
 * (its creation, size, re-creation and end) is `sfu-rooms.ts`; the handles of publications and subscriptions are the
 * socket side's (`sfu.socket.ts`); this file never touches a socket.
 */
import {
  blockedPairRefusal,
  isCallViaMediaServer,
  mediaPublishersOf,
  spectatorWatchRefusal,
  type TSessionUser,
  type TSfuFeed,
  type TSfuGrant,
  type TSfuRole,
} from '@resolved/shared';
import type { TDebatesDeps } from '../../context';
import { AppError, refusedError } from '../../lib/errors';
import { isBlockedByAny } from '../blocks/blocks.service';
import { isSpectatorWatchAllowed } from '../debates/debates.service';
import type { TDebateRow } from '../debates/debates.tables';
import { roundSeatsOf } from '../debates/round-row';
import { openRoom, withRoom, type TSfuRoom } from './sfu-rooms';
import type { SfuKeys } from './sfu-tokens';
import { isOn, publishersOf, requireRound, roundOverError, type TSfuDeps } from './sfu-round';

export type { TSfuDeps } from './sfu-round';

/** How long a grant lasts: longer than any round; the browser rejoins (`debate.join`) for a new one. */
export const SFU_GRANT_TTL_MS = 6 * 60 * 60 * 1000;

/** The grant only needs the keys and the limit, not Janus (the join reply builds it). */
export type TSfuGrantDeps = Pick<TSfuDeps, 'database' | 'events' | 'keys' | 'spectatorLimit'> & { now?: () => number };

/** Why `user` may not view the round's feeds now, as the signal relay asks it of a spectator, or null. */
async function viewRefusal(deps: TDebatesDeps, user: TSessionUser, row: TDebateRow): Promise<AppError | null> {
  const participants = await publishersOf(deps, row);
  if (participants.includes(user.id)) {
    return new AppError('forbidden', 'The debaters and the judge are in the call itself: they do not watch it.');
  }
  const blocked = blockedPairRefusal('spectate', await isBlockedByAny(deps, participants, user.id));
  if (blocked) return refusedError(blocked);
  if (!isOn(row)) return roundOverError();
  const notWatching = spectatorWatchRefusal(await isSpectatorWatchAllowed(deps, row));
  if (notWatching) return refusedError(notWatching);
  return null;
}

/**
 * What `debate.join` hands this browser: a publisher's grant to the round's debaters and judge, a viewer's to a
 * spectator who may watch now (not blocked by them; in a minor's round only once both debaters let spectators watch),
 * nothing otherwise or once the round is over.
 */
export async function grantFor(
  deps: TSfuGrantDeps,
  user: TSessionUser,
  row: TDebateRow,
): Promise<TSfuGrant | undefined> {
  if (!isOn(row)) return undefined;
  const isParticipant = (await publishersOf(deps, row)).includes(user.id);
  if (!isParticipant && (await viewRefusal(deps, user, row))) return undefined;
  const role: TSfuRole = isParticipant ? 'publisher' : 'viewer';
  const expiresAt = (deps.now ? deps.now() : Date.now()) + SFU_GRANT_TTL_MS;
  return {
    token: deps.keys.signGrant({ debateId: Number(row.id), userId: user.id, role, expiresAt }),
    role,
    expiresAt,
    viewerLimit: deps.spectatorLimit,
  };
}

/**
 * Checks a request's grant: ours, unexpired, for this round and this user, and of the role the action needs
 * (`publisher` publishes and unpublishes; `viewer` lists feeds, subscribes, starts and leaves).
 */
export function verifyGrant(
  keys: SfuKeys,
  token: string,
  expected: { debateId: number; userId: string; role: TSfuRole | readonly TSfuRole[] },
  nowMs = Date.now(),
): void {
  const roles: readonly TSfuRole[] = typeof expected.role === 'string' ? [expected.role] : expected.role;
  const claims = keys.readGrant(token);
  if (!claims || claims.userId !== expected.userId || claims.debateId !== expected.debateId) {
    throw new AppError(
      'forbidden',
      'This media grant is not for this round. Open the round again.',
      undefined,
      'media_grant_invalid',
    );
  }
  if (claims.expiresAt <= nowMs) {
    throw new AppError(
      'forbidden',
      'This media grant has expired. Open the round again.',
      undefined,
      'media_grant_invalid',
    );
  }
  if (!roles.includes(claims.role)) {
    throw new AppError(
      'forbidden',
      roles[0] === 'publisher'
        ? 'Only the debaters and the judge send audio and video.'
        : 'The debaters and the judge are in the call itself: they do not watch it.',
      undefined,
      'media_grant_invalid',
    );
  }
}

/** The round, when `user` may publish to it now: one of its debaters or its judge, while the round is on. */
export async function requirePublisher(deps: TDebatesDeps, user: TSessionUser, debateId: number): Promise<TDebateRow> {
  const row = await requireRound(deps, debateId);
  if (!(await publishersOf(deps, row)).includes(user.id)) {
    throw new AppError('forbidden', 'Only the debaters and the judge send audio and video.');
  }
  if (!isOn(row)) throw roundOverError();
  return row;
}

/** The round, when `user` may view its feeds now (the same rules as the grant, asked again at every request). */
export async function requireViewer(deps: TDebatesDeps, user: TSessionUser, debateId: number): Promise<TDebateRow> {
  const row = await requireRound(deps, debateId);
  const refusal = await viewRefusal(deps, user, row);
  if (refusal) throw refusal;
  return row;
}

/**
 * The round, when `user` may receive its feeds now, and whether as one of its participants: a debater or judge of a
 * round whose call goes through the media server (`isCallViaMediaServer`: more than three publisher seats) while it
 * is on, or a spectator who may watch (`requireViewer`). A participant of a smaller round is in the mesh call itself.
 */
export async function requireSubscriber(
  deps: TDebatesDeps,
  user: TSessionUser,
  debateId: number,
): Promise<{ row: TDebateRow; isParticipant: boolean }> {
  const row = await requireRound(deps, debateId);
  const seats = await roundSeatsOf(deps, row);
  if (!mediaPublishersOf(seats).includes(user.id)) {
    const refusal = await viewRefusal(deps, user, row);
    if (refusal) throw refusal;
    return { row, isParticipant: false };
  }
  if (!isCallViaMediaServer(seats)) {
    throw new AppError('forbidden', 'The debaters and the judge are in the call itself: they do not watch it.');
  }
  if (!isOn(row)) throw roundOverError();
  return { row, isParticipant: true };
}

/** Whether `user` may still view the round (for the limit's count and the drops). */
export async function mayView(deps: TDebatesDeps, user: TSessionUser, row: TDebateRow): Promise<boolean> {
  return (await viewRefusal(deps, user, row)) === null;
}

/**
 * The round's publications whose media is up, by seated participant: the first Janus lists of each (for a moment
 * after a republish it may list the replaced one too; the new one's `sfu.feeds_changed` brings the list again).
 */
async function publicationsOf(deps: TSfuDeps, room: TSfuRoom, row: TDebateRow): Promise<Map<string, number>> {
  const participants = new Set(await publishersOf(deps, row));
  // A room Janus lost is made again: it has no feed yet, and the viewer waits for `sfu.feeds_changed`.
  const publishers = await withRoom(deps, room, (current) => deps.janus.listPublishers(current.room, current.secret));
  const byUser = new Map<string, number>();
  for (const { display, feed } of publishers) {
    if (display && participants.has(display) && !byUser.has(display)) byUser.set(display, feed);
  }
  return byUser;
}

/**
 * The round's feeds now: its debaters' and judge's publications whose media is up, by whose they are, each with the
 * id of that publication (a viewer subscribed to an earlier one of the same person subscribes again).
 */
export async function listFeeds(deps: TSfuDeps, row: TDebateRow, exceptUserId?: string): Promise<TSfuFeed[]> {
  const room = await openRoom(deps, Number(row.id));
  if (!room) return [];
  const byUser = await publicationsOf(deps, room, row);
  return [...byUser.keys()]
    .filter((userId) => userId !== exceptUserId)
    .sort()
    .map((userId) => ({ userId, publicationId: publicationIdOf(byUser.get(userId)!) }));
}

/** How a publication is named to browsers: its Janus feed id, which is no secret (it opens nothing without the room). */
export function publicationIdOf(feed: number): string {
  return String(feed);
}

/** The Janus feed id of `userId`'s publication in the round, or a clear refusal. */
export async function feedOf(deps: TSfuDeps, room: TSfuRoom, row: TDebateRow, userId: string): Promise<number> {
  const feed = (await publicationsOf(deps, room, row)).get(userId);
  if (feed !== undefined) return feed;
  throw new AppError('not_found', 'That person is not sending audio and video now.', undefined, 'feed_not_found');
}

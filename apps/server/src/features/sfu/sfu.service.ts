/**
 * The round's room on the media server (Janus VideoRoom): who is granted what (`grantFor`), the rules every `sfu.*`
 * request passes (`requirePublisher`, `requireViewer`, `verifyGrant`), the room created once across instances
 * (`ensureRoom`: a database claim), its feeds, and its end (`endRoom`, `sweepEndedRooms`: a claim too). The handles
 * of publications and subscriptions are the socket side's (`sfu.socket.ts`); this file never touches a socket.
 */
import { randomInt } from 'node:crypto';
import {
  blockedPairRefusal,
  judgesOf,
  REALTIME_ROOMS,
  spectatorWatchRefusal,
  type TSessionUser,
  type TSfuFeed,
  type TSfuGrant,
  type TSfuRole,
} from '@resolved/shared';
import type { TDebatesDeps } from '../../context';
import { nowIso } from '../../db/database';
import { AppError, refusedError } from '../../lib/errors';
import type { JanusClient, TJanusLog } from '../../lib/janus/janus-client';
import { isBlockedByAny } from '../blocks/blocks.service';
import { isSpectatorWatchAllowed } from '../debates/debates.service';
import { findDebate, debatesDb } from '../debates/rounds.service';
import type { TDebateRow } from '../debates/debates.tables';
import { roundSeatsOf } from '../debates/round-row';
import * as repo from './sfu.repository';
import type { SfuKeys } from './sfu-tokens';

/** How long a grant lasts: longer than any round; the browser rejoins (`debate.join`) for a new one. */
export const SFU_GRANT_TTL_MS = 6 * 60 * 60 * 1000;
/** How many feeds a round's room takes: two debaters and a judge. */
export const SFU_MAX_PUBLISHERS = 3;
/** How long an instance waits for another's room to be ready before creating it itself (that one may have died). */
export const SFU_READY_WAIT_MS = 5000;
const READY_POLL_MS = 100;

/** What the media server's rules and rooms need. */
export interface TSfuDeps extends TDebatesDeps {
  janus: JanusClient;
  keys: SfuKeys;
  spectatorLimit: number;
  log: TJanusLog;
}

/** The grant only needs the keys and the limit, not Janus (the join reply builds it). */
export type TSfuGrantDeps = Pick<TSfuDeps, 'database' | 'events' | 'keys' | 'spectatorLimit'> & { now?: () => number };

const ROUND_OVER_MEDIA = 'The round is over: audio and video have ended.';

const isOn = (row: TDebateRow) => row.status === 'live' || row.status === 'awaiting_ballot';
/** The round's debaters and judges (every judge of a panel): who publishes to the media server. */
const participantsOf = async (deps: Pick<TDebatesDeps, 'database'>, row: TDebateRow) => [
  row.debaterAId,
  row.debaterBId,
  ...judgesOf(await roundSeatsOf(deps, row)),
];

function roundOverError(): AppError {
  return new AppError('conflict', ROUND_OVER_MEDIA, undefined, 'round_over');
}

async function requireRound(deps: Pick<TDebatesDeps, 'database'>, debateId: number): Promise<TDebateRow> {
  const row = await findDebate(debatesDb(deps.database.db), debateId);
  if (!row) throw new AppError('not_found', 'That debate does not exist.');
  return row;
}

/** Why `user` may not view the round's feeds now, as the signal relay asks it of a spectator, or null. */
async function viewRefusal(deps: TDebatesDeps, user: TSessionUser, row: TDebateRow): Promise<AppError | null> {
  const participants = await participantsOf(deps, row);
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
  const isParticipant = (await participantsOf(deps, row)).includes(user.id);
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
  expected: { debateId: number; userId: string; role: TSfuRole },
  nowMs = Date.now(),
): void {
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
  if (claims.role !== expected.role) {
    throw new AppError(
      'forbidden',
      expected.role === 'publisher'
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
  if (!(await participantsOf(deps, row)).includes(user.id)) {
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

/** Whether `user` may still view the round (for the limit's count and the drops). */
export async function mayView(deps: TDebatesDeps, user: TSessionUser, row: TDebateRow): Promise<boolean> {
  return (await viewRefusal(deps, user, row)) === null;
}

export interface TSfuRoom {
  debateId: number;
  /** The VideoRoom id in Janus. */
  room: number;
  /** What Janus checks before a handle joins (only this server knows it). */
  token: string;
  /** What manages the room in Janus. */
  secret: string;
}

function roomOf(deps: Pick<TSfuDeps, 'keys'>, debateId: number, janusRoomId: number): TSfuRoom {
  return {
    debateId,
    room: janusRoomId,
    token: deps.keys.roomToken(debateId),
    secret: deps.keys.roomSecret(debateId),
  };
}

/** Makes the room in Janus (tolerating one that exists: a creator that died after its create) and marks it ready. */
async function createInJanus(deps: TSfuDeps, room: TSfuRoom): Promise<'created' | 'existed'> {
  const outcome = await deps.janus.createRoom({
    room: room.room,
    secret: room.secret,
    maxPublishers: SFU_MAX_PUBLISHERS,
    allowed: [room.token],
  });
  await repo.markReady(deps.database.db, room.debateId, nowIso());
  deps.log.info({ debateId: room.debateId, room: room.room, outcome }, 'sfu: room ready');
  return outcome;
}

/**
 * The round's room, created once across instances: the instance whose insert claims the round creates it in Janus
 * and marks it ready; another waits for that (polling), and creates it itself if the claim is older than
 * `SFU_READY_WAIT_MS` and still not ready (its creator died or failed). A destroyed room means the round is over.
 */
export async function ensureRoom(deps: TSfuDeps, debateId: number): Promise<TSfuRoom> {
  const db = deps.database.db;
  let row = await repo.findRoom(db, debateId);
  if (!row) {
    const janusRoomId = randomInt(1, 2 ** 48);
    if (await repo.claimRoom(db, debateId, janusRoomId, nowIso())) {
      const room = roomOf(deps, debateId, janusRoomId);
      await createInJanus(deps, room);
      return room;
    }
    row = await repo.findRoom(db, debateId);
    if (!row) throw new AppError('internal_error', 'The round’s media room could not be claimed.');
  }
  const giveUpAt = Date.parse(row.claimedAt) + SFU_READY_WAIT_MS;
  for (;;) {
    if (row.destroyedAt) throw roundOverError();
    const room = roomOf(deps, debateId, row.janusRoomId);
    if (row.readyAt) return room;
    if (Date.now() >= giveUpAt) {
      deps.log.warn({ debateId }, 'sfu: the room’s creator did not finish; creating it here');
      await createInJanus(deps, room);
      return room;
    }
    await new Promise((resolve) => setTimeout(resolve, READY_POLL_MS));
    row = await repo.findRoom(db, debateId);
    if (!row) throw new AppError('internal_error', 'The round’s media room disappeared.');
  }
}

/** The round's room if it is ready and not destroyed (requests other than a publish never create one). */
export async function openRoom(deps: TSfuDeps, debateId: number): Promise<TSfuRoom | null> {
  const row = await repo.findRoom(deps.database.db, debateId);
  if (!row?.readyAt || row.destroyedAt) return null;
  return roomOf(deps, debateId, row.janusRoomId);
}

/** Whether the round has a room on the media server now (created, not destroyed). */
export async function hasOpenRoom(deps: TSfuDeps, debateId: number): Promise<boolean> {
  return (await openRoom(deps, debateId)) !== null;
}

/** The round's feeds now: its debaters' and judge's publications whose media is up, by whose they are. */
export async function listFeeds(deps: TSfuDeps, row: TDebateRow): Promise<TSfuFeed[]> {
  const room = await openRoom(deps, Number(row.id));
  if (!room) return [];
  const participants = new Set(await participantsOf(deps, row));
  const seen = new Set<string>();
  for (const { display } of await deps.janus.listPublishers(room.room, room.secret)) {
    if (display && participants.has(display)) seen.add(display);
  }
  return [...seen].sort().map((userId) => ({ userId }));
}

/** The Janus feed id of `userId`'s publication in the round, or a clear refusal. */
export async function feedOf(deps: TSfuDeps, room: TSfuRoom, row: TDebateRow, userId: string): Promise<number> {
  if ((await participantsOf(deps, row)).includes(userId)) {
    const publishers = await deps.janus.listPublishers(room.room, room.secret);
    const feed = publishers.find((p) => p.display === userId);
    if (feed) return feed.feed;
  }
  throw new AppError('not_found', 'That person is not sending audio and video now.', undefined, 'feed_not_found');
}

/**
 * Takes out of the room every participant that joined as `userId` (a publication left behind by another tab or
 * instance), before that user publishes again.
 */
export async function kickPublicationsOf(deps: TSfuDeps, room: TSfuRoom, userId: string): Promise<void> {
  for (const p of await deps.janus.listParticipants(room.room, room.secret)) {
    if (p.display === userId) await deps.janus.kick(room.room, p.feed, room.secret);
  }
}

/**
 * The round is over: the instance whose claim wins destroys its room in Janus and tells the round (`sfu.ended`) and
 * every instance (`sfu.viewing_ended`, which drops their handles). True when this call destroyed it. A Janus that
 * cannot be reached gives the claim back, for the sweep to try again.
 */
export async function endRoom(deps: TSfuDeps, debateId: number): Promise<boolean> {
  const row = await repo.findRoom(deps.database.db, debateId);
  if (!row || row.destroyedAt) return false;
  if (!(await repo.claimDestroy(deps.database.db, debateId, nowIso()))) return false;
  try {
    await deps.janus.destroyRoom(row.janusRoomId, deps.keys.roomSecret(debateId));
  } catch (error) {
    await repo.releaseDestroy(deps.database.db, debateId);
    throw error;
  }
  deps.log.info({ debateId, room: row.janusRoomId }, 'sfu: room destroyed');
  deps.events.emit({
    name: 'sfu.ended',
    room: REALTIME_ROOMS.debate(String(debateId)),
    payload: { debateId, reason: 'round_over' },
  });
  deps.events.emitServer({ name: 'sfu.viewing_ended', payload: { debateId, reason: 'round_over' } });
  return true;
}

/**
 * The debaters no longer let spectators watch: when the round has a room, its viewers are told (`sfu.ended`) and every
 * instance drops its viewers' handles (`sfu.viewing_ended`). The publications stay.
 */
export async function withdrawViewers(deps: TSfuDeps, debateId: number): Promise<void> {
  if (!(await hasOpenRoom(deps, debateId))) return;
  deps.events.emit({
    name: 'sfu.ended',
    room: REALTIME_ROOMS.debate(String(debateId)),
    payload: { debateId, reason: 'watch_withdrawn' },
  });
  deps.events.emitServer({ name: 'sfu.viewing_ended', payload: { debateId, reason: 'watch_withdrawn' } });
}

/** The sweep: destroys the rooms of rounds that are over (whoever saw the round end may have died). */
export async function sweepEndedRooms(deps: TSfuDeps): Promise<number> {
  let destroyed = 0;
  for (const room of await repo.listOpenRooms(deps.database.db, 500)) {
    const round = await findDebate(debatesDb(deps.database.db), room.debateId);
    if (round && isOn(round)) continue;
    if (await endRoom(deps, room.debateId)) destroyed += 1;
  }
  return destroyed;
}

/**
 * The round's room on the media server (a Janus VideoRoom), kept matching the database: created once across
 * instances (`ensureRoom`: a database claim), sized from the round's seats and rid of publishers no longer seated
 * (`fitRoom`), made again when Janus lost it while the round is on (`withRoom`, `reconcileRooms`: a restart), and
 * destroyed once the round is over or gone (`endRoom`, `reconcileRooms`: a claim too). Janus's "no such room" is never
 * read as the round's end: only the database says a round is over.
 */
import { randomInt } from 'node:crypto';
import { REALTIME_ROOMS } from '@resolved/shared';
import { nowIso } from '../../db/database';
import { AppError } from '../../lib/errors';
import { JANUS_ERROR, JanusError } from '../../lib/janus/janus-client';
import { findDebate, debatesDb } from '../debates/rounds.service';
import type { TDebateRow } from '../debates/debates.tables';
import * as repo from './sfu.repository';
import { isOn, publishersOf, publisherSeatsOf, requireRound, roundOverError, type TSfuDeps } from './sfu-round';

/** How long an instance waits for another's room to be ready before creating it itself (that one may have died). */
export const SFU_READY_WAIT_MS = 5000;
const READY_POLL_MS = 100;

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

const isNoSuchRoom = (error: unknown) => error instanceof JanusError && error.janusCode === JANUS_ERROR.noSuchRoom;

/**
 * Makes the room in Janus, sized from the round's seats (tolerating one that exists: a creator that died after its
 * create), and marks it ready. A round that ended meanwhile gets no ready room: what was made is destroyed.
 */
async function createInJanus(deps: TSfuDeps, row: TDebateRow, room: TSfuRoom): Promise<void> {
  const maxPublishers = await publisherSeatsOf(deps, row);
  const outcome = await deps.janus.createRoom({
    room: room.room,
    secret: room.secret,
    maxPublishers,
    allowed: [room.token],
  });
  if (outcome === 'existed') await deps.janus.resizeRoom(room.room, room.secret, maxPublishers);
  if (!(await repo.markReady(deps.database.db, room.debateId, nowIso()))) {
    // The round's end claimed the room while it was being made (and found nothing in Janus to destroy).
    await deps.janus.destroyRoom(room.room, room.secret);
    throw roundOverError();
  }
  deps.log.info({ debateId: room.debateId, room: room.room, outcome, maxPublishers }, 'sfu: room ready');
  const now = await requireRound(deps, room.debateId).catch(() => undefined);
  if (!now || !isOn(now)) {
    // It ended between the caller's check and the ready mark: the room goes now, not at the next sweep.
    await endRoom(deps, room.debateId);
    throw roundOverError();
  }
}

/**
 * The round's room, created once across instances: the instance whose insert claims the round creates it in Janus
 * and marks it ready; another waits for that (polling), and creates it itself if the claim is older than
 * `SFU_READY_WAIT_MS` and still not ready (its creator died or failed). A destroyed room means the round is over.
 */
export async function ensureRoom(deps: TSfuDeps, row: TDebateRow): Promise<TSfuRoom> {
  const db = deps.database.db;
  const debateId = Number(row.id);
  let stored = await repo.findRoom(db, debateId);
  if (!stored) {
    const janusRoomId = randomInt(1, 2 ** 48);
    if (await repo.claimRoom(db, debateId, janusRoomId, nowIso())) {
      const room = roomOf(deps, debateId, janusRoomId);
      await createInJanus(deps, row, room);
      return room;
    }
    stored = await repo.findRoom(db, debateId);
    if (!stored) throw new AppError('internal_error', 'The round’s media room could not be claimed.');
  }
  for (;;) {
    if (stored.destroyedAt) throw roundOverError();
    const room = roomOf(deps, debateId, stored.janusRoomId);
    if (stored.readyAt) return room;
    if (Date.now() >= Date.parse(stored.claimedAt) + SFU_READY_WAIT_MS) {
      deps.log.warn({ debateId }, 'sfu: the room’s creator did not finish; creating it here');
      await createInJanus(deps, row, room);
      return room;
    }
    await new Promise((resolve) => setTimeout(resolve, READY_POLL_MS));
    stored = await repo.findRoom(db, debateId);
    if (!stored) throw new AppError('internal_error', 'The round’s media room disappeared.');
  }
}

/**
 * Janus has no such room though the round is on (Janus restarted and lost it): it is made again, once across
 * instances. The instance whose claim wins (among those that saw it ready) creates it; the others wait for it, as for
 * a first creation. A round that is over gets the refusal instead.
 */
async function recreateRoom(deps: TSfuDeps, debateId: number, lost: TSfuRoom): Promise<TSfuRoom> {
  const row = await requireRound(deps, debateId);
  if (!isOn(row)) throw roundOverError();
  const stored = await repo.findRoom(deps.database.db, debateId);
  if (!stored || stored.destroyedAt) throw roundOverError();
  if (stored.readyAt && stored.janusRoomId === lost.room) {
    if (await repo.claimRecreate(deps.database.db, debateId, stored.readyAt, nowIso())) {
      deps.log.warn({ debateId, room: lost.room }, 'sfu: the media server lost the round’s room; creating it again');
      await createInJanus(deps, row, lost);
      return lost;
    }
  }
  return ensureRoom(deps, row);
}

/**
 * Runs `run` on the round's room; when Janus says it has no such room while the round is on, makes the room again
 * and runs `run` once more. Publishers and viewers then rejoin it as after any loss of their connection.
 */
export async function withRoom<T>(deps: TSfuDeps, room: TSfuRoom, run: (room: TSfuRoom) => Promise<T>): Promise<T> {
  try {
    return await run(room);
  } catch (error) {
    if (!isNoSuchRoom(error)) throw error;
    return run(await recreateRoom(deps, room.debateId, room));
  }
}

/** The round's room if it is ready and not destroyed (requests other than a publish never create one). */
export async function openRoom(deps: TSfuDeps, debateId: number): Promise<TSfuRoom | null> {
  const stored = await repo.findRoom(deps.database.db, debateId);
  if (!stored?.readyAt || stored.destroyedAt) return null;
  return roomOf(deps, debateId, stored.janusRoomId);
}

/** Whether the round has a room on the media server now (created, not destroyed). */
export async function hasOpenRoom(deps: TSfuDeps, debateId: number): Promise<boolean> {
  return (await openRoom(deps, debateId)) !== null;
}

/**
 * Takes out of the room every participant no longer seated (a judge the host replaced) and, when `republisher` is
 * given, every one that joined as them (a publication left behind by another tab or instance) before they publish
 * again. How many were taken out.
 */
export async function clearPublications(
  deps: TSfuDeps,
  row: TDebateRow,
  room: TSfuRoom,
  republisher?: string,
): Promise<number> {
  const seated = new Set(await publishersOf(deps, row));
  let kicked = 0;
  for (const p of await deps.janus.listParticipants(room.room, room.secret)) {
    const isSeated = p.display !== undefined && seated.has(p.display);
    if (isSeated && p.display !== republisher) continue;
    await deps.janus.kick(room.room, p.feed, room.secret);
    kicked += 1;
  }
  return kicked;
}

/** Most rooms an instance remembers its last fit of (a round whose end it never saw is forgotten in turn). */
const FITS_KEPT = 1000;
/** What each instance (its deps) last fitted each round's room to: the Janus room, its size and its publishers. */
const lastFits = new WeakMap<TSfuDeps, Map<number, string>>();

function fitsOf(deps: TSfuDeps): Map<number, string> {
  let fits = lastFits.get(deps);
  if (!fits) {
    fits = new Map();
    lastFits.set(deps, fits);
  }
  return fits;
}

/**
 * The round's seats changed (a host replaced a judge, a standby took a seat): its room takes as many publishers as
 * it has seats, and a publisher no longer seated loses their place (their grant no longer publishes either: every
 * request asks the seats again). Viewers are told when a feed went. Nothing when the round has no open room, and
 * nothing asked of Janus when the room was last fitted here to the same publishers (most of a live round's updates are
 * its clock and its speeches, not its seats); `isForced` (Janus said the room is full) asks it all the same.
 */
export async function fitRoom(deps: TSfuDeps, row: TDebateRow, { isForced = false } = {}): Promise<void> {
  if (!isOn(row)) return;
  const room = await openRoom(deps, Number(row.id));
  if (!room) return;
  const seats = await publisherSeatsOf(deps, row);
  const fit = `${room.room}:${seats}:${[...(await publishersOf(deps, row))].sort().join(',')}`;
  const fits = fitsOf(deps);
  if (!isForced && fits.get(room.debateId) === fit) return;
  await withRoom(deps, room, async (current) => {
    await deps.janus.resizeRoom(current.room, current.secret, seats);
    if ((await clearPublications(deps, row, current)) > 0) {
      deps.events.emit({
        name: 'sfu.feeds_changed',
        room: REALTIME_ROOMS.debate(String(row.id)),
        payload: { debateId: Number(row.id) },
      });
    }
  });
  fits.delete(room.debateId);
  fits.set(room.debateId, fit);
  if (fits.size > FITS_KEPT) fits.delete(fits.keys().next().value!);
}

/**
 * The round is over: the instance whose claim wins destroys its room in Janus and tells the round (`sfu.ended`) and
 * every instance (`sfu.viewing_ended`, which drops their handles). True when this call destroyed it. A Janus that
 * cannot be reached gives the claim back, for the sweep to try again.
 */
export async function endRoom(deps: TSfuDeps, debateId: number): Promise<boolean> {
  fitsOf(deps).delete(debateId);
  const stored = await repo.findRoom(deps.database.db, debateId);
  if (!stored || stored.destroyedAt) return false;
  if (!(await repo.claimDestroy(deps.database.db, debateId, nowIso()))) return false;
  try {
    await deps.janus.destroyRoom(stored.janusRoomId, deps.keys.roomSecret(debateId));
  } catch (error) {
    await repo.releaseDestroy(deps.database.db, debateId);
    throw error;
  }
  deps.log.info({ debateId, room: stored.janusRoomId }, 'sfu: room destroyed');
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

/**
 * The scheduler's reconciliation: the rooms of rounds that are over or deleted are destroyed (whoever saw the round
 * end may have died), and the ready rooms of live rounds that Janus no longer has (it restarted) are made again, so
 * that their publishers' and viewers' retries find them.
 */
export async function reconcileRooms(deps: TSfuDeps): Promise<{ destroyed: number; recreated: number }> {
  const result = { destroyed: 0, recreated: 0 };
  let inJanus: Set<number> | undefined;
  for (const stored of await repo.listOpenRooms(deps.database.db, 500)) {
    const round = await findDebate(debatesDb(deps.database.db), stored.debateId);
    if (!round || !isOn(round)) {
      if (await endRoom(deps, stored.debateId)) result.destroyed += 1;
      continue;
    }
    if (!stored.readyAt) continue;
    inJanus ??= new Set(await deps.janus.listRooms());
    if (inJanus.has(stored.janusRoomId)) continue;
    await recreateRoom(deps, stored.debateId, roomOf(deps, stored.debateId, stored.janusRoomId));
    result.recreated += 1;
  }
  return result;
}

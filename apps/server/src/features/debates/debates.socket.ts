import {
  SIGNAL_LIMIT,
  CLOCK_ACTIONS,
  FORFEIT_AFTER_MS,
  REALTIME_ROOMS,
  ZClockCommand,
  ZDebateRef,
  ZJoinDebate,
  ZDebateSignal,
  ZSendDebateMessage,
  type TDebatePresence,
  type TSessionUser,
  ZAnswerPoi,
  ZOfferPoi,
  judgesOf,
  seatsOfDebate,
  TokenBucket,
} from '@resolved/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { TAppContext } from '../../context';
import type { Scheduler } from '../../lib/scheduler/scheduler';
import { AppError, parseOrThrow } from '../../lib/errors';
import { answer } from '../../realtime/ack';
import type { TRealtimeServer, TRealtimeSocket, TSocketFeature } from '../../realtime/realtime';
import * as debates from './debates.service';
import * as roundChat from './round-chat.service';
import * as partnerChat from './partner-chat.service';
import * as pois from './pois.service';
import type { TDebatesDeps } from '../../context';
import { loadDebate } from './debates.service';
import { debaterSeatsOf, requireDebate } from './round-row';
import { absenceOutcome } from './round-presence';
import { requireRoundViewer } from './round-access';
import { iceFor } from './ice-servers';
import * as matchmaking from '../matchmaking/queue.service';
import * as results from '../results/results.service';
import { resolveAuthSecret } from '../auth/auth';
import { grantFor as sfuGrantFor } from '../sfu/sfu.service';
import { SfuKeys } from '../sfu/sfu-tokens';

function signedIn(user: TSessionUser | null): TSessionUser {
  if (!user) throw new AppError('unauthenticated', 'Sign in to join a debate.');
  return user;
}

/** The scheduler's job for one debater's forfeit watch (key `<debateId>:<userId>`). */
export const FORFEIT_WATCH_JOB = 'debates.forfeit_watch';

/**
 * The live side of debates: who is in a debate room (presence, across instances through the adapter),
 * and the forfeit watch — a debater away from their room for longer than FORFEIT_AFTER_MS forfeits. The watch is a
 * scheduler job (in the database), so whichever instance is up when it falls due runs it, once, after a restart too.
 * State that matters (clock, status) lives in the database; this object only carries sockets.
 */
export class DebateRooms {
  /** Set when the app shuts down: disconnects then are not people leaving, and Redis may be gone. */
  private isClosing = false;

  constructor(
    private readonly io: TRealtimeServer,
    private readonly deps: TDebatesDeps,
    private readonly log: FastifyBaseLogger,
    private readonly forfeitAfterMs: number,
    private readonly scheduler: Scheduler,
  ) {}

  /**
   * Distinct signed-in users with a socket in the room, on any instance. While this instance shuts down, its own
   * sockets only: asking the other instances through Redis then would publish on a client about to close (a
   * matched round's forfeit watch may still be on its way), an unhandled rejection inside the adapter.
   */
  private async usersInRoom(debateId: number): Promise<Map<string, string>> {
    const room = REALTIME_ROOMS.debate(String(debateId));
    const sockets = await (this.isClosing ? this.io.local : this.io).in(room).fetchSockets();
    const users = new Map<string, string>();
    for (const s of sockets) if (s.data.user) users.set(s.data.user.id, s.data.user.displayName);
    return users;
  }

  async presence(debateId: number): Promise<TDebatePresence> {
    const debate = await debates.getDebate(this.deps, debateId);
    const seats = new Set([...debate.seats.map((s) => s.userId), ...judgesOf(seatsOfDebate(debate))]);
    const users = await this.usersInRoom(debateId);
    return {
      debateId,
      spectators: [...users]
        .filter(([id]) => !seats.has(id))
        .map(([userId, displayName]) => ({ userId, displayName }))
        .sort((x, y) => x.displayName.localeCompare(y.displayName)),
      presentUserIds: [...users.keys()].filter((id) => seats.has(id)),
    };
  }

  async announce(debateId: number): Promise<TDebatePresence> {
    const presence = await this.presence(debateId);
    if (this.isClosing) return presence;
    this.io.to(REALTIME_ROOMS.debate(String(debateId))).emit('debate.presence_changed', presence);
    return presence;
  }

  /** A socket enters the room; a debater of the live round (`isDebater`) is back, so their forfeit watch ends. */
  async join(socket: TRealtimeSocket, debateId: number, isDebater: boolean): Promise<TDebatePresence> {
    await socket.join(REALTIME_ROOMS.debate(String(debateId)));
    const user = socket.data.user;
    if (user && isDebater) await this.scheduler.cancel(FORFEIT_WATCH_JOB, this.key(debateId, user.id));
    return this.announce(debateId);
  }

  /**
   * A debater or judge opened the round in this socket's window: their other sockets in the round (on any instance)
   * are told that the call is there now.
   */
  async takeOver(socket: TRealtimeSocket, debateId: number, userId: string): Promise<void> {
    const sockets = await this.io.in(REALTIME_ROOMS.debate(String(debateId))).fetchSockets();
    for (const other of sockets) {
      if (other.id !== socket.id && other.data.user?.id === userId) other.emit('debate.opened_elsewhere', { debateId });
    }
  }

  async leave(socket: TRealtimeSocket, debateId: number, isDisconnect: boolean): Promise<void> {
    if (this.isClosing) return;
    if (!isDisconnect) await socket.leave(REALTIME_ROOMS.debate(String(debateId)));
    const user = socket.data.user;
    await this.announce(debateId);
    if (user) await this.watchForfeit(debateId, user.id);
  }

  /**
   * `blockedId` watches, on this instance, rounds in which `blockerId` debates or judges: each of those sockets is told
   * (`debate.watch_ended`) and taken out of the round's room, and the room hears who is left.
   */
  async endWatching(blockerId: string, blockedId: string): Promise<void> {
    const prefix = REALTIME_ROOMS.debate('');
    for (const socket of await this.io.local.in(REALTIME_ROOMS.user(blockedId)).fetchSockets()) {
      for (const room of socket.rooms) {
        if (!room.startsWith(prefix)) continue;
        const debateId = Number(room.slice(prefix.length));
        const role = await debates.roleIn(this.deps, debateId, blockedId);
        const blockerRole = await debates.roleIn(this.deps, debateId, blockerId);
        if (!role || role.side || role.isJudge || !blockerRole || !(blockerRole.side || blockerRole.isJudge)) continue;
        socket.emit('debate.watch_ended', { debateId });
        socket.leave(room);
        await this.announce(debateId);
      }
    }
  }

  /**
   * Waiting needs someone to be there: when a user's last connection (on any instance) closes, they leave
   * the queue, so nobody is matched with a closed tab and then wins by the other's no-show.
   */
  async dropFromQueueIfGone(userId: string): Promise<void> {
    if (this.isClosing) return;
    const sockets = await this.io.in(REALTIME_ROOMS.user(userId)).fetchSockets();
    if (sockets.length > 0) return;
    if (await matchmaking.leaveQueueIfWaiting(this.deps, userId))
      this.log.info({ userId }, 'left the debate queue on disconnect');
  }

  private key(debateId: number, userId: string) {
    return `${debateId}:${userId}`;
  }

  /**
   * A debater of a live debate with no socket in its room (left, or matched and never came) gets FORFEIT_AFTER_MS
   * from now. `ifAbsent`: a watch already pending keeps its time (an instance restoring watches at its start).
   */
  async watchForfeit(debateId: number, userId: string, options: { ifAbsent?: boolean } = {}): Promise<void> {
    if (this.isClosing) return; // The scheduler's pending watches and the next start cover it.
    const role = await debates.roleIn(this.deps, debateId, userId);
    if (this.isClosing) return;
    if (!role?.side || role.status !== 'live' || !role.canForfeit) return;
    if ((await this.usersInRoom(debateId)).has(userId)) return;
    await this.scheduler.after(FORFEIT_WATCH_JOB, this.key(debateId, userId), this.forfeitAfterMs, undefined, options);
  }

  /** The watch fell due (on whichever instance is up): the debater forfeits if still away. */
  async forfeitIfAway(key: string): Promise<void> {
    // Shutting down: this instance's sockets are leaving, so presence cannot be told. Another instance (or this one,
    // started again) runs the watch once it is retried.
    if (this.isClosing) throw new Error('shutting down');
    const [debateId, userId] = [Number(key.slice(0, key.indexOf(':'))), key.slice(key.indexOf(':') + 1)];
    // Back on any instance (a reload, another tab): no forfeit.
    const inRoom = await this.usersInRoom(debateId);
    if (inRoom.has(userId)) return;
    const role = await debates.roleIn(this.deps, debateId, userId);
    // A BP team that forfeited already is out of the room's forfeits and of its abandoning.
    if (!role?.side || !role.canForfeit) return;
    // A partner still in the room keeps the side in the round; every debater away (a shared network drop, all closed
    // the tab): nobody is blamed, the round is abandoned.
    const outcome = absenceOutcome(role, (id) => inRoom.has(id));
    if (outcome === 'none') return;
    if (outcome === 'abandon') {
      if (await results.abandon(this.deps, debateId)) this.log.info({ debateId }, 'every debater away: abandoned');
      return;
    }
    // Every member of the side is away (a partner in the room keeps it in): each is struck.
    const absentIds = [userId, ...role.partnerIds.filter((id) => !inRoom.has(id))];
    const result = await results.forfeit(this.deps, debateId, userId, { absentIds });
    if (result) this.log.info({ debateId, userId }, 'debater forfeited after being away');
  }

  close() {
    this.isClosing = true;
  }
}

/** The debates' socket handlers, registered for every connection by the realtime module. */
export function debatesSocketFeature(
  context: Pick<TAppContext, 'database' | 'events' | 'config' | 'scheduler'>,
  log: FastifyBaseLogger,
) {
  const deps: TDebatesDeps = { database: context.database, events: context.events };
  // With a media server, the join reply carries this browser's grant to publish or view (features/sfu).
  const sfuGrants = context.config.janus
    ? {
        ...deps,
        keys: new SfuKeys(resolveAuthSecret(context.config)),
        spectatorLimit: context.config.spectatorLimit,
      }
    : undefined;
  let rooms: DebateRooms | undefined;
  // A matched debater who never opens the room forfeits like one who leaves it. The instance that made the
  // match watches; presence is checked across instances when the window ends.
  const unsubscribe = context.events.subscribe((event) => {
    if (event.name !== 'debate.matched' || !rooms) return;
    const userId = event.room.slice('user:'.length);
    rooms
      .watchForfeit(event.payload.debateId, userId)
      .catch((err: unknown) => log.warn({ err }, 'forfeit watch failed'));
  });
  // A spectator blocked by a debater or the judge of a round they watch on this instance stops watching it at once.
  const stopBlocks = context.events.subscribeServer((event) => {
    if (event.name !== 'user.blocks_changed' || !event.payload.isBlocked || !rooms) return;
    rooms
      .endWatching(event.payload.blockerId, event.payload.blockedId)
      .catch((err: unknown) => log.warn({ err }, 'ending a blocked spectator’s watch failed'));
  });
  /**
   * The rooms exist from the start, not from the first connection: a match made over HTTP on an instance no socket
   * has reached yet is watched too. Forfeit watches are scheduler jobs: those pending when the instances went down
   * run when they fall due. A debater whose sockets went with a stopped instance (no disconnect was seen, so nothing
   * is pending) gets a fresh window at the next start, unless a watch is pending already.
   */
  const start = (io: TRealtimeServer): DebateRooms => {
    const forfeitAfterMs = context.config.debateForfeitAfterMs ?? FORFEIT_AFTER_MS;
    const started = new DebateRooms(io, deps, log, forfeitAfterMs, context.scheduler);
    rooms = started;
    debates
      .listLiveDebaters(deps)
      .then((debaters) =>
        Promise.all(debaters.map(({ debateId, userId }) => started.watchForfeit(debateId, userId, { ifAbsent: true }))),
      )
      .catch((err: unknown) => log.warn({ err }, 'restoring forfeit watches failed'));
    return started;
  };
  const feature: TSocketFeature & { close(): void; forfeitIfAway(key: string): Promise<void> } = Object.assign(
    (socket: TRealtimeSocket, io: TRealtimeServer) => {
      const live = rooms ?? start(io);
      const joined = new Set<number>();
      // WebRTC signalling is a burst (an offer, an answer, a few dozen ICE candidates) and then quiet: a bucket
      // per connection lets a negotiation through and refuses a flood.
      const signals = new TokenBucket(SIGNAL_LIMIT.burst, SIGNAL_LIMIT.perSecond);

      socket.on('debate.join', (payload, ack) =>
        answer(ack, log, async () => {
          const user = signedIn(socket.data.user);
          const { debateId, takeOver = true } = parseOrThrow(ZJoinDebate, payload);
          const row = await requireDebate(deps, debateId);
          await requireRoundViewer(deps, user, row);
          const debate = await loadDebate(deps, row);
          joined.add(debateId);
          const userId = socket.data.user?.id;
          const debaterIds = debate.seats.map((s) => s.userId);
          const isDebater = debate.status === 'live' && !!userId && debaterIds.includes(userId);
          const judgeIds = judgesOf(seatsOfDebate(debate));
          const isSeatedJudge = debate.status === 'live' && !!userId && judgeIds.includes(userId);
          // A debater's or any judge's first arrival is kept (a tournament's grace period reads it).
          if (isDebater || isSeatedJudge) await debates.notePresent(deps, debateId, userId!);
          // Join before reading messages: one sent meanwhile arrives as an event (merged by id on the client).
          const presence = await live.join(socket, debateId, isDebater);
          const isSeated = !!userId && [...debaterIds, ...judgeIds].includes(userId);
          const hasCall = debate.status === 'live' || debate.status === 'awaiting_ballot';
          if (takeOver && userId && isSeated && hasCall) await live.takeOver(socket, debateId, userId);
          // The round as it is now that this socket is in its room: a clock command or change made between the first
          // read (for the access check) and the join reached the room before this socket did, so the first read
          // would leave the window on the old clock. (The client keeps the newest of this and any event.)
          const currentRow = await requireDebate(deps, debateId);
          const current = await loadDebate(deps, currentRow);
          const sfu = sfuGrants ? await sfuGrantFor(sfuGrants, user, currentRow) : undefined;
          const debaterSeats = (await debaterSeatsOf(deps, currentRow)).map(({ userId, side, position }) => ({
            userId,
            side,
            position,
          }));
          const partnerMessages = await partnerChat.listPartnerMessages(deps, currentRow, userId ?? null);
          return {
            debate: current,
            messages: await roundChat.listMessages(deps, debateId, userId ?? null),
            presence,
            // A viewer of the media server gets a relay too: it reaches only Janus, and a school network that
            // blocks UDP blocks Janus's media ports as well. A spectator on the mesh gets none.
            ...iceFor(context.config, isSeated || sfu?.role === 'viewer' ? userId : undefined),
            ...(sfu ? { sfu } : {}),
            serverTime: Date.now(),
            debaterSeats,
            ...(partnerMessages ? { partnerMessages } : {}),
          };
        }),
      );
      socket.on('debate.leave', (payload) => {
        const parsed = ZDebateRef.safeParse(payload);
        if (!parsed.success || !joined.delete(parsed.data.debateId)) return;
        live
          .leave(socket, parsed.data.debateId, false)
          .catch((err: unknown) => log.warn({ err }, 'debate leave failed'));
      });
      for (const action of CLOCK_ACTIONS) {
        socket.on(`debate.${action}`, (payload, ack) =>
          answer(ack, log, async () => {
            const user = signedIn(socket.data.user);
            const command = parseOrThrow(ZClockCommand, payload);
            return debates.commandClock(deps, user, command.debateId, action, command.clockVersion);
          }),
        );
      }
      socket.on('debate.send_message', (payload, ack) =>
        answer(ack, log, async () => {
          const user = signedIn(socket.data.user);
          const { debateId, text, clientId } = parseOrThrow(ZSendDebateMessage, payload);
          return { message: await roundChat.postMessage(deps, user, debateId, { text, clientId }) };
        }),
      );
      socket.on('debate.send_partner_message', (payload, ack) =>
        answer(ack, log, async () => {
          const user = signedIn(socket.data.user);
          const { debateId, text, clientId } = parseOrThrow(ZSendDebateMessage, payload);
          return { message: await partnerChat.postPartnerMessage(deps, user, debateId, { text, clientId }) };
        }),
      );
      socket.on('debate.offer_poi', (payload, ack) =>
        answer(ack, log, async () => {
          const user = signedIn(socket.data.user);
          const { debateId, kind } = parseOrThrow(ZOfferPoi, payload);
          return { poi: await pois.offerPoi(deps, user, debateId, kind) };
        }),
      );
      socket.on('debate.answer_poi', (payload, ack) =>
        answer(ack, log, async () => {
          const user = signedIn(socket.data.user);
          const { debateId, poiId, accept } = parseOrThrow(ZAnswerPoi, payload);
          return { poi: await pois.answerPoi(deps, user, debateId, poiId, accept) };
        }),
      );
      socket.on('debate.signal', (payload, ack) =>
        answer(ack, log, async () => {
          const user = signedIn(socket.data.user);
          const { debateId, toUserId, signal } = parseOrThrow(ZDebateSignal, payload);
          if (!signals.take()) throw new AppError('rate_limited', 'Too many connection messages. Wait a moment.');
          const rooms = await debates.signalRoute(deps, user, {
            debateId,
            toUserId,
            signalType: signal.type,
            isWatching: joined.has(debateId),
          });
          for (const room of rooms) {
            context.events.emit({
              name: 'debate.signal_received',
              room,
              payload: { debateId, fromUserId: user.id, signal },
            });
          }
          return undefined;
        }),
      );
      socket.on('disconnect', () => {
        const user = socket.data.user;
        if (user) live.dropFromQueueIfGone(user.id).catch((err: unknown) => log.warn({ err }, 'queue cleanup failed'));
        for (const debateId of joined) {
          live.leave(socket, debateId, true).catch((err: unknown) => log.warn({ err }, 'debate presence failed'));
        }
        joined.clear();
      });
    },
    {
      start: (io: TRealtimeServer) => void start(io),
      /** The forfeit watch's job (`FORFEIT_WATCH_JOB`, key `<debateId>:<userId>`), run when it falls due. */
      forfeitIfAway: async (key: string) => {
        // The rooms start with the socket server, before the scheduler polls; a job due earlier is retried.
        if (!rooms) throw new Error('the debate rooms have not started');
        await rooms.forfeitIfAway(key);
      },
      close: () => {
        unsubscribe();
        stopBlocks();
        rooms?.close();
      },
    },
  );
  return feature;
}

/**
 * The media server's socket side: `sfu.*` requests relay SDP between a browser and Janus after the round's rules
 * and the browser's grant, and this instance keeps the Janus handle of each publication and subscription its
 * sockets made, dropping them when the socket goes, the round ends, the debaters stop letting spectators watch, or a
 * participant blocks the viewer.
 */
import {
  REALTIME_ROOMS,
  ZSfuLeave,
  ZSfuPublish,
  ZSfuRef,
  ZSfuStart,
  ZSfuSubscribe,
  type TSessionUser,
  type TSfuRole,
  TokenBucket,
} from '@resolved/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { TAppContext } from '../../context';
import { AppError, parseOrThrow } from '../../lib/errors';
import { JANUS_ERROR, JANUS_SDP_ERRORS, JanusError, JanusUnavailableError } from '../../lib/janus/janus-client';
import { answer } from '../../realtime/ack';
import type { TRealtimeServer, TRealtimeSocket, TSocketFeature } from '../../realtime/realtime';
import { roleIn } from '../debates/debates.service';
import { clearPublications, ensureRoom, fitRoom, openRoom, withRoom, type TSfuRoom } from './sfu-rooms';
import * as sfu from './sfu.service';
import { RoundAudio } from './sfu-audience';
import { SfuPeers, type TPeerEntry } from './sfu-peers';

export { SfuPeers } from './sfu-peers';

/** `sfu.*` requests per socket: a burst for a page that subscribes to three feeds at once, then a few a second. */
const SFU_LIMIT = { burst: 30, perSecond: 3 } as const;

function signedIn(user: TSessionUser | null): TSessionUser {
  if (!user) throw new AppError('unauthenticated', 'Sign in to watch or join a round.');
  return user;
}

/**
 * What a browser is told when Janus fails: its refusals in our words, anything else as unavailable. A malformed offer
 * or answer is the browser's error (a 400-class refusal, logged at info); a room Janus still lacks after it was made
 * again is a moment's trouble, never the round's end (only the database says a round is over).
 */
function mediaError(error: unknown, log: FastifyBaseLogger): unknown {
  if (error instanceof JanusUnavailableError) {
    return new AppError('service_unavailable', 'The media server cannot be reached now. Try again in a moment.');
  }
  if (error instanceof JanusError && error.janusCode !== undefined) {
    if (error.janusCode === JANUS_ERROR.noSuchFeed) {
      return new AppError('not_found', 'That person is not sending audio and video now.', undefined, 'feed_not_found');
    }
    if (JANUS_SDP_ERRORS.has(error.janusCode)) {
      log.info({ janusCode: error.janusCode, janus: error.message }, 'sfu: the media server refused a browser’s SDP');
      return new AppError(
        'validation_failed',
        'The media server could not read this browser’s session description (SDP). Reload the page to try again.',
        undefined,
        'invalid_sdp',
      );
    }
    if (error.janusCode === JANUS_ERROR.noSuchRoom || error.janusCode === JANUS_ERROR.publishersFull) {
      return new AppError('service_unavailable', 'The round’s media room is being set up. Try again in a moment.');
    }
  }
  return error;
}

/** The grants that receive feeds: a spectator's, and a participant's in a call through the media server. */
const RECEIVING = ['viewer', 'publisher'] as const;

/** Janus refused a publisher because the room is full (it was made for fewer seats than the round has now). */
const isRoomFull = (error: unknown) => error instanceof JanusError && error.janusCode === JANUS_ERROR.publishersFull;

/** The `sfu.*` handlers; without a media server (`deps` unset) they refuse, and the round's media is the mesh. */
export function sfuSocketFeature(
  context: Pick<TAppContext, 'events'>,
  deps: sfu.TSfuDeps | undefined,
  log: FastifyBaseLogger,
) {
  const peers = new SfuPeers(log, (debateId) =>
    context.events.emit({
      name: 'sfu.feeds_changed',
      room: REALTIME_ROOMS.debate(String(debateId)),
      payload: { debateId },
    }),
  );
  const audio = deps ? new RoundAudio(deps, peers, log) : undefined;
  const stopLost = deps?.janus.onLost(() => peers.forgetAll());
  const warn = (what: string) => (err: unknown) => log.warn({ err }, `sfu: ${what} failed`);

  // Every instance drops its handles of a round whose viewing ended (the round over, or spectators no longer let in).
  const stopServer = context.events.subscribeServer((event) => {
    if (event.name === 'sfu.viewing_ended') {
      const { debateId, reason } = event.payload;
      // Spectators no longer let in: their subscriptions go; the participants' (a call through the server) stay.
      const isViewer = (e: TPeerEntry) => e.kind === 'subscription' && !e.isParticipant;
      peers
        .drop((e) => e.debateId === debateId && (reason === 'round_over' || isViewer(e)))
        .catch(warn('dropping a round’s handles'));
    }
    // The round's clock or seats changed: its subscriptions held here follow the prep huddle's rule again.
    if (event.name === 'sfu.audience_changed') {
      audio?.sync(event.payload.debateId).catch(warn('applying the prep huddle to subscriptions'));
    }
    // A participant blocked a viewer: the viewer's subscriptions in the rounds the blocker sits in end, here.
    if (event.name === 'user.blocks_changed' && event.payload.isBlocked && deps) {
      const { blockerId, blockedId } = event.payload;
      void (async () => {
        const rounds = new Set(
          peers
            .list((e) => e.userId === blockedId && e.kind === 'subscription' && !e.isParticipant)
            .map((e) => e.debateId),
        );
        for (const debateId of rounds) {
          const role = await roleIn(deps, debateId, blockerId);
          if (!role || !(role.side || role.isJudge)) continue;
          const dropped = await peers.drop(
            (e) => e.userId === blockedId && e.kind === 'subscription' && !e.isParticipant && e.debateId === debateId,
          );
          for (const socket of new Set(dropped.map((e) => e.socket))) {
            socket.emit('sfu.ended', { debateId, reason: 'blocked' });
          }
        }
      })().catch(warn('ending a blocked viewer’s subscriptions'));
    }
  });

  const feature: TSocketFeature & { close(): void } = Object.assign(
    (socket: TRealtimeSocket, io: TRealtimeServer) => {
      const bucket = new TokenBucket(SFU_LIMIT.burst, SFU_LIMIT.perSecond);

      /**
       * The door of every `sfu.*` request: signed in, not flooding, a media server, a grant for this round and role
       * (receiving feeds takes a viewer's grant or, in a call through the server, a participant's).
       */
      const admit = (payload: { debateId: number; token: string }, role: TSfuRole | readonly TSfuRole[]) => {
        const user = signedIn(socket.data.user);
        if (!bucket.take()) throw new AppError('rate_limited', 'Too many media requests. Wait a moment.');
        if (!deps) {
          throw new AppError(
            'not_found',
            'This server has no media server: the round’s audio and video go directly between its people.',
            undefined,
            'media_server_off',
          );
        }
        sfu.verifyGrant(deps.keys, payload.token, { debateId: payload.debateId, userId: user.id, role });
        return { user, deps };
      };

      /** A viewer must have the round open in this socket (its room), as the relay asks of a spectator's signals. */
      const requireInRound = (debateId: number) => {
        if (!socket.rooms.has(REALTIME_ROOMS.debate(String(debateId)))) {
          throw new AppError('forbidden', 'Open the round before watching it.', undefined, 'not_in_round');
        }
      };

      const relay = <T>(ack: unknown, run: () => Promise<T>) =>
        answer(ack, log, async () => {
          try {
            return await run();
          } catch (error) {
            throw mediaError(error, log);
          }
        });

      socket.on('sfu.publish', (payload, ack) =>
        relay(ack, async () => {
          const { debateId, token, offer } = parseOrThrow(ZSfuPublish, payload);
          const { user, deps } = admit({ debateId, token }, 'publisher');
          const row = await sfu.requirePublisher(deps, user, debateId);
          const publishTo = (current: TSfuRoom) =>
            deps.janus.publish({
              room: current.room,
              token: current.token,
              display: user.id,
              offerSdp: offer,
              // Viewers are told when the feed can be subscribed to: Janus lists it only once its media is up.
              onMediaUp: () =>
                context.events.emit({
                  name: 'sfu.feeds_changed',
                  room: REALTIME_ROOMS.debate(String(debateId)),
                  payload: { debateId },
                }),
            });
          // Republishing replaces the user's publication: this instance's handle, and any left in the room elsewhere.
          await peers.drop((e) => e.kind === 'publication' && e.debateId === debateId && e.userId === user.id);
          const { peer, answerSdp } = await withRoom(deps, await ensureRoom(deps, row), async (current) => {
            await clearPublications(deps, row, current, user.id);
            try {
              return await publishTo(current);
            } catch (error) {
              if (!isRoomFull(error)) throw error;
              // The room was made for fewer seats than the round has now: it is fitted to them, and asked again.
              await fitRoom(deps, row, { isForced: true });
              return publishTo(current);
            }
          });
          if (!socket.connected) {
            await peer.close();
            throw new AppError('conflict', 'The connection closed before the media server answered.');
          }
          peers.add({
            debateId,
            userId: user.id,
            kind: 'publication',
            isParticipant: true,
            feedUserId: null,
            peer,
            socket,
          });
          return { answer: answerSdp };
        }),
      );

      socket.on('sfu.unpublish', (payload, ack) =>
        relay(ack, async () => {
          const { debateId, token } = parseOrThrow(ZSfuRef, payload);
          admit({ debateId, token }, 'publisher');
          await peers.drop((e) => e.kind === 'publication' && e.debateId === debateId && e.socket.id === socket.id);
          return undefined;
        }),
      );

      socket.on('sfu.feeds', (payload, ack) =>
        relay(ack, async () => {
          const { debateId, token } = parseOrThrow(ZSfuRef, payload);
          const { user, deps } = admit({ debateId, token }, RECEIVING);
          const { row } = await sfu.requireSubscriber(deps, user, debateId);
          requireInRound(debateId);
          return { feeds: await sfu.listFeeds(deps, row, user.id) };
        }),
      );

      socket.on('sfu.subscribe', (payload, ack) =>
        relay(ack, async () => {
          const { debateId, token, feedUserId } = parseOrThrow(ZSfuSubscribe, payload);
          const { user, deps } = admit({ debateId, token }, RECEIVING);
          const { row, isParticipant } = await sfu.requireSubscriber(deps, user, debateId);
          requireInRound(debateId);
          const viewers = isParticipant ? new Set<string>() : await SfuPeers.viewersOf(io, debateId);
          if (!isParticipant && !viewers.has(user.id) && viewers.size >= deps.spectatorLimit) {
            throw new AppError(
              'conflict',
              `This round has as many viewers as it can take (${deps.spectatorLimit}). You can still follow the clock and chat.`,
              { viewerLimit: deps.spectatorLimit },
              'viewer_limit',
            );
          }
          const room = await openRoom(deps, debateId);
          if (!room) {
            throw new AppError(
              'not_found',
              'That person is not sending audio and video now.',
              undefined,
              'feed_not_found',
            );
          }
          const feed = await sfu.feedOf(deps, room, row, feedUserId);
          const { peer, offerSdp } = await deps.janus.subscribe({ room: room.room, feed, token: room.token });
          if (!socket.connected) {
            await peer.close();
            throw new AppError('conflict', 'The connection closed before the media server answered.');
          }
          const entry = peers.add({
            debateId,
            userId: user.id,
            kind: 'subscription',
            isParticipant,
            feedUserId,
            peer,
            socket,
          });
          // Held to the prep huddle's rule before its offer leaves: no audio it may not have is ever relayed to it.
          await audio!.sync(debateId);
          if (!peers.has(entry)) throw new AppError('service_unavailable', 'The media server did not take the feed.');
          return { subscriptionId: entry.id, offer: offerSdp, publicationId: sfu.publicationIdOf(feed) };
        }),
      );

      socket.on('sfu.start', (payload, ack) =>
        relay(ack, async () => {
          const { debateId, token, subscriptionId, answer: answerSdp } = parseOrThrow(ZSfuStart, payload);
          const { user, deps } = admit({ debateId, token }, RECEIVING);
          await sfu.requireSubscriber(deps, user, debateId);
          const entry = peers.subscription(socket, debateId, subscriptionId);
          if (!entry) throw new AppError('not_found', 'That subscription has ended. Subscribe again.');
          await entry.peer.start(answerSdp);
          return undefined;
        }),
      );

      socket.on('sfu.leave', (payload, ack) =>
        relay(ack, async () => {
          const { debateId, token, subscriptionId } = parseOrThrow(ZSfuLeave, payload);
          admit({ debateId, token }, RECEIVING);
          await peers.drop(
            (e) =>
              e.kind === 'subscription' &&
              e.socket.id === socket.id &&
              e.debateId === debateId &&
              (subscriptionId === undefined || e.id === subscriptionId),
          );
          return undefined;
        }),
      );

      // Leaving the round's page ends this socket's subscriptions there.
      socket.on('debate.leave', (payload) => {
        const debateId = (payload as { debateId?: unknown } | undefined)?.debateId;
        if (typeof debateId !== 'number') return;
        peers
          .drop((e) => e.kind === 'subscription' && e.socket.id === socket.id && e.debateId === debateId)
          .catch(warn('leaving a round’s subscriptions'));
      });

      socket.on('disconnect', () => {
        peers.drop((e) => e.socket.id === socket.id).catch(warn('closing a socket’s handles'));
      });
    },
    {
      close: () => {
        stopServer();
        stopLost?.();
      },
    },
  );
  return feature;
}

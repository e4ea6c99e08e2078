import { EventEmitter } from 'node:events';
import type { TServerToClientEvents, TSessionClosedReason } from '@resolved/shared';

/**
 * Domain events. Services emit them and never touch sockets; the realtime module delivers each to the
 * Socket.IO room it names (and, with REDIS_URL, to every instance).
 */
export type TDomainEvent = {
  [K in keyof TServerToClientEvents]: {
    name: K;
    /** A room from REALTIME_ROOMS. */
    room: string;
    payload: Parameters<TServerToClientEvents[K]>[0];
  };
}[keyof TServerToClientEvents];

/**
 * Server-side events: what every instance must act on, not what a socket room receives. The realtime module carries
 * them to the other instances (Socket.IO's server-side emit, over Redis with REDIS_URL) and hands each, on every
 * instance, to `subscribeServer` listeners.
 */
export type TServerEvent =
  | {
      /**
       * A user's sessions changed (signed out, banned, account deleted): each instance checks the user's open sockets
       * at the door again and closes those it no longer lets in, telling them why.
       */
      name: 'user.sessions_revoked';
      payload: { userId: string; reason: TSessionClosedReason };
    }
  | {
      /**
       * `blockerId` blocked (or unblocked) `blockedId`: each instance moves the blocker's community-chat sockets into
       * (or out of) the room that stops `blockedId`'s messages reaching them.
       */
      name: 'user.blocks_changed';
      payload: { blockerId: string; blockedId: string; isBlocked: boolean };
    }
  | {
      /**
       * A round's viewing through the media server ended (`round_over`: the room is destroyed; `watch_withdrawn`: a
       * debater stopped letting spectators watch): each instance drops its handles of the round (all of them, or the
       * viewers').
       */
      name: 'sfu.viewing_ended';
      payload: { debateId: number; reason: 'round_over' | 'watch_withdrawn' };
    }
  | {
      /**
       * A round of teams changed (its clock, its seats): each instance brings the audio of its subscriptions in the
       * round back to the prep huddle's rule (`sfu-audience.ts`).
       */
      name: 'sfu.audience_changed';
      payload: { debateId: number };
    };

export class DomainEvents {
  private readonly emitter = new EventEmitter();

  emit(event: TDomainEvent): void {
    this.emitter.emit('event', event);
  }

  subscribe(listener: (event: TDomainEvent) => void): () => void {
    this.emitter.on('event', listener);
    return () => this.emitter.off('event', listener);
  }

  /** Emits a server-side event on this instance (`deliverServer`) and to every other (through the realtime module). */
  emitServer(event: TServerEvent): void {
    this.emitter.emit('server-out', event);
    this.deliverServer(event);
  }

  /** Hands a server-side event (this instance's own, or one from another instance) to its listeners here. */
  deliverServer(event: TServerEvent): void {
    this.emitter.emit('server', event);
  }

  /** Listens to server-side events, wherever they were emitted. */
  subscribeServer(listener: (event: TServerEvent) => void): () => void {
    this.emitter.on('server', listener);
    return () => this.emitter.off('server', listener);
  }

  /** Listens to the server-side events emitted on this instance (the realtime module sends them on). */
  subscribeServerOutgoing(listener: (event: TServerEvent) => void): () => void {
    this.emitter.on('server-out', listener);
    return () => this.emitter.off('server-out', listener);
  }
}

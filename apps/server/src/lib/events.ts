import { EventEmitter } from 'node:events';
import type { TServerToClientEvents } from '@resolved/shared';

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

export class DomainEvents {
  private readonly emitter = new EventEmitter();

  emit(event: TDomainEvent): void {
    this.emitter.emit('event', event);
  }

  subscribe(listener: (event: TDomainEvent) => void): () => void {
    this.emitter.on('event', listener);
    return () => this.emitter.off('event', listener);
  }
}

/**
 * The part of janode (Meetecho's Node client for Janus, which ships no types) that `janus-client.ts` uses: a
 * connection, a session, and VideoRoom handles. Only `janus-client.ts` imports janode.
 */
declare module 'janode' {
  import type { EventEmitter } from 'node:events';

  export interface JanodeSession extends EventEmitter {
    attach<H>(plugin: { id: string; Handle: new (...args: never[]) => H }): Promise<H>;
    destroy(): Promise<void>;
  }

  export interface JanodeConnection extends EventEmitter {
    create(keepAliveSeconds?: number): Promise<JanodeSession>;
    close(): Promise<void>;
  }

  const Janode: {
    connect(config: {
      address: { url: string; apisecret?: string };
      retry_time_secs?: number;
      max_retries?: number;
    }): Promise<JanodeConnection>;
    Logger: { setLevel(level: 'none' | 'error' | 'warning' | 'info' | 'verbose' | 'debug'): void };
    EVENT: {
      CONNECTION_CLOSED: string;
      CONNECTION_ERROR: string;
      SESSION_DESTROYED: string;
      HANDLE_DETACHED: string;
      HANDLE_WEBRTCUP: string;
    };
  };
  export default Janode;
}

declare module 'janode/plugins/videoroom' {
  import type { EventEmitter } from 'node:events';

  export interface TJsep {
    type: 'offer' | 'answer';
    sdp: string;
    trickle?: boolean;
  }

  export class VideoRoomHandle extends EventEmitter {
    create(params: {
      room: number;
      admin_key?: string;
      max_publishers?: number;
      secret?: string;
      description?: string;
    }): Promise<{ room: number }>;
    destroy(params: { room: number; secret?: string }): Promise<unknown>;
    exists(params: { room: number }): Promise<{ room: number; exists: boolean }>;
    list(params?: { admin_key?: string }): Promise<{ list: { room: number }[] }>;
    allow(params: {
      room: number;
      action: 'enable' | 'disable' | 'add' | 'remove';
      list?: string[];
      secret?: string;
    }): Promise<unknown>;
    /** A request janode has no method for (the VideoRoom's `edit`): resolves with Janus's raw reply. */
    message(body: Record<string, unknown>): Promise<unknown>;
    kick(params: { room: number; feed: number; secret?: string }): Promise<unknown>;
    listParticipants(params: {
      room: number;
      secret?: string;
    }): Promise<{ room: number; participants: { feed: number; display?: string; publisher: boolean }[] }>;
    joinPublisher(params: { room: number; display?: string; token?: string }): Promise<{ feed: number }>;
    joinConfigurePublisher(params: {
      room: number;
      display?: string;
      token?: string;
      audio?: boolean;
      video?: boolean;
      jsep: TJsep;
    }): Promise<{ feed: number; jsep?: TJsep }>;
    joinSubscriber(params: {
      room: number;
      feed: number;
      token?: string;
    }): Promise<{ jsep?: TJsep; streams?: { type: string; mid: string }[] }>;
    /** A subscriber's streams relayed or held (`send`), by the subscription's mid. */
    configure(params: { streams: { mid: string; send: boolean }[] }): Promise<unknown>;
    start(params: { jsep: TJsep }): Promise<unknown>;
    detach(): Promise<void>;
  }

  const VideoRoomPlugin: { id: string; Handle: typeof VideoRoomHandle; EVENT: Record<string, string> };
  export default VideoRoomPlugin;
}

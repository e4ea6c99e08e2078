import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { chatResyncCursor, type TChatLock, type TChatMessage } from '@resolved/shared';
import { ReplyError } from '../../lib/api';
import { serverMessage } from '../../lib/form-errors';
import {
  getSocket,
  isNoReply,
  reconnectSocket,
  replyData,
  request,
  useSocketConnected,
  useSocketEvent,
} from '../../lib/socket';
import {
  INITIAL_CHAT_STATE,
  addToOutbox,
  lastMessageId,
  mergeMessages,
  removeMessages,
  setOutboxStatus,
  isRetryableFailure,
  type TChatState,
} from './chat-state';
import { fetchMessagesBefore, fetchNewestMessages } from './chat-queries';

/**
 * How long a message may wait for the connection before it shows as not sent. (Once sent, `request` gives the
 * server's acknowledgement the same time.)
 */
const OFFLINE_SEND_LIMIT_MS = 10_000;

type TAction =
  | { type: 'merge'; messages: readonly TChatMessage[] }
  | { type: 'remove'; ids: readonly number[] }
  | { type: 'queue'; clientId: string; text: string }
  | { type: 'status'; clientId: string; status: 'sending' | 'failed'; error?: string; canRetry?: boolean };

function reducer(state: TChatState, action: TAction): TChatState {
  switch (action.type) {
    case 'merge':
      return mergeMessages(state, action.messages);
    case 'remove':
      return removeMessages(state, action.ids);
    case 'queue':
      return addToOutbox(state, {
        clientId: action.clientId,
        text: action.text,
        status: 'sending',
        createdAt: Date.now(),
      });
    case 'status':
      return setOutboxStatus(state, action.clientId, action.status, action.error, action.canRetry);
  }
}

type TChatStatus = 'loading' | 'ready' | 'error';

/**
 * The community chat for this tab: joins the live room on every (re)connect, catches up from the newest
 * message it holds, merges by id, and sends through an outbox that survives a dropped connection. `lock` is whether
 * only established accounts may post (from the join, then live).
 */
export function useChat() {
  const [state, dispatch] = useReducer(reducer, INITIAL_CHAT_STATE);
  const [status, setStatus] = useState<TChatStatus>('loading');
  const [error, setError] = useState<string>();
  const [presence, setPresence] = useState<number>();
  const [lock, setLock] = useState<TChatLock>();
  const [hasOlder, setHasOlder] = useState(false);
  const [isLoadingOlder, setIsLoadingOlder] = useState(false);
  const isConnected = useSocketConnected();
  const stateRef = useRef(state);
  useEffect(() => {
    stateRef.current = state;
  });
  const deletedSinceRef = useRef<string | undefined>(undefined);
  const hasRetriedSessionRef = useRef(false);
  const timersRef = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  const deliver = useCallback((clientId: string, text: string) => {
    const timers = timersRef.current;
    clearTimeout(timers.get(clientId));
    timers.delete(clientId);
    // Not connected, or the connection dropped before the answer: it stays "Sending…" and goes out again on
    // reconnect (see `join`), unless that takes too long.
    const waitForConnection = () => {
      timers.set(
        clientId,
        setTimeout(() => {
          timers.delete(clientId);
          dispatch({ type: 'status', clientId, status: 'failed' });
        }, OFFLINE_SEND_LIMIT_MS),
      );
    };
    if (!getSocket().connected) return waitForConnection();
    void request('message.send', { clientId, text }).then((reply) => {
      if (reply.ok) dispatch({ type: 'merge', messages: [reply.data.message] });
      else if (reply.error.code === 'disconnected') waitForConnection();
      // No answer in time shows the standard "not confirmed" advice; a refusal says why (rate limit, a mute…), and
      // only a failure that may clear offers Retry.
      else {
        const error = isNoReply(reply) ? undefined : reply.error;
        dispatch({
          type: 'status',
          clientId,
          status: 'failed',
          error: error && serverMessage(error),
          canRetry: isRetryableFailure(error),
        });
      }
    });
  }, []);

  const join = useCallback(() => {
    const catchUp = (afterId: number | undefined) => {
      void request('chat.join', {
        ...(afterId !== undefined ? { afterId } : {}),
        ...(deletedSinceRef.current ? { deletedSince: deletedSinceRef.current } : {}),
      }).then((reply) => {
        if (!reply.ok) {
          // No answer (the connection dropped, or the server is slow): the page stays as it is, and the next
          // connect joins again.
          if (isNoReply(reply)) return;
          // The socket may have connected before this sign-in (its handshake carried no session): connect
          // again once with the current cookie rather than show the page signed out.
          if (reply.error.code === 'unauthenticated' && !hasRetriedSessionRef.current) {
            hasRetriedSessionRef.current = true;
            reconnectSocket();
            return;
          }
          setStatus('error');
          setError(serverMessage(reply.error));
          return;
        }
        const { messages, hasMore, deletedIds, serverTime, presence: count, lock: currentLock } = reply.data;
        deletedSinceRef.current = serverTime;
        dispatch({ type: 'remove', ids: deletedIds });
        dispatch({ type: 'merge', messages });
        setPresence(count);
        setLock(currentLock);
        setStatus('ready');
        setError(undefined);
        if (afterId === undefined) setHasOlder(hasMore);
        else if (hasMore && messages.length > 0) catchUp(messages.at(-1)!.id);
      });
    };
    const newest = lastMessageId(stateRef.current);
    catchUp(chatResyncCursor(newest));
    // What was queued while offline goes out now, once (the server ignores a repeated client id).
    for (const item of stateRef.current.outbox) if (item.status === 'sending') deliver(item.clientId, item.text);
  }, [deliver]);

  useEffect(() => {
    const socket = getSocket();
    // Every (re)connect — a network blip, a laptop waking, a server restart — joins again and catches up.
    socket.on('connect', join);
    if (socket.connected) join();
    const timers = timersRef.current;
    return () => {
      socket.off('connect', join);
      socket.emit('chat.leave');
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    };
  }, [join]);

  useSocketEvent('messages.created', ({ messages }) => dispatch({ type: 'merge', messages }));
  useSocketEvent('message.deleted', ({ id }) => dispatch({ type: 'remove', ids: [id] }));
  useSocketEvent('chat.presence_changed', ({ count }) => setPresence(count));
  // An admin's switch "only established accounts may post", from any instance: the banner follows it.
  useSocketEvent('chat.lock_changed', (next) => setLock(next));
  // Unblocking someone (here or in another tab) brings their recent messages back without a reload.
  useSocketEvent('block.changed', ({ isBlocked }) => {
    if (isBlocked) return;
    fetchNewestMessages().then(
      (page) => dispatch({ type: 'merge', messages: page.messages }),
      () => undefined,
    );
  });

  const send = useCallback(
    (text: string) => {
      const clientId = crypto.randomUUID();
      dispatch({ type: 'queue', clientId, text });
      deliver(clientId, text);
    },
    [deliver],
  );

  const retry = useCallback(
    (clientId: string) => {
      const item = stateRef.current.outbox.find((i) => i.clientId === clientId);
      if (!item) return;
      dispatch({ type: 'status', clientId, status: 'sending' });
      deliver(clientId, item.text);
    },
    [deliver],
  );

  const remove = useCallback(async (id: number) => {
    const reply = await request('message.delete', { id });
    if (isNoReply(reply) && !reply.ok) throw new ReplyError(reply.error.code, 'The server did not answer. Try again.');
    replyData(reply);
    dispatch({ type: 'remove', ids: [id] });
  }, []);

  const loadOlder = useCallback(async () => {
    const first = stateRef.current.messages[0];
    if (!first || isLoadingOlder) return;
    setIsLoadingOlder(true);
    try {
      const page = await fetchMessagesBefore(first.id);
      dispatch({ type: 'merge', messages: page.messages });
      setHasOlder(page.hasMore);
    } finally {
      setIsLoadingOlder(false);
    }
  }, [isLoadingOlder]);

  return {
    ...state,
    status,
    error,
    presence,
    lock,
    isConnected,
    hasOlder,
    isLoadingOlder,
    send,
    retry,
    remove,
    loadOlder,
  };
}

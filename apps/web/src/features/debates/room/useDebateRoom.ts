import { useCallback, useEffect, useRef, useState } from 'react';
import {
  newerDebate,
  type TClockAction,
  type TDebate,
  type TDebateJoined,
  type TDebateMessage,
  type TDebatePresence,
  type TPoi,
} from '@resolved/shared';
import { errorMessage } from '../../../lib/form-errors';
import { getSocket, replyData, request, useSocketConnected, useSocketEvent } from '../../../lib/socket';
import { measureServerOffset } from './server-time';

type TIceServer = TDebateJoined['iceServers'][number];

/**
 * A debate room over the socket: joins `debate:<id>` (again after every reconnect), keeps the debate,
 * its clock, chat and presence current from server events, and sends clock commands and messages.
 */
export function useDebateRoom(debateId: number) {
  const isConnected = useSocketConnected();
  const [debate, setDebateState] = useState<TDebate | null>(null);
  /** Every snapshot of the round (join, events, this tab's HTTP answers) goes through one rule: the newest wins. */
  const setDebate = useCallback((next: TDebate) => setDebateState((current) => newerDebate(current, next)), []);
  const [messages, setMessages] = useState<TDebateMessage[]>([]);
  const [presence, setPresence] = useState<TDebatePresence | null>(null);
  const [iceServers, setIceServers] = useState<TIceServer[] | null>(null);
  const [iceTransportPolicy, setIceTransportPolicy] = useState<TDebateJoined['iceTransportPolicy']>('all');
  const [error, setError] = useState<string | null>(null);
  /** This person opened the round in another window, which has the call now (until they take it back here). */
  const [isElsewhere, setIsElsewhere] = useState(false);
  const isElsewhereRef = useRef(false);

  const applyJoined = useCallback(
    (joined: TDebateJoined) => {
      setDebate(joined.debate);
      setPresence(joined.presence);
      setIceTransportPolicy(joined.iceTransportPolicy);
      setIceServers(joined.iceServers);
      setError(null);
      setMessages((current) => {
        const byId = new Map(current.map((m) => [m.id, m]));
        for (const m of joined.messages) byId.set(m.id, m);
        return [...byId.values()].sort((a, b) => a.id - b.id);
      });
    },
    [setDebate],
  );

  useEffect(() => {
    if (!isConnected) return;
    let isCurrent = true;
    void measureServerOffset();
    // A window whose call went to another one rejoins (after a reconnect) without taking it back.
    request('debate.join', { debateId, takeOver: !isElsewhereRef.current })
      .then(replyData)
      .then((joined) => isCurrent && applyJoined(joined))
      .catch((e: unknown) => isCurrent && setError(errorMessage(e)));
    return () => {
      isCurrent = false;
      getSocket().emit('debate.leave', { debateId });
    };
  }, [debateId, isConnected, applyJoined]);

  useSocketEvent('debate.clock_changed', (payload) => {
    if (payload.debateId !== debateId) return;
    setDebateState((current) =>
      current && payload.clockVersion >= current.clockVersion
        ? { ...current, clock: payload.clock, clockVersion: payload.clockVersion }
        : current,
    );
  });
  useSocketEvent('debate.updated', ({ debate: next }) => {
    if (next.id === debateId) setDebate(next);
  });
  useSocketEvent('debate.opened_elsewhere', (payload) => {
    if (payload.debateId !== debateId) return;
    isElsewhereRef.current = true;
    setIsElsewhere(true);
  });
  /** Takes the call back from the other window (which is told so in turn). */
  const takeBack = useCallback(async () => {
    applyJoined(replyData(await request('debate.join', { debateId, takeOver: true })));
    isElsewhereRef.current = false;
    setIsElsewhere(false);
  }, [debateId, applyJoined]);
  useSocketEvent('debate.poi_changed', ({ poi }) => mergePoi(poi));
  useSocketEvent('debate.message_created', ({ message }) => {
    if (message.debateId !== debateId) return;
    // In id order, as the join's list: on PostgreSQL two messages may be announced out of it.
    setMessages((current) =>
      current.some((m) => m.id === message.id) ? current : [...current, message].sort((a, b) => a.id - b.id),
    );
  });
  useSocketEvent('debate.presence_changed', (next) => {
    if (next.debateId === debateId) setPresence(next);
  });

  const command = useCallback(
    async (action: TClockAction) => {
      const reply = replyData(await request(`debate.${action}`, { debateId }));
      setDebateState((current) =>
        current && reply.clockVersion >= current.clockVersion
          ? { ...current, clock: reply.clock, clockVersion: reply.clockVersion }
          : current,
      );
    },
    [debateId],
  );

  const sendMessage = useCallback(
    async (text: string) =>
      replyData(await request('debate.send_message', { debateId, text, clientId: crypto.randomUUID() })),
    [debateId],
  );

  /** A point offered, answered or raised (from this tab's request or the room's event), merged by id. */
  function mergePoi(poi: TPoi) {
    setDebateState((current) =>
      current && current.id === poi.debateId
        ? {
            ...current,
            pois: current.pois.some((p) => p.id === poi.id)
              ? current.pois.map((p) => (p.id === poi.id ? poi : p))
              : [...current.pois, poi],
          }
        : current,
    );
  }

  return {
    debate,
    setDebate,
    messages,
    presence,
    iceServers,
    iceTransportPolicy,
    error,
    isConnected,
    isElsewhere,
    takeBack,
    command,
    sendMessage,
    mergePoi,
  };
}

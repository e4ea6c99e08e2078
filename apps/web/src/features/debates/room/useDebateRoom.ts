import { useCallback, useEffect, useRef, useState } from 'react';
import {
  judgesOf,
  newerDebate,
  seatsOfDebate,
  type TClockAction,
  type TDebate,
  type TDebateJoined,
  type TDebateMessage,
  type TDebatePresence,
  type TDebaterSeat,
  type TPartnerMessage,
  type TPoi,
  type TSfuGrant,
  type TSfuRole,
} from '@resolved/shared';
import { errorMessage } from '../../../lib/form-errors';
import { getSocket, replyData, request, useSocketConnected, useSocketEvent } from '../../../lib/socket';
import { measureServerOffset } from './server-time';
import { seatsOfRound } from './round-seats';

type TIceServer = TDebateJoined['iceServers'][number];

/** How long before its grant to the media server expires the page asks for a new one (a rejoin). */
const GRANT_RENEW_MARGIN_MS = 60_000;

/**
 * Which grant to the round's media server this person needs now: a debater or the judge publishes (while the round
 * has a call); a signed-in spectator views once the debaters let spectators watch. Null: none.
 */
function wantedGrant(debate: TDebate | null, userId: string | undefined): TSfuRole | null {
  if (!debate || !userId || (debate.status !== 'live' && debate.status !== 'awaiting_ballot')) return null;
  const isSeated = [...seatsOfRound(debate).map((s) => s.userId), ...judgesOf(seatsOfDebate(debate))].includes(userId);
  return isSeated ? 'publisher' : debate.spectatorWatch.isAllowed ? 'viewer' : null;
}

/**
 * A debate room over the socket: joins `debate:<id>` (again after every reconnect), keeps the debate,
 * its clock, chat and presence current from server events, and sends clock commands and messages.
 */
export function useDebateRoom(debateId: number, userId?: string) {
  const isConnected = useSocketConnected();
  const [debate, setDebateState] = useState<TDebate | null>(null);
  /** Every snapshot of the round (join, events, this tab's HTTP answers) goes through one rule: the newest wins. */
  const setDebate = useCallback((next: TDebate) => setDebateState((current) => newerDebate(current, next)), []);
  const [messages, setMessages] = useState<TDebateMessage[]>([]);
  const [presence, setPresence] = useState<TDebatePresence | null>(null);
  /** Every debater's side, from the join (a prep huddle reads it); empty until the first join. */
  const [debaterSeats, setDebaterSeats] = useState<TDebaterSeat[]>([]);
  /** The viewer's team's partner chat; null for anyone not on a side of two or more. */
  const [partnerMessages, setPartnerMessages] = useState<TPartnerMessage[] | null>(null);
  const [iceServers, setIceServers] = useState<TIceServer[] | null>(null);
  const [iceTransportPolicy, setIceTransportPolicy] = useState<TDebateJoined['iceTransportPolicy']>('all');
  const [sfu, setSfu] = useState<TSfuGrant | null>(null);
  /** The grant the last join was made for (`wantedGrant` then): a change asks again, once. */
  const grantAskedRef = useRef<TSfuRole | null>(null);
  const userIdRef = useRef(userId);
  userIdRef.current = userId;
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
      setSfu(joined.sfu ?? null);
      grantAskedRef.current = wantedGrant(joined.debate, userIdRef.current);
      setError(null);
      setMessages((current) => mergeMessages(current, joined.messages));
      setDebaterSeats(joined.debaterSeats ?? []);
      const partners = joined.partnerMessages;
      setPartnerMessages((current) => (partners ? mergeMessages(current ?? [], partners) : null));
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

  /** Joins again in this window (the call stays where it is): a new grant to the media server comes with the reply. */
  const rejoin = useCallback(() => {
    request('debate.join', { debateId, takeOver: !isElsewhereRef.current })
      .then(replyData)
      .then(applyJoined)
      .catch((e: unknown) => console.warn('Renewing the media grant failed', errorMessage(e)));
  }, [debateId, applyJoined]);

  // The person's grant no longer fits (the debaters now let spectators watch, a spectator took the judge's seat): ask
  // for the one that does, once per change. Without a media server the reply has none, and nothing more is asked.
  const wanted = wantedGrant(debate, userId);
  useEffect(() => {
    if (!isConnected || grantAskedRef.current === wanted) return;
    grantAskedRef.current = wanted;
    if (wanted && sfu?.role !== wanted) rejoin();
  }, [isConnected, wanted, sfu, rejoin]);
  // A grant is renewed shortly before it expires.
  useEffect(() => {
    if (!isConnected || !sfu) return;
    const timer = setTimeout(
      rejoin,
      Math.min(2 ** 31 - 1, Math.max(5_000, sfu.expiresAt - Date.now() - GRANT_RENEW_MARGIN_MS)),
    );
    return () => clearTimeout(timer);
  }, [isConnected, sfu, rejoin]);

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
  useSocketEvent('debate.partner_message_created', ({ message }) => {
    if (message.debateId !== debateId) return;
    setPartnerMessages((current) => mergeMessages(current ?? [], [message]));
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

  const sendPartnerMessage = useCallback(
    async (text: string) =>
      replyData(await request('debate.send_partner_message', { debateId, text, clientId: crypto.randomUUID() })),
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
    /** This person's grant to the round's media server (null without one: no media server, or may not). */
    sfu,
    error,
    isConnected,
    isElsewhere,
    takeBack,
    command,
    sendMessage,
    debaterSeats,
    partnerMessages,
    sendPartnerMessage,
    mergePoi,
  };
}

/** Messages merged by id, in id order (on PostgreSQL two may be announced out of it). */
function mergeMessages<T extends { id: number }>(current: T[], incoming: T[]): T[] {
  const byId = new Map(current.map((m) => [m.id, m]));
  for (const m of incoming) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

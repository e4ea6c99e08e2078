import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';
import { Radio } from 'lucide-react';
import { useSocketConnectedEffect, useSocketEvent } from '../../../lib/socket';
import { useAuth } from '../../auth/useAuth';
import { useQueueStatus } from '../queue/useQueue';
import { queueKey } from '../debates-queries';
import { ENDED_EARLY_MESSAGE } from '../history-text';
import { toast } from '../../../lib/toast';

/** Longest wait a timer takes (setTimeout's limit is about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * On every page but the room itself: "You are in a live debate — return", while the signed-in user debates a live
 * round (away for more than a minute forfeits it). Learns of a new match at once (`debate.matched`, on every tab).
 * A practice round paired for later is not live until its start: the banner shows from then (the round's opening
 * notice, or a timer at its start time). A round ended early by a block says so here, on any page.
 */
export function LiveDebateBanner() {
  const { user } = useAuth();
  const { pathname } = useLocation();
  const client = useQueryClient();
  const status = useQueueStatus(!!user);
  useSocketEvent('debate.matched', () => void client.invalidateQueries({ queryKey: queueKey }));
  useSocketEvent('team.changed', () => void client.invalidateQueries({ queryKey: queueKey }));
  useSocketEvent('team.round_opened', () => void client.invalidateQueries({ queryKey: queueKey }));
  // A moderator's suspension takes the person's queue place away: the notice that tells them is the cue to look again.
  useSocketEvent('notice.created', () => void client.invalidateQueries({ queryKey: queueKey }));
  // A round of theirs ended by a block: told once, on whichever page (the room also sends its people out).
  useSocketEvent('debate.ended_early', () => {
    void client.invalidateQueries({ queryKey: queueKey });
    toast.info(ENDED_EARLY_MESSAGE);
  });
  const startsAt = status.data?.upcomingRound?.startsAt;
  useEffect(() => {
    if (!startsAt) return;
    const waitMs = Math.min(Math.max(0, Date.parse(startsAt) - Date.now()) + 1000, MAX_TIMER_MS);
    const timer = setTimeout(() => void client.invalidateQueries({ queryKey: queueKey }), waitMs);
    return () => clearTimeout(timer);
  }, [startsAt, client]);
  // A match made before this tab's connection was up (or while it was down) sent its event to nobody here: ask again
  // whenever the connection comes up. (Signing out closes the connection first, so this never asks signed out.)
  useSocketConnectedEffect(() => {
    if (user) void client.invalidateQueries({ queryKey: queueKey });
  });
  const debateId = status.data?.activeDebateId ?? null;
  if (!user || debateId === null || pathname === `/debates/${debateId}`) return null;
  return (
    <div
      role="status"
      className="mb-6 flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950"
      data-testid="live-debate-banner"
    >
      <p className="flex items-center gap-2 font-semibold">
        <Radio className="h-5 w-5 shrink-0" aria-hidden="true" />
        You are in a live debate — return within a minute or it counts as a forfeit.
      </p>
      <Link
        to={`/debates/${debateId}`}
        className="rounded-xl bg-amber-900 px-4 py-2 text-sm font-semibold text-white hover:bg-amber-950"
      >
        Return to the debate
      </Link>
    </div>
  );
}

import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { CalendarClock, Hourglass, Link2, Swords, TimerOff } from 'lucide-react';
import {
  FORMAT_IDS,
  FORMATS,
  formatClock,
  isLimitedToTeams,
  teamManagedRefusal,
  timeLeftInWords,
  type TFormatId,
} from '@resolved/shared';
import { useSocketEvent } from '../../../lib/socket';
import { ApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { errorMessage } from '../../../lib/form-errors';
import { Card } from '../../../ui/Card';
import { buttonClass } from '../../../ui/button-styles';
import { useAuth } from '../../auth/useAuth';
import { useCreateChallenge, useJoinQueue, useLeaveQueue, useQueueStatus } from './useQueue';
import { noticeMatch } from './match-notice';
import { leaveQueue } from '../debates-queries';
import { startTimeText } from '../start-time';

/**
 * The queue's refusal of a random round that would run into the user's practice round, in the viewer's time zone
 * (the server's message names the time in UTC).
 */
function startsSoonText(error: ApiError): string {
  const details = error.details as { startsAt?: unknown; formatId?: unknown; longestMinutes?: unknown } | undefined;
  const { startsAt, formatId, longestMinutes } = details ?? {};
  if (typeof startsAt !== 'string' || typeof formatId !== 'string' || !(formatId in FORMATS)) return error.message;
  return (
    `Your practice round starts ${startTimeText(startsAt)}. A random ${FORMATS[formatId as TFormatId].name} round ` +
    `can last up to ${String(longestMinutes)} minutes, so it would run into it: find an opponent after your practice round.`
  );
}

function useSecondsSince(iso: string | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!iso) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [iso]);
  return iso ? Math.max(0, now - Date.parse(iso)) : 0;
}

/** The time left until `iso` (ms, never below 0), ticking while it is in the future. */
function useTimeLeft(iso: string | null | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!iso) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [iso]);
  return iso ? Math.max(0, Date.parse(iso) - now) : 0;
}

/**
 * Find an opponent: pick a format and join the queue; while waiting, the format, the resolution, the
 * time waited and Cancel. When the server pairs you (here or on another instance), you go to the room.
 * Placed on /topics (the featured event), on the dashboard's Join Debate card and on /debates.
 */
export function FindOpponentCard() {
  const { user } = useAuth();
  // Issue 24: an account limited to its teams debates in the rounds its coach pairs, never with random opponents.
  if (user && isLimitedToTeams(user)) return <TeamRoundsOnlyCard />;
  return <QueueCard />;
}

/** What an account limited to its teams finds where the queue would be: why, and where its rounds are. */
function TeamRoundsOnlyCard() {
  const headingId = useId();
  return (
    <Card as="section" className="p-6" aria-labelledby={headingId}>
      <h2 id={headingId} className="flex items-center gap-2 text-xl font-bold text-slate-900">
        <Swords className="h-5 w-5 text-brand-700" aria-hidden="true" />
        Your team’s rounds
      </h2>
      <p className="mt-2 text-slate-600" data-testid="team-rounds-only">
        {teamManagedRefusal({ isTeamManaged: true }, 'queue')?.message}
      </p>
      <Link to="/teams" className={buttonClass('primary', 'mt-4')}>
        Your teams
      </Link>
    </Card>
  );
}

function QueueCard() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const isOnDebatesPage = useLocation().pathname === '/debates';
  const headingId = useId();
  const [formatId, setFormatId] = useState<TFormatId>('ld');
  const [challengeUrl, setChallengeUrl] = useState<string | null>(null);
  const [prepMinutes, setPrepMinutes] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const status = useQueueStatus(!!user);
  const join = useJoinQueue();
  const leave = useLeaveQueue();
  const challenge = useCreateChallenge();
  const waiting = status.data?.waiting ?? null;
  const waitedMs = useSecondsSince(waiting?.since);
  // A matchmaking cooldown (left or missed rounds): the time left, in words; the card reopens when it ends.
  const cooldownUntil = status.data?.cooldownUntil ?? null;
  const cooldownLeftMs = useTimeLeft(cooldownUntil);
  const isCoolingDown = cooldownUntil !== null && cooldownLeftMs > 0;

  // Leaving the waiting screen (another page) ends the search, so nobody is matched with someone who left.
  // Closing the tab does the same on the server (the last connection closed).
  const isWaitingRef = useRef(false);
  useEffect(() => {
    isWaitingRef.current = !!waiting;
  }, [waiting]);
  useEffect(
    () => () => {
      if (isWaitingRef.current) void leaveQueue().catch(() => undefined);
    },
    [],
  );

  // This tab goes to the room when it was the one waiting, or made a challenge link; any other tab of the same
  // debater shows the "You are in a live debate" banner instead of leaving the page it is on.
  const hasChallengeRef = useRef(false);
  useEffect(() => {
    hasChallengeRef.current = challengeUrl !== null;
  }, [challengeUrl]);
  useSocketEvent('debate.matched', ({ debateId }) => {
    if (!isWaitingRef.current && !hasChallengeRef.current) return;
    isWaitingRef.current = false;
    noticeMatch();
    void navigate(`/debates/${debateId}`);
  });

  if (!user) {
    return (
      <Card as="section" className="p-6" aria-labelledby={headingId}>
        <h2 id={headingId} className="text-xl font-bold text-slate-900">
          Debate a random opponent
        </h2>
        <p className="mt-2 text-slate-600">Sign in to be matched with another debater on today’s resolution.</p>
        <Link to="/login" className={buttonClass('primary', 'mt-4')}>
          Sign in to debate
        </Link>
      </Card>
    );
  }

  const activeDebateId = status.data?.activeDebateId ?? null;
  const upcoming = status.data?.upcomingRound ?? null;

  async function handleFind() {
    setRefusal(null);
    try {
      const result = await join.mutateAsync(formatId);
      if (result.status === 'matched') {
        isWaitingRef.current = false;
        void navigate(`/debates/${result.debateId}`);
      }
    } catch (error) {
      // Already in a round (another tab, a coach's pairing): go there rather than just say so.
      const debateId = (error instanceof ApiError ? (error.details as { debateId?: unknown }) : undefined)?.debateId;
      if (error instanceof ApiError && error.reason === 'already_in_debate' && typeof debateId === 'number') {
        toast.info(error.message);
        void navigate(`/debates/${debateId}`);
        return;
      }
      // A practice round starts too soon for a random round of this format: say so on the card.
      if (error instanceof ApiError && error.reason === 'round_starts_soon') {
        setRefusal(startsSoonText(error));
        return;
      }
      // A matchmaking cooldown: the card shows its time left (the status is read again to learn its end).
      if (error instanceof ApiError && error.reason === 'playban') {
        void status.refetch();
        return;
      }
      toast.error(errorMessage(error));
    }
  }

  async function handleChallenge() {
    try {
      const { challenge: created } = await challenge.mutateAsync({
        formatId,
        prepMinutes: prepMinutes ?? FORMATS[formatId].prep.defaultMinutes,
      });
      setChallengeUrl(`${window.location.origin}/debates/challenge/${created.token}`);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  return (
    <Card as="section" className="p-6" aria-labelledby={headingId}>
      <h2 id={headingId} className="flex items-center gap-2 text-xl font-bold text-slate-900">
        <Swords className="h-5 w-5 text-brand-700" aria-hidden="true" />
        Debate a random opponent
      </h2>
      {activeDebateId !== null ? (
        <div className="mt-3">
          <p className="text-slate-700">You are in a live debate.</p>
          <Link to={`/debates/${activeDebateId}`} className={buttonClass('primary', 'mt-3')}>
            Back to your debate
          </Link>
        </div>
      ) : waiting ? (
        <div className="mt-3" role="status" aria-live="polite" data-testid="queue-waiting">
          <p className="flex items-center gap-2 font-semibold text-slate-900">
            <Hourglass className="h-4 w-4 animate-pulse text-brand-700" aria-hidden="true" />
            Waiting for an opponent…
          </p>
          <dl className="mt-3 grid gap-1 text-sm text-slate-700 sm:grid-cols-[auto_1fr] sm:gap-x-4">
            <dt className="font-semibold">Format</dt>
            <dd>{FORMATS[waiting.formatId].name}</dd>
            <dt className="font-semibold">Resolution</dt>
            <dd className="[overflow-wrap:anywhere]">{waiting.resolution}</dd>
            <dt className="font-semibold">Time waited</dt>
            <dd data-testid="time-waited">{formatClock(waitedMs)}</dd>
          </dl>
          <p className="mt-3 text-sm text-slate-600">
            Stay on this page: when an opponent is found you go straight to the debate. Leaving the page cancels the
            search.
          </p>
          <button
            type="button"
            className={buttonClass('secondary', 'mt-3')}
            disabled={leave.isPending}
            onClick={() => leave.mutate(undefined, { onError: (e) => toast.error(errorMessage(e)) })}
          >
            Cancel
          </button>
        </div>
      ) : (
        <div className="mt-3">
          {upcoming ? (
            <p
              className="mb-3 flex items-start gap-2 rounded-xl bg-brand-50 p-3 text-sm text-slate-800"
              data-testid="upcoming-round-note"
            >
              <CalendarClock className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" aria-hidden="true" />
              <span>
                Your practice round starts {startTimeText(upcoming.startsAt)}. Until then you can debate a random
                opponent, if the round would be over in time.{' '}
                <Link to={`/debates/${upcoming.debateId}`} className="font-semibold text-brand-700 underline">
                  Open the practice round
                </Link>
              </span>
            </p>
          ) : null}
          {isCoolingDown ? (
            <p
              role="status"
              className="mb-3 flex items-start gap-2 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
              data-testid="queue-cooldown"
            >
              <TimerOff className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
              <span>
                You left or missed three rounds within a day, so you cannot find a random opponent for{' '}
                <strong data-testid="cooldown-left">{timeLeftInWords(cooldownLeftMs)}</strong>. You can still challenge
                a friend.
              </span>
            </p>
          ) : null}
          <fieldset>
            <legend className="text-sm font-semibold text-slate-700">Format</legend>
            <div className="mt-2 flex flex-wrap gap-2">
              {FORMAT_IDS.map((id) => (
                <label
                  key={id}
                  className={`cursor-pointer rounded-xl border px-4 py-2 text-sm font-semibold ${
                    formatId === id ? 'border-brand-700 bg-brand-50 text-brand-900' : 'border-slate-300 text-slate-700'
                  }`}
                >
                  <input
                    type="radio"
                    name={`${headingId}-format`}
                    value={id}
                    checked={formatId === id}
                    onChange={() => {
                      setFormatId(id);
                      setPrepMinutes(null);
                      setChallengeUrl(null);
                      setRefusal(null);
                    }}
                    className="sr-only"
                  />
                  {FORMATS[id].name}
                </label>
              ))}
            </div>
          </fieldset>
          <p className="mt-3 text-sm text-slate-600">
            Random opponents use the standard prep time ({FORMATS[formatId].prep.defaultMinutes} minutes
            {FORMATS[formatId].prep.kind === 'per-side' ? ' per side' : ' before the first speech'}). A challenge can
            set its own:{' '}
            <label htmlFor={`${headingId}-prep`} className="font-semibold text-slate-700">
              Prep minutes for a challenge
            </label>{' '}
            <select
              id={`${headingId}-prep`}
              value={prepMinutes ?? FORMATS[formatId].prep.defaultMinutes}
              onChange={(e) => setPrepMinutes(Number(e.target.value))}
              className="rounded-lg border border-slate-300 px-2 py-1"
            >
              {Array.from(
                { length: FORMATS[formatId].prep.maxMinutes - FORMATS[formatId].prep.minMinutes + 1 },
                (_, i) => FORMATS[formatId].prep.minMinutes + i,
              ).map((minutes) => (
                <option key={minutes} value={minutes}>
                  {minutes}
                </option>
              ))}
            </select>
          </p>
          <div className="mt-4 flex flex-wrap gap-2">
            <button
              type="button"
              className={buttonClass('primary')}
              disabled={join.isPending || isCoolingDown}
              onClick={handleFind}
            >
              Find an opponent
            </button>
            <button
              type="button"
              className={buttonClass('secondary')}
              disabled={challenge.isPending}
              onClick={handleChallenge}
            >
              <Link2 className="h-4 w-4" aria-hidden="true" />
              Challenge a friend
            </button>
          </div>
          {refusal ? (
            <p
              role="alert"
              className="mt-3 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
              data-testid="queue-refusal"
            >
              {refusal}
            </p>
          ) : null}
          {isOnDebatesPage ? null : (
            <p className="mt-3 text-sm">
              <Link to="/debates" className="font-semibold text-brand-700 underline">
                Watch live debates
              </Link>
            </p>
          )}
          {challengeUrl ? (
            <div className="mt-4">
              <label htmlFor={`${headingId}-challenge`} className="text-sm font-semibold text-slate-700">
                Send this link to your friend
              </label>
              <div className="mt-1 flex gap-2">
                <input
                  id={`${headingId}-challenge`}
                  readOnly
                  value={challengeUrl}
                  className="w-full rounded-xl border border-slate-300 px-3 py-2 text-sm"
                  onFocus={(e) => e.currentTarget.select()}
                />
                <button
                  type="button"
                  className={buttonClass('secondary')}
                  onClick={() =>
                    void navigator.clipboard
                      ?.writeText(challengeUrl)
                      .then(() => toast.success('Link copied.'))
                      .catch(() => toast.info('Select the link and copy it.'))
                  }
                >
                  Copy
                </button>
              </div>
            </div>
          ) : null}
        </div>
      )}
    </Card>
  );
}

import { Link } from 'react-router';
import { CalendarClock, TimerOff } from 'lucide-react';
import { timeLeftInWords, type TQueueStatus } from '@resolved/shared';
import { startTimeText } from '../start-time';

/** The user's practice round paired for later: random rounds are fine until then, if they end in time. */
export function UpcomingRoundNote({ upcoming }: { upcoming: NonNullable<TQueueStatus['upcomingRound']> }) {
  return (
    <p
      className="mb-3 flex items-start gap-2 rounded-xl bg-brand-50 p-3 text-sm text-slate-800"
      data-testid="upcoming-round-note"
    >
      <CalendarClock className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" aria-hidden="true" />
      <span>
        Your practice round starts {startTimeText(upcoming.startsAt)}. Until then you can debate a random opponent, if
        the round would be over in time.{' '}
        <Link to={`/debates/${upcoming.debateId}`} className="font-semibold text-brand-700 underline">
          Open the practice round
        </Link>
      </span>
    </p>
  );
}

/** A matchmaking cooldown (left or missed rounds) and the time it has left. */
export function CooldownNote({ leftMs }: { leftMs: number }) {
  return (
    <p
      role="status"
      className="mb-3 flex items-start gap-2 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
      data-testid="queue-cooldown"
    >
      <TimerOff className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
      <span>
        You left or missed three rounds within a day, so you cannot find a random opponent for{' '}
        <strong data-testid="cooldown-left">{timeLeftInWords(leftMs)}</strong>. You can still challenge a friend.
      </span>
    </p>
  );
}

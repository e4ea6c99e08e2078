import { Fragment } from 'react';
import { Hourglass } from 'lucide-react';
import { FORMATS, formatClock, isFourTeamFormat, type TQueueStatus } from '@resolved/shared';
import { toast } from '../../../lib/toast';
import { errorMessage } from '../../../lib/form-errors';
import { useNow } from '../../../lib/useNow';
import { buttonClass } from '../../../ui/button-styles';
import { useLeaveQueue } from './useQueue';
import { QUEUE_MODE_LABELS } from './QueueModeChoice';

/** While the queue looks for an opponent: the format, the resolution, the time waited and Cancel. */
export function QueueWaiting({ waiting }: { waiting: NonNullable<TQueueStatus['waiting']> }) {
  const leave = useLeaveQueue();
  const waitedMs = Math.max(0, useNow(true, 1000) - Date.parse(waiting.since));
  return (
    <div className="mt-3" role="status" aria-live="polite" data-testid="queue-waiting">
      <p className="flex items-center gap-2 font-semibold text-slate-900">
        <Hourglass className="h-4 w-4 animate-pulse text-brand-700" aria-hidden="true" />
        {isFourTeamFormat(waiting.formatId) ? 'Waiting for the other teams…' : 'Waiting for an opponent…'}
      </p>
      {isFourTeamFormat(waiting.formatId) ? (
        <p className="mt-2 text-sm text-slate-600">The room opens when four teams are there.</p>
      ) : null}
      {waiting.room ? <RoomQueueCount room={waiting.room} /> : null}
      <dl className="mt-3 grid gap-1 text-sm text-slate-700 sm:grid-cols-[auto_1fr] sm:gap-x-4">
        <dt className="font-semibold">Format</dt>
        <dd>{FORMATS[waiting.formatId].name}</dd>
        {FORMATS[waiting.formatId].teamSize > 1 && waiting.mode ? (
          <>
            <dt className="font-semibold">How</dt>
            <dd>{QUEUE_MODE_LABELS[waiting.mode]}</dd>
          </>
        ) : null}
        {waiting.partners?.map((partner) => (
          <Fragment key={partner.userId}>
            <dt className="font-semibold">Partner</dt>
            <dd data-testid="queue-partner" className="[overflow-wrap:anywhere]">
              {partner.displayName}
              {partner.hasJoined ? ' (ready)' : ' — waiting for them to join, choosing you'}
            </dd>
          </Fragment>
        ))}
        <dt className="font-semibold">Resolution</dt>
        <dd className="[overflow-wrap:anywhere]">{waiting.resolution}</dd>
        <dt className="font-semibold">Time waited</dt>
        <dd data-testid="time-waited">{formatClock(waitedMs)}</dd>
      </dl>
      <p className="mt-3 text-sm text-slate-600">
        Stay on this page: when an opponent is found you go straight to the debate. Leaving the page cancels the search
        {waiting.partners?.length ? ' for your team' : ''}.
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
  );
}

/**
 * How a four-team room's queue stands (British Parliamentary): the teams waiting of the four it needs, and a debater
 * still waiting for a partner, from the server's queue state (refetched while waiting).
 */
export function RoomQueueCount({ room }: { room: NonNullable<NonNullable<TQueueStatus['waiting']>['room']> }) {
  const { teams, teamsNeeded, withoutPartner } = room;
  return (
    <p className="mt-1 text-sm font-semibold text-slate-800" data-testid="queue-room-count">
      {teams} of {teamsNeeded} {teamsNeeded === 1 ? 'team' : 'teams'} waiting
      {withoutPartner > 0
        ? `, and ${withoutPartner} ${withoutPartner === 1 ? 'debater' : 'debaters'} waiting for a partner`
        : ''}
      .
    </p>
  );
}

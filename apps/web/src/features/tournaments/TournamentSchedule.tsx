import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  inSentence,
  roundName,
  type TTournament,
  type TTournamentSchedule,
  type TTournamentScheduleRound,
} from '@resolved/shared';
import { errorMessage } from '../../lib/form-errors';
import { toast } from '../../lib/toast';
import { FormAlert } from '../../ui/FormAlert';
import { buttonClass } from '../../ui/button-styles';
import { checkIn, getSchedule, refreshTournament, scheduleKey } from './tournaments-queries';

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });

/** What the schedule says of one round, in words. */
function roundLine(round: TTournamentScheduleRound, mode: TTournamentSchedule['scheduleMode']): string {
  if (round.status === 'complete') return 'complete';
  if (round.status === 'released') {
    return `released ${when(round.releasedAt!)}${round.graceEndsAt ? ` · no-shows at ${when(round.graceEndsAt)}` : ''}`;
  }
  if (round.releasesAt) return `releases itself ${when(round.releasesAt)}`;
  if (mode === 'when_ballots_in' && round.number > 1) return 'releases itself once the last round’s ballots are in';
  return 'released by the host';
}

/**
 * The tournament's schedule on `/tournaments/:id`: each round's start or automatic release, the check-in button of an
 * entrant or judge while the next round's check-in is open, and for hosts who checked in and why an automatic release
 * was refused. Refreshed by the tournament's socket events, and again when a check-in window opens.
 */
export function TournamentSchedule({ tournament }: { tournament: TTournament }) {
  const queryClient = useQueryClient();
  const [error, setError] = useState<string>();
  const schedule = useQuery({ queryKey: scheduleKey(tournament.id), queryFn: () => getSchedule(tournament.id) });
  const data = schedule.data;
  // The check-in windows opening and automatic releases to come: the schedule is read again after each (in this tab).
  const moments = (data?.rounds ?? []).flatMap((r) => [r.checkInOpensAt, r.releasesAt]).filter((t) => t !== null);
  const momentsKey = moments.join(',');
  useEffect(() => {
    const next = momentsKey
      .split(',')
      .filter(Boolean)
      .map((t) => Date.parse(t) - Date.now())
      .filter((ms) => ms > 0)
      .sort((a, b) => a - b)[0];
    if (next === undefined) return;
    const timer = setTimeout(
      () => void queryClient.invalidateQueries({ queryKey: scheduleKey(tournament.id) }),
      Math.min(next + 500, 2 ** 31 - 1),
    );
    return () => clearTimeout(timer);
  }, [momentsKey, queryClient, tournament.id]);
  const checkInMutation = useMutation({
    mutationFn: () => checkIn(tournament.id),
    onSuccess: (next) => {
      setError(undefined);
      queryClient.setQueryData(scheduleKey(tournament.id), next);
      void refreshTournament(queryClient, tournament.id);
      toast.success(
        next.checkInRound === null
          ? 'You are checked in.'
          : `You are checked in for ${inSentence(roundName(next.checkInRound, tournament))}.`,
      );
    },
    onError: (caught) => setError(errorMessage(caught)),
  });
  const isManager = tournament.viewer.isHost || tournament.viewer.isCohost;

  return (
    <section
      aria-labelledby="tournament-schedule"
      className="min-w-0 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id="tournament-schedule" className="text-lg font-bold text-slate-900">
        Schedule
      </h2>
      {schedule.isPending ? (
        <p className="mt-2 text-sm text-slate-600">Loading…</p>
      ) : schedule.isError ? (
        <FormAlert className="mt-2">{errorMessage(schedule.error, 'The schedule could not be loaded.')}</FormAlert>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-600">
            {data!.scheduleMode === 'fixed'
              ? `Rounds start at the host’s times; check-in opens ${data!.checkInMinutes} minutes before each.`
              : `Each round follows ${data!.pauseMinutes} minutes after the last ballot of the one before; check in meanwhile.`}{' '}
            Anyone not in their room {data!.graceMinutes} minutes after a release forfeits the round; two no-shows
            withdraw an entrant.
          </p>
          <ol className="mt-3 space-y-1 text-sm" data-testid="tournament-schedule">
            {data!.rounds.map((round) => (
              <li key={round.number} className="flex flex-wrap gap-x-2">
                <span className="font-semibold text-slate-800">{roundName(round.number, tournament)}</span>
                <span className="text-slate-600">{roundLine(round, data!.scheduleMode)}</span>
                {round.releaseRefusal ? (
                  <span className="w-full text-amber-800" role="status">
                    Not released yet: {round.releaseRefusal} It is tried again every minute.
                  </span>
                ) : null}
              </li>
            ))}
          </ol>
          {data!.checkInRound !== null ? (
            <div className="mt-4 space-y-2">
              <p className="text-sm font-semibold text-slate-800">
                Check-in for {inSentence(roundName(data!.checkInRound, tournament))} is open.
              </p>
              {data!.viewer.isCheckedIn ? (
                <p className="text-sm text-emerald-800" data-testid="checked-in">
                  You are checked in for {inSentence(roundName(data!.checkInRound, tournament))}.
                </p>
              ) : data!.viewer.canCheckIn ? (
                <button
                  type="button"
                  className={buttonClass('primary')}
                  disabled={checkInMutation.isPending}
                  onClick={() => checkInMutation.mutate()}
                >
                  {checkInMutation.isPending
                    ? 'Checking in…'
                    : `Check in for ${inSentence(roundName(data!.checkInRound, tournament))}`}
                </button>
              ) : null}
              {error ? <FormAlert>{error}</FormAlert> : null}
              {isManager ? (
                <div className="grid gap-3 text-sm sm:grid-cols-2">
                  <div>
                    <h3 className="font-semibold text-slate-700">Checked in ({data!.checkedIn.length})</h3>
                    <ul className="mt-1 text-slate-700" data-testid="checked-in-list">
                      {data!.checkedIn.map((c) => (
                        <li key={c.userId}>
                          {c.displayName}
                          {c.role === 'judge' ? ' (judge)' : ''}
                        </li>
                      ))}
                    </ul>
                  </div>
                  <div>
                    <h3 className="font-semibold text-slate-700">Not checked in ({data!.notCheckedIn.length})</h3>
                    <ul className="mt-1 text-slate-700" data-testid="not-checked-in-list">
                      {data!.notCheckedIn.map((c) => (
                        <li key={c.userId}>{c.displayName}</li>
                      ))}
                    </ul>
                  </div>
                </div>
              ) : null}
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}

import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { buttonClass } from '../../ui/button-styles';
import { listJudges, tournamentHostKeys } from './tournament-host-queries';

/**
 * A host's "Seat this judge" form for a room that has not started: the tournament's pool, starting on the seated
 * chair. A panel's chair may be changed, not taken away (the server refuses a panel without one), so a panel's select
 * has no "No judge". Used by a two-sided pairing's and a British Parliamentary room's controls.
 */
export function ChairChangeForm({
  tournamentId,
  current,
  hasPanel,
  isPending,
  onSeat,
}: {
  tournamentId: number;
  /** The seated chair's account, or null. */
  current: string | null;
  hasPanel: boolean;
  isPending: boolean;
  onSeat: (judgeId: string | null) => void;
}) {
  const [judgeId, setJudgeId] = useState(current ?? '');
  const judges = useQuery({
    queryKey: tournamentHostKeys.judges(tournamentId),
    queryFn: () => listJudges(tournamentId),
  });
  return (
    <form
      className="mt-3 flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        onSeat(judgeId === '' ? null : judgeId);
      }}
    >
      <label className="text-sm font-semibold text-slate-800">
        Judge
        <select
          className="mt-1 block rounded-xl border border-slate-300 bg-white px-3 py-2 text-sm font-normal"
          value={judgeId}
          onChange={(event) => setJudgeId(event.target.value)}
        >
          {hasPanel ? null : <option value="">No judge</option>}
          {(judges.data ?? []).map((judge) => (
            <option key={judge.userId} value={judge.userId}>
              {judge.displayName}
              {judge.teamName ? ` (${judge.teamName})` : ''}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className={buttonClass('primary', 'px-3 py-1.5 text-sm')} disabled={isPending}>
        Seat this judge
      </button>
    </form>
  );
}

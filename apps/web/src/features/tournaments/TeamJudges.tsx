import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TTeamJudges, TTournament, TTournamentJudge } from '@resolved/shared';
import { errorMessage } from '../../lib/form-errors';
import { toast } from '../../lib/toast';
import { FormAlert } from '../../ui/FormAlert';
import { buttonClass } from '../../ui/button-styles';
import { useAuth } from '../auth/useAuth';
import { listJudges, tournamentHostKeys } from './tournament-host-queries';
import { availabilityRounds } from './tournament-view';
import {
  addTeamJudge,
  judgingKeys,
  listTeamJudges,
  refreshTournament,
  removeTeamJudge,
  setAvailability,
} from './tournaments-queries';

const CARD = 'min-w-0 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm';
const SELECT =
  'mt-1 block w-full rounded-xl border border-slate-300 bg-white px-3 py-2.5 font-normal text-slate-900 shadow-sm';

/** After a coach changes their team's judges: the pool, the obligation and the dashboard's card read afresh. */
function useRefreshTeamJudges(tournamentId: number) {
  const queryClient = useQueryClient();
  return () => {
    void refreshTournament(queryClient, tournamentId);
    void queryClient.invalidateQueries({ queryKey: judgingKeys.owed });
  };
}

/** One team's judges and the picker of its members the coach may still bring. */
function TeamJudgesOf({ tournamentId, team }: { tournamentId: number; team: TTeamJudges }) {
  const refresh = useRefreshTeamJudges(tournamentId);
  const [chosen, setChosen] = useState('');
  const [error, setError] = useState<string>();
  const userId = team.candidates.some((c) => c.userId === chosen) ? chosen : (team.candidates[0]?.userId ?? '');
  const add = useMutation({
    mutationFn: () => addTeamJudge(tournamentId, { teamId: team.teamId, userId }),
    onSuccess: () => {
      setError(undefined);
      const name = team.candidates.find((c) => c.userId === userId)?.displayName ?? 'Your judge';
      toast.success(`${name} is in the judge pool for ${team.teamName}.`);
      refresh();
    },
    onError: (caught) => setError(errorMessage(caught)),
  });
  const remove = useMutation({
    mutationFn: (judgeId: string) => removeTeamJudge(tournamentId, judgeId),
    onSuccess: () => {
      setError(undefined);
      toast.success('The judge is out of the pool.');
      refresh();
    },
    onError: (caught) => setError(errorMessage(caught)),
  });
  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (userId) add.mutate();
  }
  const selectId = `team-judge-${team.teamId}`;
  return (
    <div className="mt-4 rounded-xl bg-slate-50 p-4" data-testid="team-judges">
      <h3 className="break-words font-semibold text-slate-900">Judges you bring for {team.teamName}</h3>
      {team.judges.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">None of {team.teamName}’s judges is in the pool yet.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-200">
          {team.judges.map((judge) => (
            <li key={judge.userId} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span className="min-w-0 break-words text-sm font-medium">{judge.displayName}</span>
              {judge.canRemove ? (
                <button
                  type="button"
                  className={buttonClass('secondary')}
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(judge.userId)}
                  aria-label={`Take ${judge.displayName} out of the judge pool`}
                >
                  Take out
                </button>
              ) : (
                <span className="text-xs text-slate-500">Named by the hosts</span>
              )}
            </li>
          ))}
        </ul>
      )}
      {team.candidates.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">
          No other member can judge: a judge is 18 or over, has given a month of birth and is not an entrant.
        </p>
      ) : (
        <form onSubmit={handleSubmit} noValidate className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end">
          <label htmlFor={selectId} className="block w-full min-w-0 text-sm font-semibold text-slate-700 sm:flex-1">
            A member of {team.teamName}
            <select id={selectId} className={SELECT} value={userId} onChange={(e) => setChosen(e.target.value)}>
              {team.candidates.map((c) => (
                <option key={c.userId} value={c.userId}>
                  {c.displayName}
                </option>
              ))}
            </select>
          </label>
          <button
            type="submit"
            className={`${buttonClass('primary')} self-start sm:self-auto`}
            disabled={add.isPending}
          >
            {add.isPending ? 'Adding…' : 'Add to the judge pool'}
          </button>
        </form>
      )}
      {error ? <FormAlert className="mt-2">{error}</FormAlert> : null}
    </div>
  );
}

/**
 * A coach's own teams' judges: those in the pool for each team with entrants, and their adult members the coach may
 * bring (how the team meets its obligation). The hosts manage the whole pool elsewhere.
 */
export function BringJudges({ tournament }: { tournament: TTournament }) {
  const teams = useQuery({
    queryKey: judgingKeys.teamJudges(tournament.id),
    queryFn: () => listTeamJudges(tournament.id),
  });
  if (tournament.status === 'finished') return null;
  if (teams.isPending) return <p className="mt-3 text-sm text-slate-600">Loading your team’s members…</p>;
  if (teams.isError) {
    return (
      <FormAlert className="mt-3">{errorMessage(teams.error, 'Your team’s judges could not be loaded.')}</FormAlert>
    );
  }
  return (
    <>
      {teams.data.map((team) => (
        <TeamJudgesOf key={team.teamId} tournamentId={tournament.id} team={team} />
      ))}
    </>
  );
}

/**
 * A judge of the pool says which rounds they can judge: each preliminary round and each elimination round (named by
 * its stage), until it is released. Every round is available unless unticked.
 */
export function AvailabilitySection({ tournament }: { tournament: TTournament }) {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const [error, setError] = useState<string>();
  const own = useQuery({
    queryKey: tournamentHostKeys.judges(tournament.id),
    queryFn: () => listJudges(tournament.id),
  });
  const save = useMutation({
    mutationFn: ({ number, isAvailable }: { number: number; isAvailable: boolean }) =>
      setAvailability(tournament.id, number, isAvailable),
    onSuccess: (judge) => {
      setError(undefined);
      // The answer is the judge's line as the server now has it.
      queryClient.setQueryData<TTournamentJudge[]>(tournamentHostKeys.judges(tournament.id), (old) =>
        old?.map((j) => (j.userId === judge.userId ? judge : j)),
      );
    },
    onError: (caught) => setError(errorMessage(caught)),
  });
  // A host who also judges reads every line of the pool: theirs is the one with their id.
  const line = own.data?.find((j) => j.userId === user?.id);
  return (
    <section aria-labelledby="tournament-availability" className={CARD}>
      <h2 id="tournament-availability" className="text-lg font-bold text-slate-900">
        Rounds you can judge
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Untick a round you cannot judge, elimination rounds too: no one seats you there. A round closes when it is
        released.
      </p>
      {own.isPending ? (
        <p className="mt-2 text-sm text-slate-600">Loading…</p>
      ) : own.isError || !line ? (
        <FormAlert className="mt-2">{errorMessage(own.error, 'Your rounds could not be loaded.')}</FormAlert>
      ) : (
        <ul className="mt-3 grid gap-2 sm:grid-cols-2" data-testid="judge-availability">
          {availabilityRounds(tournament, line.unavailableRounds).map((round) => (
            <li key={round.number}>
              <label className="flex items-center gap-2 text-sm text-slate-800">
                <input
                  type="checkbox"
                  className="h-4 w-4 rounded border-slate-300"
                  // While saved, the box shows the answer being sent.
                  checked={
                    save.isPending && save.variables.number === round.number
                      ? save.variables.isAvailable
                      : round.isAvailable
                  }
                  disabled={round.isReleased || save.isPending}
                  onChange={(e) => save.mutate({ number: round.number, isAvailable: e.target.checked })}
                />
                {round.name}
                {round.isReleased ? <span className="text-xs text-slate-500">(released)</span> : null}
              </label>
            </li>
          ))}
        </ul>
      )}
      {error ? <FormAlert className="mt-2">{error}</FormAlert> : null}
    </section>
  );
}

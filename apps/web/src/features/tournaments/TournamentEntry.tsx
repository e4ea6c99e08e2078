/** The entrants' part of a tournament's page: entering (late entry too), withdrawing, and the list of entrants. */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TTournament, TTournamentEntrant } from '@resolved/shared';
import { errorMessage } from '../../lib/form-errors';
import { toast } from '../../lib/toast';
import { FormAlert } from '../../ui/FormAlert';
import { buttonClass } from '../../ui/button-styles';
import { isTeamTournament, partnersRefusal } from './team-view';
import { enterableDivisions } from './tournament-view';
import { enterTournament, refreshTournament, tournamentKeys, withdrawEntrant } from './tournaments-queries';
import { MemberList, PartnerFields, ReplaceMember } from './TournamentTeams';

/** An entrant withdraws themselves, after a second click to confirm. */
export function WithdrawPanel({ tournament, entrantId }: { tournament: TTournament; entrantId: number }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [isConfirming, setIsConfirming] = useState(false);
  const withdraw = useMutation({
    mutationFn: () => withdrawEntrant(tournament.id, entrantId),
    onSuccess: () => {
      setIsConfirming(false);
      toast.success(`You withdrew from ${tournament.name}.`);
      if (tournament.entryMode === 'code' && tournament.status === 'registration') {
        // The entry is gone, and with it the way to see a tournament entered by code: back to the list.
        queryClient.removeQueries({ queryKey: tournamentKeys.tournament(tournament.id) });
        void queryClient.invalidateQueries({ queryKey: tournamentKeys.mine });
        void navigate('/tournaments');
        return;
      }
      void refreshTournament(queryClient, tournament.id);
    },
    onError: (caught) => toast.error(errorMessage(caught)),
  });
  const consequence = isTeamTournament(tournament)
    ? tournament.status === 'registration'
      ? 'Your team’s entry is removed, for every member; you may enter again until the first round.'
      : 'Your team is left out of later rounds, every member with it; its rounds so far are kept.'
    : tournament.status === 'registration'
      ? 'Your entry is removed; you may enter again until the first round.'
      : 'You are left out of later rounds; your rounds so far are kept.';
  return isConfirming ? (
    <div className="mt-4 space-y-2" role="group" aria-label="Confirm withdrawal">
      <p className="text-sm text-slate-700">{consequence}</p>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={buttonClass('danger')}
          disabled={withdraw.isPending}
          onClick={() => withdraw.mutate()}
        >
          Confirm withdrawal
        </button>
        <button type="button" className={buttonClass('secondary')} onClick={() => setIsConfirming(false)}>
          Keep my entry
        </button>
      </div>
    </div>
  ) : (
    <button type="button" className={`${buttonClass('secondary')} mt-4`} onClick={() => setIsConfirming(true)}>
      Withdraw
    </button>
  );
}

/**
 * Entering from the tournament's page: an open tournament, or one of the viewer's teams' (a tournament by code is
 * entered with its code). With several divisions the viewer chooses one of those open to them.
 */
export function EnterPanel({ tournament }: { tournament: TTournament }) {
  const queryClient = useQueryClient();
  const divisions = enterableDivisions(tournament.divisions);
  const [divisionId, setDivisionId] = useState(divisions[0]?.id);
  const [error, setError] = useState<string>();
  // A tournament of teams: one field per partner to name (the format's team size less the entrant).
  const [partnerIds, setPartnerIds] = useState<(string | null)[]>(() =>
    Array.from({ length: tournament.teamSize - 1 }, () => null),
  );
  const isTeams = isTeamTournament(tournament);
  const enter = useMutation({
    mutationFn: () =>
      enterTournament(tournament.id, {
        ...(divisions.length > 1 ? { divisionId } : {}),
        ...(isTeams ? { partnerIds: partnerIds.filter((id) => id !== null) } : {}),
      }),
    onSuccess: () => {
      setError(undefined);
      void refreshTournament(queryClient, tournament.id);
      toast.success(
        isTeams
          ? `You entered ${tournament.name}: your team waits for your partners.`
          : `You entered ${tournament.name}.`,
      );
    },
    onError: (caught) => setError(errorMessage(caught)),
  });
  function handleEnter() {
    const refusal = isTeams ? partnersRefusal(partnerIds) : null;
    if (refusal) {
      setError(refusal);
      return;
    }
    enter.mutate();
  }
  return (
    <div className="mt-4 space-y-2">
      {tournament.status === 'running' ? (
        <p className="text-sm text-slate-700" data-testid="late-entry">
          Late entry is open: each round you have missed counts as a bye (a win with your average speaker points).
        </p>
      ) : null}
      {divisions.length > 1 ? (
        <label className="block text-sm font-semibold text-slate-700">
          Division
          <select
            className="mt-1 block w-full rounded-xl border border-slate-300 bg-white px-3 py-2.5 font-normal text-slate-900 shadow-sm"
            value={divisionId}
            onChange={(e) => setDivisionId(Number(e.target.value))}
          >
            {divisions.map((d) => (
              <option key={d.id} value={d.id}>
                {d.entryName}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {isTeams ? (
        <PartnerFields
          formatId={tournament.formatId}
          excludeIds={[tournament.host, ...tournament.cohosts].flatMap((h) => (h.userId ? [h.userId] : []))}
          partnerIds={partnerIds}
          onChange={(ids) => {
            setPartnerIds(ids);
            setError(undefined);
          }}
        />
      ) : null}
      <button type="button" className={buttonClass('primary')} disabled={enter.isPending} onClick={handleEnter}>
        {enter.isPending ? 'Entering…' : isTeams ? 'Enter with my team' : 'Enter this tournament'}
      </button>
      {error ? <FormAlert>{error}</FormAlert> : null}
    </div>
  );
}

/**
 * The entrants by name and division; in a tournament of teams each team's members with their confirmations, and for
 * the hosts a "Replace" of each member they may replace.
 */
export function EntrantsList({
  tournament,
  entrants,
  isManager = false,
}: {
  tournament: TTournament;
  entrants: readonly TTournamentEntrant[];
  isManager?: boolean;
}) {
  const isTeams = isTeamTournament(tournament);
  if (entrants.length === 0) return <p className="mt-2 text-sm text-slate-600">No one has entered yet.</p>;
  const divisionName = (id: number) => tournament.divisions.find((d) => d.id === id)?.name ?? 'A division';
  return (
    <ul className="mt-3 divide-y divide-slate-100" data-testid="tournament-entrants">
      {entrants.map((entrant) => (
        <li key={entrant.id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2">
          <span
            className={`min-w-0 break-words font-medium ${entrant.isWithdrawn ? 'text-slate-400 line-through' : ''}`}
          >
            {entrant.displayName}
            {entrant.teamName ? <span className="font-normal text-slate-500"> · {entrant.teamName}</span> : null}
          </span>
          <span className="text-sm text-slate-600">
            {divisionName(entrant.divisionId)}
            {entrant.isWithdrawn ? ' · withdrawn' : ''}
          </span>
          {isTeams ? (
            <div className="w-full">
              <MemberList
                entrant={entrant}
                renderAction={
                  isManager
                    ? (member) => (
                        <ReplaceMember tournament={tournament} entrant={entrant} member={member} entrants={entrants} />
                      )
                    : undefined
                }
              />
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

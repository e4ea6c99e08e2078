import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { FORMATS, type TTournament } from '@resolved/shared';
import { errorMessage } from '../../lib/form-errors';
import { PageHeading } from '../../shell/PageHeading';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { useAuth } from '../auth/useAuth';
import { listMyTeams, teamKeys } from '../teams/teams-queries';
import { CreateTournamentForm } from './CreateTournamentForm';
import { JoinTournamentForm } from './JoinTournamentForm';
import { STATUS_LABELS } from './tournament-view';
import { listMyTournaments, tournamentKeys } from './tournaments-queries';

function partOf(tournament: TTournament): string {
  if (tournament.viewer.isHost) return 'Host';
  if (tournament.viewer.isCohost) return 'Co-host';
  return tournament.viewer.entrantId !== null ? 'Entered' : 'Open';
}

/** My tournaments (hosting and entered), entry by code, and, for an admin or a coach, a form to create one. */
export default function TournamentsPage() {
  useDocumentTitle('Tournaments');
  const { user } = useAuth();
  const tournaments = useQuery({ queryKey: tournamentKeys.mine, queryFn: listMyTournaments });
  const teams = useQuery({ queryKey: teamKeys.mine, queryFn: listMyTeams });
  const coachedTeams = (teams.data ?? []).filter((team) => team.myRole === 'coach' && !team.isPending);
  const canCreate = user?.role === 'admin' || coachedTeams.length > 0;

  return (
    <>
      <PageHeading
        title="Tournaments"
        lead="Practice tournaments with power-paired rounds, each debate in its own Resolved room."
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <section
          aria-labelledby="my-tournaments"
          className="min-w-0 self-start rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
        >
          <h2 id="my-tournaments" className="text-lg font-bold text-slate-900">
            Your tournaments
          </h2>
          {tournaments.isPending ? (
            <p className="mt-2 text-sm text-slate-600">Loading…</p>
          ) : tournaments.isError ? (
            <p role="alert" className="mt-2 text-sm text-rose-700">
              {errorMessage(tournaments.error, 'Your tournaments could not be loaded.')}
            </p>
          ) : tournaments.data.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600">
              You host and have entered no tournaments yet. Enter one with the code its host shared
              {canCreate ? ', or create one' : ''}.
            </p>
          ) : (
            <ul className="mt-3 divide-y divide-slate-100" data-testid="tournament-list">
              {tournaments.data.map((tournament) => (
                <li key={tournament.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                  <div className="min-w-0">
                    <Link
                      to={`/tournaments/${tournament.id}`}
                      className="break-words font-semibold text-brand-700 underline"
                    >
                      {tournament.name}
                    </Link>
                    <p className="text-sm text-slate-600">
                      {FORMATS[tournament.formatId].name} · {STATUS_LABELS[tournament.status]} ·{' '}
                      {tournament.entrantCount} {tournament.entrantCount === 1 ? 'entrant' : 'entrants'}
                    </p>
                  </div>
                  <span className="rounded-full bg-slate-100 px-3 py-1 text-xs font-semibold text-slate-700">
                    {partOf(tournament)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
        <div className="min-w-0 space-y-6">
          <section className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <JoinTournamentForm />
          </section>
          {canCreate ? <CreateTournamentForm coachedTeams={coachedTeams} /> : null}
        </div>
      </div>
    </>
  );
}

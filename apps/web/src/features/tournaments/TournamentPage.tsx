import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  FORMATS,
  eliminationRoundsOf,
  formatJoinCode,
  isEntryOpen,
  inSentence,
  roundName,
  type TTournament,
} from '@resolved/shared';
import { errorMessage } from '../../lib/form-errors';
import { toast } from '../../lib/toast';
import { PageHeading } from '../../shell/PageHeading';
import { FormAlert } from '../../ui/FormAlert';
import { buttonClass } from '../../ui/button-styles';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { JudgesSection, MotionsSection, ObligationsSection } from './TournamentJudging';
import { TournamentAudit } from './TournamentAudit';
import { AvailabilitySection } from './TeamJudges';
import { TournamentRounds } from './TournamentRounds';
import { TournamentBracket } from './TournamentBracket';
import { BpChampions } from './TournamentBpRooms';
import { bpChampions } from './bp-view';
import { DivisionTabs, SpeakerTabDownload } from './TournamentSpeakers';
import { OwnTeamPanel } from './TournamentTeams';
import { isTeamTournament } from './team-view';
import { TournamentSchedule } from './TournamentSchedule';
import { useAuth } from '../auth/useAuth';
import { EnterPanel, EntrantsList, WithdrawPanel } from './TournamentEntry';
import { ENTRY_MODE_LABELS, STATUS_LABELS, accessOf, releaseState } from './tournament-view';
import {
  getBrackets,
  getStandings,
  getTournament,
  publishResults,
  listEntrants,
  listRounds,
  readIfVisible,
  refreshTournament,
  releaseRound,
  tournamentKeys,
} from './tournaments-queries';
import { useTournamentRoom } from './useTournamentRoom';

const CARD = 'min-w-0 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm';

/** The host's "Release round N": disabled with the reason when the page knows it cannot be; the server's refusal shown. */
function ReleasePanel({ tournament }: { tournament: TTournament }) {
  const queryClient = useQueryClient();
  const [error, setError] = useState<string>();
  const state = releaseState(tournament);
  const release = useMutation({
    mutationFn: (number: number) => releaseRound(tournament.id, number),
    onSuccess: (round) => {
      setError(undefined);
      void refreshTournament(queryClient, tournament.id);
      toast.success(`${roundName(round.number, tournament)} is released: its rooms are open.`);
    },
    onError: (caught) => setError(errorMessage(caught)),
  });
  const label = `Release ${inSentence(roundName(state.number ?? tournament.roundsReleased, tournament))}`;
  return (
    <div className="mt-4 space-y-2">
      <button
        type="button"
        className={buttonClass('primary')}
        disabled={state.disabledReason !== null || release.isPending}
        aria-describedby={state.disabledReason ? 'release-reason' : undefined}
        onClick={() => state.number !== null && release.mutate(state.number)}
      >
        {release.isPending ? 'Releasing…' : label}
      </button>
      {state.disabledReason ? (
        <p id="release-reason" className="text-sm text-slate-600">
          {state.disabledReason}
        </p>
      ) : state.number !== null && state.number > 1 ? (
        <p className="text-sm text-slate-600">
          {roundName(state.number, tournament)} is drawn from {inSentence(roundName(state.number - 1, tournament))}’s
          confirmed results: every debate needs its result first.
        </p>
      ) : null}
      {error ? <FormAlert>{error}</FormAlert> : null}
    </div>
  );
}

/** A host publishes the results (standings, every pairing, the bracket) to everyone, on the public results page. */
function PublishPanel({ tournament }: { tournament: TTournament }) {
  const queryClient = useQueryClient();
  const [error, setError] = useState<string>();
  const publish = useMutation({
    mutationFn: () => publishResults(tournament.id),
    onSuccess: () => {
      setError(undefined);
      void refreshTournament(queryClient, tournament.id);
      toast.success('The results are published.');
    },
    onError: (caught) => setError(errorMessage(caught)),
  });
  return (
    <div className="mt-4 space-y-2">
      <button
        type="button"
        className={buttonClass('secondary')}
        disabled={publish.isPending}
        onClick={() => publish.mutate()}
      >
        {publish.isPending ? 'Publishing…' : 'Publish the results'}
      </button>
      <p className="text-sm text-slate-600">Anyone, signed in or not, can then read the results page.</p>
      {error ? <FormAlert>{error}</FormAlert> : null}
    </div>
  );
}

/**
 * One tournament: what it is, its join code for hosts, its entrants by division, and its released rounds (every
 * pairing for hosts, an entrant's own), with the host's release button and an entrant's withdrawal. Live: the page
 * watches the tournament's room (`useTournamentRoom`: `tournament.changed`); a release also comes to the user
 * (`tournament.round_released`, through `TournamentRoundNotice`).
 */
export default function TournamentPage() {
  const id = Number(useParams().id);
  const queryClient = useQueryClient();
  const isValidId = Number.isInteger(id) && id > 0;
  const tournament = useQuery({
    queryKey: tournamentKeys.tournament(id),
    queryFn: () => getTournament(id),
    enabled: isValidId,
  });
  useTournamentRoom(tournament.data ? id : null);
  const { user } = useAuth();
  const data = tournament.data;
  // What the viewer may see is the shared rule the server's doors read: the page asks only for that.
  const access = data ? accessOf(data, user) : null;
  const isManager = Boolean(access?.canManage);
  // This page lists a viewer's own rounds (every pairing for a host, a judge's rooms); the results page lists all.
  const canSeeRounds = isManager || Boolean(access?.canSeeOwnPairings);
  const entrants = useQuery({
    queryKey: tournamentKeys.entrants(id),
    queryFn: () =>
      readIfVisible(
        queryClient,
        id,
        (t) => accessOf(t, user).canSeeEntrants,
        () => listEntrants(id),
        [],
      ),
    enabled: Boolean(access?.canSeeEntrants),
  });
  const rounds = useQuery({
    queryKey: tournamentKeys.rounds(id),
    queryFn: () =>
      readIfVisible(
        queryClient,
        id,
        (t) => {
          const may = accessOf(t, user);
          return may.canManage || may.canSeeOwnPairings;
        },
        () => listRounds(id),
        [],
      ),
    enabled: Boolean(data) && canSeeRounds,
  });
  const canSeeTab = Boolean(access?.canSeeTab);
  const standings = useQuery({
    queryKey: tournamentKeys.standings(id),
    queryFn: () =>
      readIfVisible(
        queryClient,
        id,
        (t) => accessOf(t, user).canSeeTab,
        () => getStandings(id),
        null,
      ),
    enabled: Boolean(data) && canSeeTab && data?.status !== 'registration',
  });
  const brackets = useQuery({
    queryKey: tournamentKeys.bracket(id),
    queryFn: () =>
      readIfVisible(
        queryClient,
        id,
        (t) => accessOf(t, user).canSeeTab,
        () => getBrackets(id),
        null,
      ),
    // British Parliamentary has no brackets-manager bracket: its champion is read from the final's room (below).
    enabled:
      Boolean(data) &&
      canSeeTab &&
      Boolean(data && data.formatId !== 'bp' && data.breakSize > 0 && data.status !== 'registration'),
  });
  useDocumentTitle(data?.name ?? 'Tournament');

  if (!isValidId) {
    return <PageHeading title="Tournament" lead="That tournament does not exist." />;
  }
  if (tournament.isPending) return <p className="text-slate-600">Loading…</p>;
  if (tournament.isError) {
    return (
      <>
        <PageHeading title="Tournament" />
        <FormAlert>{errorMessage(tournament.error, 'The tournament could not be loaded.')}</FormAlert>
      </>
    );
  }
  const t = tournament.data;
  const ownEntry = entrants.data?.find((e) => e.id === t.viewer.entrantId);
  const canWithdraw = t.viewer.entrantId !== null && t.status !== 'finished' && ownEntry?.isWithdrawn === false;
  const canEnter = !isManager && t.viewer.entrantId === null && isEntryOpen(t) && t.entryMode !== 'code';
  const canSeeJudges = isManager || t.viewer.entrantId !== null || t.viewer.isJudge;
  const isBp = t.formatId === 'bp';
  const champions = isBp ? bpChampions(t, rounds.data ?? []) : [];
  const divisionName = (divisionId: number) =>
    t.divisions.length > 1 ? (t.divisions.find((d) => d.id === divisionId)?.name ?? null) : null;

  return (
    <>
      <PageHeading
        title={<span className="break-words">{t.name}</span>}
        lead={`${FORMATS[t.formatId].name}${isTeamTournament(t) ? ` · teams of ${t.teamSize}` : ''} · ${t.prelimRounds} preliminary ${t.prelimRounds === 1 ? 'round' : 'rounds'} · ${
          t.breakSize === 0 ? 'no break' : `break of ${t.breakSize}`
        }${t.speechMinutes ? ` · ${t.speechMinutes}-minute speeches` : ''}`}
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <aside aria-labelledby="tournament-about" className={`${CARD} self-start lg:col-start-2 lg:row-start-1`}>
          <h2 id="tournament-about" className="text-lg font-bold text-slate-900">
            About this tournament
          </h2>
          <dl className="mt-3 space-y-2 text-sm">
            <div>
              <dt className="font-semibold text-slate-700">Status</dt>
              <dd data-testid="tournament-status">{STATUS_LABELS[t.status]}</dd>
            </div>
            <div>
              <dt className="font-semibold text-slate-700">Host</dt>
              <dd>
                {t.host.displayName}
                {t.cohosts.length > 0 ? ` with ${t.cohosts.map((c) => c.displayName).join(', ')}` : ''}
              </dd>
            </div>
            <div>
              <dt className="font-semibold text-slate-700">Entry</dt>
              <dd>{ENTRY_MODE_LABELS[t.entryMode]}</dd>
            </div>
            <div>
              <dt className="font-semibold text-slate-700">Divisions</dt>
              <dd>{t.divisions.map((d) => d.name).join(', ')}</dd>
            </div>
            <div>
              <dt className="font-semibold text-slate-700">Rounds released</dt>
              <dd>
                {t.roundsReleased} of {t.prelimRounds + eliminationRoundsOf(t)}
              </dd>
            </div>
            {t.joinCode ? (
              <div>
                <dt className="font-semibold text-slate-700">Join code</dt>
                <dd className="font-mono text-lg tracking-widest" data-testid="tournament-join-code">
                  {formatJoinCode(t.joinCode)}
                </dd>
              </div>
            ) : null}
          </dl>
          {isManager ? <ReleasePanel tournament={t} /> : null}
          {isManager && t.status !== 'registration' && t.publishedAt === null ? <PublishPanel tournament={t} /> : null}
          {t.publishedAt !== null ? (
            <p className="mt-4 text-sm">
              <Link to={`/tournaments/${t.id}/results`} className="font-semibold text-brand-700 underline">
                The published results
              </Link>
            </p>
          ) : null}
          {canEnter ? <EnterPanel tournament={t} /> : null}
          {ownEntry && user && isTeamTournament(t) ? (
            <OwnTeamPanel tournament={t} entrant={ownEntry} viewerId={user.id} />
          ) : null}
          {canWithdraw ? <WithdrawPanel tournament={t} entrantId={t.viewer.entrantId!} /> : null}
        </aside>
        <div className="min-w-0 space-y-6 lg:col-start-1 lg:row-start-1">
          <section aria-labelledby="tournament-rounds" className={CARD}>
            <h2 id="tournament-rounds" className="text-lg font-bold text-slate-900">
              {isManager ? 'Rounds' : 'Your rounds'}
            </h2>
            {!canSeeRounds ? (
              <p className="mt-2 text-sm text-slate-600">The draw is shown to the hosts, entrants and judges.</p>
            ) : rounds.isPending ? (
              <p className="mt-2 text-sm text-slate-600">Loading…</p>
            ) : rounds.isError ? (
              <FormAlert className="mt-2">{errorMessage(rounds.error, 'The rounds could not be loaded.')}</FormAlert>
            ) : (
              <TournamentRounds
                tournamentId={t.id}
                formatId={t.formatId}
                naming={t}
                rounds={rounds.data}
                divisions={t.divisions}
                isManager={isManager}
                entrantId={t.viewer.entrantId}
                viewerId={user?.id ?? null}
              />
            )}
          </section>
          {isManager || t.viewer.entrantId !== null || t.viewer.isJudge ? <TournamentSchedule tournament={t} /> : null}
          {isManager && (t.formatId === 'parli' || isBp) ? <MotionsSection tournament={t} /> : null}
          {canSeeJudges ? <JudgesSection tournament={t} /> : null}
          {t.viewer.isJudge && t.status !== 'finished' ? <AvailabilitySection tournament={t} /> : null}
          <ObligationsSection tournament={t} isManager={isManager} />
          {standings.data ? (
            <section aria-labelledby="tournament-standings" className={CARD}>
              <h2 id="tournament-standings" className="text-lg font-bold text-slate-900">
                Standings
              </h2>
              <p className="mt-1 text-sm text-slate-600">
                {isBp
                  ? 'Team points (3 for a first, 2 for a second, 1 for a third), then speaker points. Updated with every ballot.'
                  : 'Wins, then speaker points (highest and lowest round dropped after 3), then opponents’ wins. Updated with every ballot.'}
              </p>
              <div className="mt-3 space-y-4">
                {standings.data.divisions
                  .filter((d) => d.standings.length > 0)
                  .map((division) => (
                    <DivisionTabs key={division.divisionId} division={division} isTeams={isTeamTournament(t)} />
                  ))}
              </div>
              {isManager && isTeamTournament(t) ? (
                <p className="mt-3">
                  <SpeakerTabDownload tournamentId={t.id} />
                </p>
              ) : null}
            </section>
          ) : null}
          {champions.length > 0 ? (
            <section aria-labelledby="tournament-champion" className={CARD}>
              <h2 id="tournament-champion" className="text-lg font-bold text-slate-900">
                {champions.length === 1 ? 'Champion team' : 'Champion teams'}
              </h2>
              <BpChampions champions={champions} divisionName={divisionName} />
            </section>
          ) : null}
          {brackets.data && brackets.data.divisions.length > 0 ? (
            <section aria-labelledby="tournament-bracket" className={CARD}>
              <h2 id="tournament-bracket" className="text-lg font-bold text-slate-900">
                Elimination bracket
              </h2>
              <div className="mt-3 space-y-6">
                {brackets.data.divisions.map((division) => (
                  <div key={division.divisionId}>
                    {brackets.data!.divisions.length > 1 ? (
                      <h3 className="mb-2 font-semibold text-slate-800">{division.name}</h3>
                    ) : null}
                    <TournamentBracket division={division} />
                  </div>
                ))}
              </div>
            </section>
          ) : null}
          {isManager && (t.status !== 'registration' || isTeamTournament(t)) ? (
            <section aria-labelledby="tournament-audit" className={CARD}>
              <h2 id="tournament-audit" className="text-lg font-bold text-slate-900">
                Corrections
              </h2>
              <TournamentAudit tournamentId={t.id} naming={t} />
            </section>
          ) : null}
          <section aria-labelledby="tournament-entrants" className={CARD}>
            <h2 id="tournament-entrants" className="text-lg font-bold text-slate-900">
              Entrants ({t.entrantCount})
            </h2>
            {!access?.canSeeEntrants ? (
              <p className="mt-2 text-sm text-slate-600" data-testid="entrants-private">
                The list of entrants is shown to the tournament’s hosts, entrants, their coaches and its judges.
              </p>
            ) : entrants.isPending ? (
              <p className="mt-2 text-sm text-slate-600">Loading…</p>
            ) : entrants.isError ? (
              <FormAlert className="mt-2">
                {errorMessage(entrants.error, 'The entrants could not be loaded.')}
              </FormAlert>
            ) : (
              <EntrantsList tournament={t} entrants={entrants.data} isManager={isManager} />
            )}
          </section>
        </div>
      </div>
    </>
  );
}

import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  MOTION_MAX,
  ZJudgeObligationRequest,
  ZRoundMotionRequest,
  inSentence,
  type TTournament,
} from '@resolved/shared';
import { errorMessage, formErrors } from '../../lib/form-errors';
import { toast } from '../../lib/toast';
import { FormAlert } from '../../ui/FormAlert';
import { ParadigmText } from '../../ui/ParadigmText';
import { TextField } from '../../ui/TextField';
import { BringJudges } from './TeamJudges';
import { motionRounds } from './bp-view';
import { buttonClass } from '../../ui/button-styles';
import {
  judgingKeys,
  listJudgeObligations,
  listMotions,
  listPoolParadigms,
  readIfVisible,
  refreshTournament,
  setJudgeObligation,
  setMotion,
} from './tournaments-queries';

const CARD = 'min-w-0 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm';

/** The judge pool with each judge's paradigm, for the tournament's hosts, entrants and judges, before rounds start. */
export function JudgesSection({ tournament }: { tournament: TTournament }) {
  const queryClient = useQueryClient();
  const judges = useQuery({
    queryKey: judgingKeys.paradigms(tournament.id),
    // A refetch racing a withdrawal reads the fresh record first and asks nothing the server now refuses.
    queryFn: () =>
      readIfVisible(
        queryClient,
        tournament.id,
        (t) => t.viewer.isHost || t.viewer.isCohost || t.viewer.entrantId !== null || t.viewer.isJudge,
        () => listPoolParadigms(tournament.id),
        [],
      ),
  });
  return (
    <section aria-labelledby="tournament-judges" className={CARD}>
      <h2 id="tournament-judges" className="text-lg font-bold text-slate-900">
        Judges
      </h2>
      {judges.isPending ? (
        <p className="mt-2 text-sm text-slate-600">Loading…</p>
      ) : judges.isError ? (
        <FormAlert className="mt-2">{errorMessage(judges.error, 'The judges could not be loaded.')}</FormAlert>
      ) : judges.data.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No judge has been named yet.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100" data-testid="tournament-judges">
          {judges.data.map((judge) => (
            <li key={judge.userId} className="py-2.5">
              <p className="break-words font-medium">
                {judge.displayName}
                {judge.teamName ? <span className="font-normal text-slate-500"> · {judge.teamName}</span> : null}
              </p>
              {judge.paradigm ? (
                <ParadigmText paradigm={judge.paradigm} isFolded />
              ) : (
                <p className="text-xs text-slate-500">No paradigm written.</p>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The host's judge obligation: one judge owed per N entrants of a team, or none. */
function ObligationForm({ tournament }: { tournament: TTournament }) {
  const queryClient = useQueryClient();
  const [value, setValue] = useState(tournament.entrantsPerJudge ? String(tournament.entrantsPerJudge) : '');
  const [error, setError] = useState<string>();
  const save = useMutation({
    mutationFn: (entrantsPerJudge: number | null) => setJudgeObligation(tournament.id, entrantsPerJudge),
    onSuccess: () => {
      setError(undefined);
      void refreshTournament(queryClient, tournament.id);
      toast.success('The judge obligation is saved.');
    },
    onError: (caught) => setError(formErrors(caught).form),
  });
  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = ZJudgeObligationRequest.safeParse({
      entrantsPerJudge: value.trim() === '' ? null : Number(value),
    });
    if (!parsed.success) return setError(formErrors(parsed.error).form);
    save.mutate(parsed.data.entrantsPerJudge);
  }
  return (
    <form onSubmit={handleSubmit} noValidate className="mt-3 space-y-3">
      <TextField
        label="Entrants per judge owed"
        name="entrants-per-judge"
        value={value}
        onChange={setValue}
        error={error}
        hint="Each team brings one judge per this many of its entrants. Leave it empty for no obligation."
      />
      <button type="submit" className={buttonClass('secondary')} disabled={save.isPending}>
        Save obligation
      </button>
    </form>
  );
}

/**
 * Judges each team owes and has brought: every team for hosts (with the setting), a coach's own teams for a coach of
 * an entrant, with the members they may bring to the pool. Others are shown nothing.
 */
export function ObligationsSection({ tournament, isManager }: { tournament: TTournament; isManager: boolean }) {
  const obligations = useQuery({
    queryKey: judgingKeys.obligations(tournament.id),
    queryFn: () => listJudgeObligations(tournament.id),
  });
  const data = obligations.data;
  // A coach of an entrant's team sees their own teams (and brings their judges); anyone else who is not a host, none.
  if (!isManager && (!data || data.teams.length === 0)) return null;
  const teams = obligations.data?.teams ?? [];
  return (
    <section aria-labelledby="tournament-obligations" className={CARD}>
      <h2 id="tournament-obligations" className="text-lg font-bold text-slate-900">
        Judges owed
      </h2>
      {obligations.data?.entrantsPerJudge ? (
        <p className="mt-1 text-sm text-slate-600">
          Each team brings one judge per {obligations.data.entrantsPerJudge}{' '}
          {obligations.data.entrantsPerJudge === 1 ? 'entrant' : 'entrants'}.
        </p>
      ) : (
        <p className="mt-1 text-sm text-slate-600">Teams owe no judges.</p>
      )}
      {obligations.data?.entrantsPerJudge && teams.length > 0 ? (
        <ul className="mt-3 divide-y divide-slate-100" data-testid="judge-obligations">
          {teams.map((team) => (
            <li key={team.teamId} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span className="min-w-0 break-words font-medium">{team.teamName}</span>
              <span className={`text-sm ${team.isMet ? 'text-emerald-700' : 'font-semibold text-amber-800'}`}>
                {team.brought} of {team.owed} {team.owed === 1 ? 'judge' : 'judges'} brought
                {team.isMet ? ' · met' : ''}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {isManager ? <ObligationForm tournament={tournament} /> : <BringJudges tournament={tournament} />}
    </section>
  );
}

/** One round's motion for the host: editable until the round is released. */
function MotionRow({
  tournament,
  number,
  name,
  current,
  isReleased,
}: {
  tournament: TTournament;
  number: number;
  /** The round's name (`roundName`): "Round 2", "Final". */
  name: string;
  current: string;
  isReleased: boolean;
}) {
  const queryClient = useQueryClient();
  const [text, setText] = useState(current);
  const [error, setError] = useState<string>();
  const save = useMutation({
    mutationFn: (motion: string) => setMotion(tournament.id, number, motion),
    onSuccess: () => {
      setError(undefined);
      void queryClient.invalidateQueries({ queryKey: judgingKeys.motions(tournament.id) });
      // "Round 2’s motion is saved."; an elimination round's in a sentence: "The motion for the final is saved."
      toast.success(
        number <= tournament.prelimRounds
          ? `${name}’s motion is saved.`
          : `The motion for ${inSentence(name)} is saved.`,
      );
    },
    onError: (caught) => setError(errorMessage(caught)),
  });
  if (isReleased) {
    return (
      <li className="py-2 text-sm">
        <span className="font-semibold">{name}:</span> {current || 'No motion was set.'}
      </li>
    );
  }
  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = ZRoundMotionRequest.safeParse({ motion: text });
    if (!parsed.success) return setError(formErrors(parsed.error).form);
    save.mutate(parsed.data.motion);
  }
  return (
    <li className="py-2">
      <form onSubmit={handleSubmit} noValidate className="space-y-2">
        <TextField
          label={`${name} motion`}
          name={`motion-${number}`}
          value={text}
          onChange={setText}
          error={error}
          counterMax={MOTION_MAX}
        />
        <button type="submit" className={buttonClass('secondary')} disabled={save.isPending}>
          Save motion
        </button>
      </form>
    </li>
  );
}

/**
 * The host's motions of a Parli tournament, one per preliminary round, or of a British Parliamentary one, one per round
 * up to the final (`motionRounds`): entrants read each only once its round is released (its prep starts with the
 * room), and the round's rooms open with it.
 */
export function MotionsSection({ tournament }: { tournament: TTournament }) {
  const motions = useQuery({ queryKey: judgingKeys.motions(tournament.id), queryFn: () => listMotions(tournament.id) });
  return (
    <section aria-labelledby="tournament-motions" className={CARD}>
      <h2 id="tournament-motions" className="text-lg font-bold text-slate-900">
        Motions
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Entrants see a round’s motion only when you release the round: its rooms open with it and prep begins.
      </p>
      {motions.isPending ? (
        <p className="mt-2 text-sm text-slate-600">Loading…</p>
      ) : motions.isError ? (
        <FormAlert className="mt-2">{errorMessage(motions.error, 'The motions could not be loaded.')}</FormAlert>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100">
          {motionRounds(tournament).map(({ number, name }) => {
            const motion = motions.data.find((m) => m.roundNumber === number);
            return (
              <MotionRow
                key={`${number}-${motion?.updatedAt ?? ''}`}
                tournament={tournament}
                number={number}
                name={name}
                current={motion?.motion ?? ''}
                isReleased={number <= tournament.roundsReleased}
              />
            );
          })}
        </ul>
      )}
    </section>
  );
}

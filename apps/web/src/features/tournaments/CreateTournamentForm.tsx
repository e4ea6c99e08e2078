import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Trophy } from 'lucide-react';
import {
  FORMAT_IDS,
  FORMATS,
  isFourTeamFormat,
  JUDGES_PER_ROOM,
  TOURNAMENT_LIMITS,
  ZCreateTournamentRequest,
  type TCreateTournamentRequest,
  type TFormatId,
  type TJudgesPerRoom,
  type TTournamentEntryMode,
  type TTournamentScheduleMode,
} from '@resolved/shared';
import { formErrors } from '../../lib/form-errors';
import { toast } from '../../lib/toast';
import { FormAlert } from '../../ui/FormAlert';
import { TextField } from '../../ui/TextField';
import { buttonClass } from '../../ui/button-styles';
import { defaultTeamSize, entrantChoices } from './team-view';
import { ENTRY_MODE_LABELS } from './tournament-view';
import { BP_SPEECH_CHOICES, bpBreakHint, breakChoices, breakLabel } from './bp-view';
import { createTournament, tournamentKeys } from './tournaments-queries';

const FIELDS = [
  'name',
  'formatId',
  'teamSize',
  'prelimRounds',
  'breakSize',
  'scheduleMode',
  'entryMode',
  'teamIds',
  'roundStartsAt',
  'prelimJudgesPerRoom',
  'elimJudgesPerRoom',
  'speechMinutes',
] as const;

const JUDGES_LABELS: Record<TJudgesPerRoom, string> = { 1: 'One judge', 3: 'A panel of 3' };
type TField = (typeof FIELDS)[number];

const SELECT_CLASS =
  'mt-1 block w-full rounded-xl font-normal border border-slate-300 bg-white px-3 py-2.5 text-slate-900 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-4 focus:ring-brand-100';

const SCHEDULE_LABELS: Record<TTournamentScheduleMode, string> = {
  when_ballots_in: 'Next round once every ballot is in',
  fixed: 'At the times I set',
};

/**
 * "Create a tournament", for an admin or a coach: name, format (and, in a partner format, one debater or a team per
 * entrant), preliminary rounds, break, schedule and who may enter (with the teams the coach names for entry by
 * teams). British Parliamentary enters teams of two, breaks 4, 8… teams (the top two of each room go through) and
 * chooses its speech length. Checked with the shared schema before it is sent; the server's refusal shows under its field or above the
 * button. On success it opens the new tournament.
 */
export function CreateTournamentForm({ coachedTeams }: { coachedTeams: readonly { id: number; name: string }[] }) {
  const ids = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [formatId, setFormatId] = useState<TFormatId>('ld');
  /** Debaters per entrant: 1, or the format's team size (a tournament of teams). */
  const [teamSize, setTeamSize] = useState(1);
  const [prelimRounds, setPrelimRounds] = useState(4);
  const [breakSize, setBreakSize] = useState(0);
  /** British Parliamentary: each speech's minutes (7 for universities, 5 for schools). */
  const [speechMinutes, setSpeechMinutes] = useState<7 | 5>(7);
  const isBp = isFourTeamFormat(formatId);
  const [prelimJudgesPerRoom, setPrelimJudgesPerRoom] = useState<TJudgesPerRoom>(1);
  const [elimJudgesPerRoom, setElimJudgesPerRoom] = useState<TJudgesPerRoom>(1);
  const [scheduleMode, setScheduleMode] = useState<TTournamentScheduleMode>('when_ballots_in');
  const [entryMode, setEntryMode] = useState<TTournamentEntryMode>('code');
  const [teamIds, setTeamIds] = useState<number[]>([]);
  /** Round 1's start (a local date and time; empty: the host releases it), and the minutes between fixed starts. */
  const [firstStart, setFirstStart] = useState('');
  const [minutesApart, setMinutesApart] = useState(90);
  const [errors, setErrors] = useState<Partial<Record<TField, string>>>({});
  const [formError, setFormError] = useState<string>();
  const create = useMutation({
    mutationFn: createTournament,
    onSuccess: (tournament) => {
      void queryClient.invalidateQueries({ queryKey: tournamentKeys.all });
      toast.success(`Tournament “${tournament.name}” created.`);
      void navigate(`/tournaments/${tournament.id}`);
    },
    onError: (error) => {
      const { fields, form } = formErrors(error, FIELDS);
      setErrors(fields);
      setFormError(Object.keys(fields).length === 0 ? form : undefined);
    },
  });

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const input: TCreateTournamentRequest = {
      name,
      formatId,
      ...(teamSize !== 1 ? { teamSize } : {}),
      prelimRounds,
      breakSize,
      scheduleMode,
      entryMode,
      teamIds: entryMode === 'teams' ? teamIds : [],
      ...(firstStart
        ? { roundStartsAt: startTimes(firstStart, scheduleMode === 'fixed' ? prelimRounds : 1, minutesApart) }
        : {}),
      prelimJudgesPerRoom,
      elimJudgesPerRoom,
      ...(isBp ? { speechMinutes } : {}),
    };
    const parsed = ZCreateTournamentRequest.safeParse(input);
    if (!parsed.success) {
      const { fields, form } = formErrors(parsed.error, FIELDS);
      setErrors(fields);
      setFormError(Object.keys(fields).length === 0 ? form : undefined);
      return;
    }
    setErrors({});
    setFormError(undefined);
    create.mutate(input);
  }

  const errorOf = (field: TField) =>
    errors[field] ? (
      <span className="mt-1 block text-sm font-medium text-red-700" id={`${ids}-${field}-error`}>
        {errors[field]}
      </span>
    ) : null;

  return (
    <section aria-labelledby={`${ids}-heading`} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id={`${ids}-heading`} className="flex items-center gap-2 text-lg font-bold text-slate-900">
        <Trophy className="h-5 w-5" aria-hidden="true" /> Create a tournament
      </h2>
      <form onSubmit={handleSubmit} noValidate className="@container mt-3 space-y-4">
        <TextField
          label="Tournament name"
          name="tournament-name"
          value={name}
          onChange={(value) => {
            setName(value);
            setErrors((e) => ({ ...e, name: undefined }));
          }}
          error={errors.name}
          counterMax={TOURNAMENT_LIMITS.nameMax}
          isRequired
        />
        {/* Two columns only where the form is wide (not in the list page's sidebar, where they squeezed each select). */}
        <div className="grid gap-3 @lg:grid-cols-2">
          <label className="text-sm font-semibold text-slate-700">
            Format
            <select
              className={SELECT_CLASS}
              value={formatId}
              onChange={(e) => {
                const id = e.target.value as TFormatId;
                setFormatId(id);
                setTeamSize(defaultTeamSize(id));
                // A break this format does not offer (BP's rooms of four take 4, 8, 16…) goes back to none.
                if (!breakChoices(id).includes(breakSize)) setBreakSize(0);
                setErrors((e) => ({ ...e, formatId: undefined, teamSize: undefined, breakSize: undefined }));
              }}
            >
              {FORMAT_IDS.map((id) => (
                <option key={id} value={id}>
                  {FORMATS[id].name}
                </option>
              ))}
            </select>
            {errorOf('formatId')}
          </label>
          {entrantChoices(formatId).length > 0 ? (
            <label className="text-sm font-semibold text-slate-700">
              Entrants
              <select className={SELECT_CLASS} value={teamSize} onChange={(e) => setTeamSize(Number(e.target.value))}>
                {entrantChoices(formatId).map((choice) => (
                  <option key={choice.teamSize} value={choice.teamSize}>
                    {choice.label}
                  </option>
                ))}
              </select>
              {errorOf('teamSize')}
            </label>
          ) : null}
          <label className="text-sm font-semibold text-slate-700">
            Preliminary rounds
            <select
              className={SELECT_CLASS}
              value={prelimRounds}
              onChange={(e) => setPrelimRounds(Number(e.target.value))}
            >
              {Array.from({ length: TOURNAMENT_LIMITS.prelimRoundsMax }, (_, i) => i + 1).map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
            {errorOf('prelimRounds')}
          </label>
          <label className="text-sm font-semibold text-slate-700">
            Break
            <select
              className={SELECT_CLASS}
              value={breakSize}
              onChange={(e) => setBreakSize(Number(e.target.value))}
              aria-describedby={isBp ? `${ids}-break-help` : undefined}
            >
              {breakChoices(formatId).map((n) => (
                <option key={n} value={n}>
                  {breakLabel(formatId, n)}
                </option>
              ))}
            </select>
            {errorOf('breakSize')}
          </label>
          {isBp ? (
            <p id={`${ids}-break-help`} className="text-sm text-slate-600 @lg:col-span-2" data-testid="bp-break-help">
              {bpBreakHint(prelimRounds, breakSize)}
            </p>
          ) : null}
          {isBp ? (
            <label className="text-sm font-semibold text-slate-700">
              Speech length
              <select
                className={SELECT_CLASS}
                value={speechMinutes}
                onChange={(e) => setSpeechMinutes(Number(e.target.value) === 5 ? 5 : 7)}
              >
                {BP_SPEECH_CHOICES.map((choice) => (
                  <option key={choice.minutes} value={choice.minutes}>
                    {choice.label}
                  </option>
                ))}
              </select>
              {errorOf('speechMinutes')}
            </label>
          ) : null}
          <label className="text-sm font-semibold text-slate-700">
            Schedule
            <select
              className={SELECT_CLASS}
              value={scheduleMode}
              onChange={(e) => setScheduleMode(e.target.value as TTournamentScheduleMode)}
            >
              {(Object.keys(SCHEDULE_LABELS) as TTournamentScheduleMode[]).map((mode) => (
                <option key={mode} value={mode}>
                  {SCHEDULE_LABELS[mode]}
                </option>
              ))}
            </select>
            {errorOf('scheduleMode')}
          </label>
          <label className="text-sm font-semibold text-slate-700">
            Round 1 starts (optional)
            <input
              type="datetime-local"
              className={SELECT_CLASS}
              value={firstStart}
              onChange={(e) => setFirstStart(e.target.value)}
              aria-describedby={`${ids}-starts-help`}
            />
            {errorOf('roundStartsAt')}
          </label>
          {scheduleMode === 'fixed' && firstStart ? (
            <label className="text-sm font-semibold text-slate-700">
              Minutes between round starts
              <input
                type="number"
                min={15}
                max={1440}
                className={SELECT_CLASS}
                value={minutesApart}
                onChange={(e) => setMinutesApart(Number(e.target.value))}
              />
            </label>
          ) : null}
          <p id={`${ids}-starts-help`} className="text-sm text-slate-600 @lg:col-span-2">
            With a start, the tournament releases the round itself at that time, drawing whoever checked in.
          </p>
          <label className="text-sm font-semibold text-slate-700">
            Judges per room, preliminaries
            <select
              className={SELECT_CLASS}
              value={prelimJudgesPerRoom}
              onChange={(e) => setPrelimJudgesPerRoom(Number(e.target.value) === 3 ? 3 : 1)}
            >
              {JUDGES_PER_ROOM.map((n) => (
                <option key={n} value={n}>
                  {JUDGES_LABELS[n]}
                </option>
              ))}
            </select>
            {errorOf('prelimJudgesPerRoom')}
          </label>
          <label className="text-sm font-semibold text-slate-700">
            Judges per room, elimination rounds
            <select
              className={SELECT_CLASS}
              value={elimJudgesPerRoom}
              onChange={(e) => setElimJudgesPerRoom(Number(e.target.value) === 3 ? 3 : 1)}
            >
              {JUDGES_PER_ROOM.map((n) => (
                <option key={n} value={n}>
                  {JUDGES_LABELS[n]}
                </option>
              ))}
            </select>
            {errorOf('elimJudgesPerRoom')}
          </label>
        </div>
        <fieldset className="space-y-2 text-sm">
          <legend className="font-semibold text-slate-700">Who may enter</legend>
          {(['code', 'open', 'teams'] as const).map((mode) => (
            <label key={mode} className="flex items-center gap-2">
              <input
                type="radio"
                name={`${ids}-entry`}
                value={mode}
                checked={entryMode === mode}
                disabled={mode === 'teams' && coachedTeams.length === 0}
                onChange={() => {
                  setEntryMode(mode);
                  setErrors((e) => ({ ...e, teamIds: undefined }));
                }}
              />
              {ENTRY_MODE_LABELS[mode]}
              {mode === 'teams' && coachedTeams.length === 0 ? (
                <span className="text-slate-500">(you coach no team)</span>
              ) : null}
            </label>
          ))}
          {errorOf('entryMode')}
        </fieldset>
        {entryMode === 'teams' ? (
          <fieldset
            className="space-y-2 text-sm"
            aria-describedby={errors.teamIds ? `${ids}-teamIds-error` : undefined}
          >
            <legend className="font-semibold text-slate-700">Teams that enter</legend>
            {coachedTeams.map((team) => (
              <label key={team.id} className="flex items-center gap-2">
                <input
                  type="checkbox"
                  checked={teamIds.includes(team.id)}
                  onChange={(e) =>
                    setTeamIds((list) => (e.target.checked ? [...list, team.id] : list.filter((id) => id !== team.id)))
                  }
                />
                {team.name}
              </label>
            ))}
            {errorOf('teamIds')}
          </fieldset>
        ) : null}
        {formError ? <FormAlert>{formError}</FormAlert> : null}
        <button type="submit" className={buttonClass('primary')} disabled={create.isPending}>
          {create.isPending ? 'Creating…' : 'Create tournament'}
        </button>
      </form>
    </section>
  );
}

/** Each round's start (ISO): the first at the local `first`, then `minutesApart` apart. */
function startTimes(first: string, count: number, minutesApart: number): string[] {
  const start = new Date(first).getTime();
  return Array.from({ length: count }, (_, i) => new Date(start + i * minutesApart * 60_000).toISOString());
}

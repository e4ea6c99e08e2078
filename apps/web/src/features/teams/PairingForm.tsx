import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Plus, Shuffle, Trash2 } from 'lucide-react';
import { FORMAT_IDS, FORMATS, type TFormatId, type TPairRoundsRequest, type TTeam } from '@resolved/shared';
import { toast } from '../../lib/toast';
import { errorMessage } from '../../lib/form-errors';
import { buttonClass } from '../../ui/button-styles';
import { pairRounds, teamKeys } from './teams-queries';
import { isUpcoming, startTimeText } from '../debates/start-time';

type TPairRow = { aUserId: string; bUserId: string; judgeUserId: string };

const selectClass = 'w-full rounded-xl border border-slate-300 bg-white px-3 py-2 text-sm';

/**
 * The coach pairs practice rounds: by hand (pair rows with an optional judge) or everyone present at once (random or
 * rating-balanced, the odd one out judging), in a chosen format, optionally with a start time. One click creates
 * every round; each debater and judge is told it is open.
 */
export function PairingForm({ team }: { team: TTeam }) {
  const queryClient = useQueryClient();
  const ids = useId();
  const [formatId, setFormatId] = useState<TFormatId>('ld');
  const [mode, setMode] = useState<'auto' | 'manual'>('auto');
  // Members count as present (those who join meanwhile too), coaches as not debating, until the coach ticks otherwise.
  const [ticked, setTicked] = useState<Map<string, boolean>>(() => new Map());
  const isPresent = (m: TTeam['members'][number]) => ticked.get(m.userId) ?? m.role !== 'coach';
  const present = team.members.filter(isPresent).map((m) => m.userId);
  const [sides, setSides] = useState<'random' | 'balanced'>('random');
  const [judgeUserId, setJudgeUserId] = useState('');
  const [pairs, setPairs] = useState<TPairRow[]>([{ aUserId: '', bUserId: '', judgeUserId: '' }]);
  const [startsAt, setStartsAt] = useState('');
  // The coach may seat any member as a judge, except one debating in this pairing (the rounds run at once).
  const pairedDebaters = new Set(pairs.flatMap((p) => [p.aUserId, p.bUserId]).filter(Boolean));
  const judgesByHand = team.members.filter((m) => !pairedDebaters.has(m.userId));
  const pair = useMutation({
    mutationFn: (request: TPairRoundsRequest) => pairRounds(team.id, request),
    onSuccess: (rounds) => {
      void queryClient.invalidateQueries({ queryKey: teamKeys.rounds(team.id) });
      void queryClient.invalidateQueries({ queryKey: teamKeys.team(team.id) });
      const isLater = rounds.some((r) => isUpcoming(r));
      const noun = `${rounds.length} practice ${rounds.length === 1 ? 'round is' : 'rounds are'}`;
      toast.success(isLater ? `${noun} scheduled for ${startTimeText(rounds[0]!.startsAt!)}.` : `${noun} open.`);
    },
    onError: (error) => toast.error(errorMessage(error)),
  });

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const start = startsAt ? new Date(startsAt).toISOString() : null;
    if (mode === 'auto') {
      pair.mutate({
        mode,
        formatId,
        sides,
        presentUserIds: present.filter((id) => id !== judgeUserId),
        judgeUserId: judgeUserId || null,
        startsAt: start,
      });
      return;
    }
    const complete = pairs.filter((p) => p.aUserId && p.bUserId);
    if (complete.length === 0) {
      toast.error('Choose two debaters for at least one round.');
      return;
    }
    pair.mutate({
      mode,
      formatId,
      pairs: complete.map((p) => ({ aUserId: p.aUserId, bUserId: p.bUserId, judgeUserId: p.judgeUserId || null })),
      startsAt: start,
    });
  }

  const setRow = (index: number, patch: Partial<TPairRow>) =>
    setPairs((rows) => rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  const format = FORMATS[formatId];

  return (
    <section aria-labelledby="pair-heading" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="pair-heading" className="flex items-center gap-2 text-lg font-bold text-slate-900">
        <Shuffle className="h-5 w-5" aria-hidden="true" /> Pair practice rounds
      </h2>
      <form onSubmit={handleSubmit} className="mt-3 space-y-4">
        <div className="grid gap-3 sm:grid-cols-2">
          <label className="text-sm font-semibold text-slate-700">
            Format
            <select className={selectClass} value={formatId} onChange={(e) => setFormatId(e.target.value as TFormatId)}>
              {FORMAT_IDS.map((id) => (
                <option key={id} value={id}>
                  {FORMATS[id].name}
                </option>
              ))}
            </select>
          </label>
          <label className="text-sm font-semibold text-slate-700">
            Start time (optional)
            <input
              type="datetime-local"
              className={selectClass}
              value={startsAt}
              onChange={(e) => setStartsAt(e.target.value)}
            />
          </label>
        </div>
        <fieldset className="flex flex-wrap gap-4 text-sm">
          <legend className="sr-only">How to pair</legend>
          <label className="flex items-center gap-2">
            <input type="radio" name={`${ids}-mode`} checked={mode === 'auto'} onChange={() => setMode('auto')} />
            Pair everyone present
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name={`${ids}-mode`} checked={mode === 'manual'} onChange={() => setMode('manual')} />
            Pair by hand
          </label>
        </fieldset>
        {mode === 'auto' ? (
          <>
            <fieldset>
              <legend className="text-sm font-semibold text-slate-700">Present today</legend>
              <ul className="mt-2 grid gap-1 sm:grid-cols-2">
                {team.members.map((m) => (
                  <li key={m.userId}>
                    <label className="flex items-center gap-2 text-sm">
                      <input
                        type="checkbox"
                        checked={isPresent(m)}
                        onChange={(e) => setTicked((map) => new Map(map).set(m.userId, e.target.checked))}
                      />
                      {m.displayName}
                    </label>
                  </li>
                ))}
              </ul>
            </fieldset>
            <div className="grid gap-3 sm:grid-cols-2">
              <label className="text-sm font-semibold text-slate-700">
                Sides
                <select
                  className={selectClass}
                  value={sides}
                  onChange={(e) => setSides(e.target.value as 'random' | 'balanced')}
                >
                  <option value="random">Random pairs</option>
                  <option value="balanced">Rating-balanced (close ratings meet)</option>
                </select>
              </label>
              <label className="text-sm font-semibold text-slate-700">
                Also judging (optional)
                <select className={selectClass} value={judgeUserId} onChange={(e) => setJudgeUserId(e.target.value)}>
                  <option value="">Nobody else</option>
                  {team.members.map((m) => (
                    <option key={m.userId} value={m.userId}>
                      {m.displayName}
                    </option>
                  ))}
                </select>
              </label>
            </div>
            <p className="text-sm text-slate-600">
              With an odd number present, one is left out to judge the first round. Anyone you choose to judge does not
              debate.
            </p>
          </>
        ) : (
          <div className="space-y-3">
            {pairs.map((row, index) => (
              <fieldset key={index} className="grid gap-2 rounded-xl border border-slate-200 p-3 sm:grid-cols-3">
                <legend className="px-1 text-sm font-semibold text-slate-700">Round {index + 1}</legend>
                {(
                  [
                    ['aUserId', format.sides.a],
                    ['bUserId', format.sides.b],
                    ['judgeUserId', 'Judge (optional)'],
                  ] as const
                ).map(([field, label]) => (
                  <label key={field} className="text-sm text-slate-700">
                    {label}
                    <select
                      className={selectClass}
                      value={row[field]}
                      onChange={(e) => setRow(index, { [field]: e.target.value })}
                    >
                      <option value="">{field === 'judgeUserId' ? 'No judge' : 'Choose…'}</option>
                      {(field === 'judgeUserId' ? judgesByHand : team.members).map((m) => (
                        <option key={m.userId} value={m.userId}>
                          {m.displayName}
                        </option>
                      ))}
                    </select>
                  </label>
                ))}
                {pairs.length > 1 ? (
                  <button
                    type="button"
                    className={buttonClass('ghost', 'sm:col-span-3 justify-self-start')}
                    onClick={() => setPairs((rows) => rows.filter((_, i) => i !== index))}
                  >
                    <Trash2 className="h-4 w-4" aria-hidden="true" /> Remove round {index + 1}
                  </button>
                ) : null}
              </fieldset>
            ))}
            <p className="text-sm text-slate-600" data-testid="judge-hint">
              Any member who is not debating in these rounds can judge one. Members you name judges on the roster may
              also take a free judge’s seat themselves.
            </p>
            <button
              type="button"
              className={buttonClass('secondary')}
              onClick={() => setPairs((rows) => [...rows, { aUserId: '', bUserId: '', judgeUserId: '' }])}
            >
              <Plus className="h-4 w-4" aria-hidden="true" /> Add a round
            </button>
          </div>
        )}
        <button type="submit" className={buttonClass('primary')} disabled={pair.isPending}>
          Open the rounds
        </button>
      </form>
    </section>
  );
}

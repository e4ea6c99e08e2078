import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Shuffle } from 'lucide-react';
import {
  TWO_SIDED_FORMAT_IDS,
  FORMATS,
  isTeamOnlyFormat,
  type TFormatId,
  type TPairRoundsRequest,
  type TTeam,
} from '@resolved/shared';
import { toast } from '../../lib/toast';
import { errorMessage } from '../../lib/form-errors';
import { buttonClass } from '../../ui/button-styles';
import { pairRounds, teamKeys } from './teams-queries';
import { isUpcoming, startTimeText } from '../debates/start-time';
import { AutoPairing, PairsByHand, selectClass, type TPairRow } from './PairingChoices';
import { TeamSidesPairing, type TTeamSides } from './TeamSidesPairing';

/**
 * The coach pairs practice rounds: by hand (pair rows with an optional judge) or everyone present at once (random or
 * rating-balanced, the odd one out judging), in a chosen format, optionally with a start time. One click creates
 * every round; each debater and judge is told it is open.
 */
export function PairingForm({ team }: { team: TTeam }) {
  const queryClient = useQueryClient();
  const ids = useId();
  const [formatId, setFormatId] = useState<TFormatId>('ld');
  const [mode, setMode] = useState<'auto' | 'manual' | 'teams'>('auto');
  const [teamSides, setTeamSides] = useState<TTeamSides>({ a: [], b: [], judgeUserId: '' });
  const isTeamFormat = FORMATS[formatId].teamSize > 1;
  // Members count as present (those who join meanwhile too), coaches as not debating, until the coach ticks otherwise.
  const [ticked, setTicked] = useState<Map<string, boolean>>(() => new Map());
  const isPresent = (m: TTeam['members'][number]) => ticked.get(m.userId) ?? m.role !== 'coach';
  const present = team.members.filter(isPresent).map((m) => m.userId);
  const [sides, setSides] = useState<'random' | 'balanced'>('random');
  const [judgeUserId, setJudgeUserId] = useState('');
  const [pairs, setPairs] = useState<TPairRow[]>([{ aUserId: '', bUserId: '', judgeUserId: '' }]);
  const [startsAt, setStartsAt] = useState('');
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

  /** A team-only format pairs teams only; a format of one a side has no teams to pair. */
  function handleFormatChange(id: TFormatId) {
    setFormatId(id);
    if (isTeamOnlyFormat(id)) setMode('teams');
    else if (FORMATS[id].teamSize === 1 && mode === 'teams') setMode('auto');
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const start = startsAt ? new Date(startsAt).toISOString() : null;
    if (mode === 'teams') {
      const size = FORMATS[formatId].teamSize;
      const sideA = teamSides.a.slice(0, size);
      const sideB = teamSides.b.slice(0, size);
      if ([...sideA, ...sideB].filter(Boolean).length !== size * 2) {
        toast.error(`Choose a member for every position: ${size} a side.`);
        return;
      }
      pair.mutate({ mode, formatId, sideA, sideB, judgeUserId: teamSides.judgeUserId || null, startsAt: start });
      return;
    }
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

  return (
    <section aria-labelledby="pair-heading" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="pair-heading" className="flex items-center gap-2 text-lg font-bold text-slate-900">
        <Shuffle className="h-5 w-5" aria-hidden="true" /> Pair practice rounds
      </h2>
      <form onSubmit={handleSubmit} className="mt-3 space-y-4">
        <div className="grid gap-3 sm:grid-cols-2">
          <label className="text-sm font-semibold text-slate-700">
            Format
            <select
              className={selectClass}
              value={formatId}
              onChange={(e) => handleFormatChange(e.target.value as TFormatId)}
            >
              {TWO_SIDED_FORMAT_IDS.map((id) => (
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
          {isTeamOnlyFormat(formatId) ? null : (
            <>
              <label className="flex items-center gap-2">
                <input type="radio" name={`${ids}-mode`} checked={mode === 'auto'} onChange={() => setMode('auto')} />
                Pair everyone present
              </label>
              <label className="flex items-center gap-2">
                <input
                  type="radio"
                  name={`${ids}-mode`}
                  checked={mode === 'manual'}
                  onChange={() => setMode('manual')}
                />
                Pair by hand
              </label>
            </>
          )}
          {isTeamFormat ? (
            <label className="flex items-center gap-2">
              <input type="radio" name={`${ids}-mode`} checked={mode === 'teams'} onChange={() => setMode('teams')} />
              Pair two teams
            </label>
          ) : null}
        </fieldset>
        {mode === 'teams' ? (
          <TeamSidesPairing team={team} formatId={formatId} sides={teamSides} onSidesChange={setTeamSides} />
        ) : mode === 'auto' ? (
          <AutoPairing
            team={team}
            isPresent={isPresent}
            onPresentChange={(userId, isHere) => setTicked((map) => new Map(map).set(userId, isHere))}
            sides={sides}
            onSidesChange={setSides}
            judgeUserId={judgeUserId}
            onJudgeChange={setJudgeUserId}
          />
        ) : (
          <PairsByHand team={team} formatId={formatId} pairs={pairs} onPairsChange={setPairs} />
        )}
        <button type="submit" className={buttonClass('primary')} disabled={pair.isPending}>
          Open the rounds
        </button>
      </form>
    </section>
  );
}

import { Plus, Trash2 } from 'lucide-react';
import { FORMATS, type TFormatId, type TTeam } from '@resolved/shared';
import { buttonClass } from '../../ui/button-styles';

export type TPairRow = { aUserId: string; bUserId: string; judgeUserId: string };

export const selectClass = 'w-full rounded-xl border border-slate-300 bg-white px-3 py-2 text-sm';

/** Pairing everyone present at once: who is here today, how sides are drawn, and who else judges. */
export function AutoPairing({
  team,
  isPresent,
  onPresentChange,
  sides,
  onSidesChange,
  judgeUserId,
  onJudgeChange,
}: {
  team: TTeam;
  isPresent: (member: TTeam['members'][number]) => boolean;
  onPresentChange: (userId: string, isHere: boolean) => void;
  sides: 'random' | 'balanced';
  onSidesChange: (sides: 'random' | 'balanced') => void;
  judgeUserId: string;
  onJudgeChange: (userId: string) => void;
}) {
  return (
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
                  onChange={(e) => onPresentChange(m.userId, e.target.checked)}
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
            onChange={(e) => onSidesChange(e.target.value as 'random' | 'balanced')}
          >
            <option value="random">Random pairs</option>
            <option value="balanced">Rating-balanced (close ratings meet)</option>
          </select>
        </label>
        <label className="text-sm font-semibold text-slate-700">
          Also judging (optional)
          <select className={selectClass} value={judgeUserId} onChange={(e) => onJudgeChange(e.target.value)}>
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
  );
}

/** Pairing by hand: one row per round, two debaters and an optional judge. */
export function PairsByHand({
  team,
  formatId,
  pairs,
  onPairsChange,
}: {
  team: TTeam;
  formatId: TFormatId;
  pairs: TPairRow[];
  onPairsChange: (pairs: TPairRow[]) => void;
}) {
  const format = FORMATS[formatId];
  // The coach may seat any member as a judge, except one debating in this pairing (the rounds run at once).
  const pairedDebaters = new Set(pairs.flatMap((p) => [p.aUserId, p.bUserId]).filter(Boolean));
  const judgesByHand = team.members.filter((m) => !pairedDebaters.has(m.userId));
  const setRow = (index: number, patch: Partial<TPairRow>) =>
    onPairsChange(pairs.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  return (
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
              onClick={() => onPairsChange(pairs.filter((_, i) => i !== index))}
            >
              <Trash2 className="h-4 w-4" aria-hidden="true" /> Remove round {index + 1}
            </button>
          ) : null}
        </fieldset>
      ))}
      <p className="text-sm text-slate-600" data-testid="judge-hint">
        Any member who is not debating in these rounds can judge one. Members you name judges on the roster may also
        take a free judge’s seat themselves.
      </p>
      <button
        type="button"
        className={buttonClass('secondary')}
        onClick={() => onPairsChange([...pairs, { aUserId: '', bUserId: '', judgeUserId: '' }])}
      >
        <Plus className="h-4 w-4" aria-hidden="true" /> Add a round
      </button>
    </div>
  );
}

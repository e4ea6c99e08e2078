import { FORMATS, type TFormatId, type TTeam } from '@resolved/shared';
import { selectClass } from './PairingChoices';

/** A round of two teams: the member in each position of each side, as the format's sides name them. */
export type TTeamSides = { a: string[]; b: string[]; judgeUserId: string };

/**
 * Pairing one round of a team format (issue 40): the coach picks the member for each position of each side and a
 * judge (optional). The round starts now.
 */
export function TeamSidesPairing({
  team,
  formatId,
  sides,
  onSidesChange,
}: {
  team: TTeam;
  formatId: TFormatId;
  sides: TTeamSides;
  onSidesChange: (sides: TTeamSides) => void;
}) {
  const format = FORMATS[formatId];
  const keys = ['a', 'b'] as const;
  return (
    <div className="space-y-3" data-testid="team-sides">
      <div className="grid gap-3 sm:grid-cols-2">
        {keys.map((key, s) => (
          <fieldset key={key} className="rounded-xl border border-slate-200 p-3">
            <legend className="px-1 text-sm font-semibold text-slate-700">{format.sideList[s]!.name}</legend>
            {format.sideList[s]!.positions.slice(0, format.teamSize).map((position, i) => (
              <label key={position.id} className="mt-2 block text-sm text-slate-700">
                {`${format.sideList[s]!.name}: ${position.name}`}
                <select
                  className={selectClass}
                  value={sides[key][i] ?? ''}
                  onChange={(e) => {
                    const next = [...sides[key]];
                    next[i] = e.target.value;
                    onSidesChange({ ...sides, [key]: next });
                  }}
                >
                  <option value="">Choose a member</option>
                  {team.members.map((m) => (
                    <option key={m.userId} value={m.userId}>
                      {m.displayName}
                    </option>
                  ))}
                </select>
              </label>
            ))}
          </fieldset>
        ))}
      </div>
      <label className="block text-sm font-semibold text-slate-700">
        Judge (optional)
        <select
          className={selectClass}
          value={sides.judgeUserId}
          onChange={(e) => onSidesChange({ ...sides, judgeUserId: e.target.value })}
        >
          <option value="">No judge</option>
          {team.members.map((m) => (
            <option key={m.userId} value={m.userId}>
              {m.displayName}
            </option>
          ))}
        </select>
      </label>
      <p className="text-sm text-slate-600">A round of teams starts as soon as you open it.</p>
    </div>
  );
}

import { useQuery } from '@tanstack/react-query';
import { FORMATS, type TFormatId } from '@resolved/shared';
import type { TDebateParticipant } from '@resolved/shared';
import { partnerChoicesQuery } from './partner-queries';

/**
 * A team challenge's accepter names their own partners (a teammate or someone who accepted their partner link), one
 * per position after theirs; the challenger's partners are shown and cannot be chosen.
 */
export function ChallengeTeamPicker({
  formatId,
  challengerTeam,
  partnerIds,
  onPartnersChange,
}: {
  formatId: TFormatId;
  challengerTeam: readonly TDebateParticipant[];
  partnerIds: readonly (string | null)[];
  onPartnersChange: (partnerIds: (string | null)[]) => void;
}) {
  const choices = useQuery(partnerChoicesQuery(formatId));
  const taken = new Set(challengerTeam.map((p) => p.userId));
  const partners = (choices.data ?? []).filter((p) => !taken.has(p.userId));
  const format = FORMATS[formatId];
  return (
    <div className="mt-4 rounded-xl border border-slate-200 p-4" data-testid="challenge-team">
      <p className="text-sm text-slate-700">
        A {format.name} team is {format.teamSize} debaters. Their team:{' '}
        <span className="font-semibold">{challengerTeam.map((p) => p.displayName).join(' and ')}</span>.
      </p>
      {partners.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">
          {choices.isPending
            ? 'Loading your partners…'
            : 'Name a teammate, or someone who accepted your partner link: you have none for this format yet. Make a partner link under Find an opponent.'}
        </p>
      ) : (
        partnerIds.map((chosen, i) => (
          <label key={i} className="mt-3 block text-sm font-semibold text-slate-700">
            {partnerIds.length === 1 ? 'Your partner' : `Your partner ${i + 1}`}
            <select
              value={chosen ?? ''}
              onChange={(e) => {
                const next = [...partnerIds];
                next[i] = e.target.value === '' ? null : e.target.value;
                onPartnersChange(next);
              }}
              className="mt-1 block w-full rounded-lg border border-slate-300 px-2 py-1.5 text-sm font-normal"
            >
              <option value="">Choose your partner</option>
              {partners.map((p) => (
                <option key={p.userId} value={p.userId}>
                  {p.displayName} {p.via === 'teammate' ? '(teammate)' : '(accepted your link)'}
                </option>
              ))}
            </select>
          </label>
        ))
      )}
    </div>
  );
}

/**
 * A tournament of teams on its page (issue 40, item 6): the partners an entry names (from the debater's teammates and
 * partners by link, as the team queue offers them), a team's confirmations and the partner's "Confirm", and the
 * host's replacement of a member (audited). A tournament of one-person entrants shows none of it.
 */
import { useId, useState, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFormatId, TTournament, TTournamentEntrant, TTournamentMember } from '@resolved/shared';
import { errorMessage } from '../../lib/form-errors';
import { toast } from '../../lib/toast';
import { FormAlert } from '../../ui/FormAlert';
import { buttonClass } from '../../ui/button-styles';
import { partnerChoicesQuery } from '../debates/queue/partner-queries';
import { canReplaceMember, mustConfirm, partnerLabels, replacementChoices, waitingText } from './team-view';
import { confirmTeam, refreshTournament, replaceMember } from './tournaments-queries';

const SELECT =
  'mt-1 block w-full rounded-xl border border-slate-300 bg-white px-3 py-2.5 font-normal text-slate-900 shadow-sm';

/**
 * One field per partner to name, each choosing from the debater's teammates and partners by link for this format;
 * `partnerIds` holds a choice (or null) per field.
 */
export function PartnerFields({
  formatId,
  partnerIds,
  onChange,
  excludeIds = [],
}: {
  formatId: TFormatId;
  partnerIds: readonly (string | null)[];
  onChange: (partnerIds: (string | null)[]) => void;
  /** Who may not be named, when the page knows (the tournament's hosts: they run it). */
  excludeIds?: readonly string[];
}) {
  const idPrefix = useId();
  const choices = useQuery(partnerChoicesQuery(formatId));
  const labels = partnerLabels(partnerIds.length);
  const partners = (choices.data ?? []).filter((c) => !excludeIds.includes(c.userId));
  if (choices.isPending) return <p className="text-sm text-slate-600">Loading your partners…</p>;
  if (choices.isError)
    return <FormAlert>{errorMessage(choices.error, 'Your partners could not be loaded.')}</FormAlert>;
  if (partners.length === 0) {
    return (
      <p className="text-sm text-slate-700" data-testid="no-partners">
        Each entrant is a team. You can name a teammate, or someone who accepted your partner link (make one on the
        Debates page), and you have neither yet.
      </p>
    );
  }
  return (
    <div className="space-y-2" data-testid="tournament-partners">
      {labels.map((label, index) => (
        <label key={label} htmlFor={`${idPrefix}-${index}`} className="block text-sm font-semibold text-slate-700">
          {label}
          <select
            id={`${idPrefix}-${index}`}
            className={SELECT}
            value={partnerIds[index] ?? ''}
            onChange={(e) =>
              onChange(partnerIds.map((id, i) => (i === index ? (e.target.value === '' ? null : e.target.value) : id)))
            }
          >
            <option value="">Choose a partner</option>
            {partners.map((p) => (
              <option key={p.userId} value={p.userId}>
                {p.displayName} {p.via === 'teammate' ? '(teammate)' : '(accepted your link)'}
              </option>
            ))}
          </select>
        </label>
      ))}
      <p className="text-sm text-slate-600">
        {partnerIds.length === 1 ? 'Your partner confirms' : 'Each partner confirms'} on this tournament’s page; your
        team is drawn once every member has.
      </p>
    </div>
  );
}

/** The viewer's own team: who has confirmed, whom it waits for, and "Confirm" for a partner who has not. */
export function OwnTeamPanel({
  tournament,
  entrant,
  viewerId,
}: {
  tournament: TTournament;
  entrant: TTournamentEntrant;
  viewerId: string;
}) {
  const queryClient = useQueryClient();
  const [error, setError] = useState<string>();
  const confirm = useMutation({
    mutationFn: () => confirmTeam(tournament.id, entrant.id),
    onSuccess: () => {
      setError(undefined);
      toast.success(`You confirmed your team for ${tournament.name}.`);
      void refreshTournament(queryClient, tournament.id);
    },
    onError: (caught) => setError(errorMessage(caught)),
  });
  const waiting = entrant.isWithdrawn ? null : waitingText(entrant, viewerId);
  return (
    <div className="mt-4 rounded-xl border border-slate-200 p-3" data-testid="own-team">
      <h3 className="text-sm font-semibold text-slate-900">Your team</h3>
      <MemberList entrant={entrant} />
      {waiting ? (
        <p className="mt-2 text-sm text-slate-700" data-testid="team-waiting">
          {waiting}
        </p>
      ) : null}
      {!entrant.isWithdrawn && tournament.status !== 'finished' && mustConfirm(entrant, viewerId) ? (
        <button
          type="button"
          className={buttonClass('primary', 'mt-3')}
          disabled={confirm.isPending}
          onClick={() => confirm.mutate()}
        >
          {confirm.isPending ? 'Confirming…' : 'Confirm'}
        </button>
      ) : null}
      {error ? <FormAlert className="mt-2">{error}</FormAlert> : null}
    </div>
  );
}

/** A team's members in speaking order, each confirmed or still to confirm. */
export function MemberList({
  entrant,
  renderAction,
}: {
  entrant: TTournamentEntrant;
  renderAction?: (member: TTournamentMember) => ReactNode;
}) {
  return (
    <ul className="mt-1 space-y-1 text-sm" data-testid="team-members">
      {entrant.members.map((m) => (
        <li key={m.userId} className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="min-w-0 [overflow-wrap:anywhere]">{m.displayName}</span>
          <span className={m.isConfirmed ? 'text-emerald-700' : 'text-amber-700'}>
            {m.isConfirmed ? 'confirmed' : 'to confirm'}
          </span>
          {renderAction?.(m)}
        </li>
      ))}
    </ul>
  );
}

/**
 * A host's "Replace" of a member: whom to bring in (the host's teammates and partners by link who are in no team of
 * the tournament), then "Replace {name}". The server checks the newcomer as it checks an entry, and audits it.
 */
export function ReplaceMember({
  tournament,
  entrant,
  member,
  entrants,
}: {
  tournament: TTournament;
  entrant: TTournamentEntrant;
  member: TTournamentMember;
  entrants: readonly TTournamentEntrant[];
}) {
  const queryClient = useQueryClient();
  const fieldId = useId();
  const [isOpen, setIsOpen] = useState(false);
  const [toUserId, setToUserId] = useState('');
  const [error, setError] = useState<string>();
  const choices = useQuery({ ...partnerChoicesQuery(tournament.formatId), enabled: isOpen });
  const replace = useMutation({
    mutationFn: () => replaceMember(tournament.id, entrant.id, member.userId, toUserId),
    onSuccess: () => {
      const name = choices.data?.find((c) => c.userId === toUserId)?.displayName ?? 'The new member';
      toast.success(`${name} takes ${member.displayName}’s place once they confirm the team.`);
      setIsOpen(false);
      setToUserId('');
      setError(undefined);
      void refreshTournament(queryClient, tournament.id);
    },
    onError: (caught) => setError(errorMessage(caught)),
  });
  if (!canReplaceMember(tournament, entrant, member.userId)) return null;
  if (!isOpen) {
    return (
      <button
        type="button"
        className="text-sm font-semibold text-brand-700 underline"
        aria-label={`Replace ${member.displayName}`}
        onClick={() => setIsOpen(true)}
      >
        Replace
      </button>
    );
  }
  const options = replacementChoices(choices.data ?? [], entrants);
  return (
    <div className="w-full space-y-2 rounded-xl border border-slate-200 p-3" data-testid="replace-member">
      {choices.isPending ? (
        <p className="text-sm text-slate-600">Loading…</p>
      ) : options.length === 0 ? (
        <p className="text-sm text-slate-700">
          No one to bring in: the newcomer is one of your teammates or partners by link, in no team of this tournament.
        </p>
      ) : (
        <label htmlFor={fieldId} className="block text-sm font-semibold text-slate-700">
          Who takes {member.displayName}’s place
          <select id={fieldId} className={SELECT} value={toUserId} onChange={(e) => setToUserId(e.target.value)}>
            <option value="">Choose who</option>
            {options.map((c) => (
              <option key={c.userId} value={c.userId}>
                {c.displayName}
              </option>
            ))}
          </select>
        </label>
      )}
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={buttonClass('primary')}
          disabled={toUserId === '' || replace.isPending}
          onClick={() => replace.mutate()}
        >
          Replace {member.displayName}
        </button>
        <button type="button" className={buttonClass('secondary')} onClick={() => setIsOpen(false)}>
          Cancel
        </button>
      </div>
      {error ? <FormAlert>{error}</FormAlert> : null}
    </div>
  );
}

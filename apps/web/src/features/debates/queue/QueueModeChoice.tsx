import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  FORMATS,
  isFourTeamFormat,
  isTeamOnlyFormat,
  teamSizeOf,
  type TFormatId,
  type TQueueMode,
} from '@resolved/shared';
import { toast } from '../../../lib/toast';
import { errorMessage } from '../../../lib/form-errors';
import { buttonClass } from '../../../ui/button-styles';
import { ChallengeLink } from './ChallengeLink';
import { createPartnerLink, partnerChoicesQuery } from './partner-queries';

/** How a debater of a team format (Public Forum, Parliamentary) queues, as the choices name it. */
export const QUEUE_MODE_LABELS: Record<TQueueMode, string> = {
  team: 'With my partner',
  solo: 'Find me a partner',
  'one-on-one': 'One-on-one: you give every speech of your side',
};

const MODES: readonly TQueueMode[] = ['team', 'solo', 'one-on-one'];

const TEAM_SIZE_WORDS: Readonly<Record<number, string>> = { 2: 'two', 3: 'three' };

/**
 * In a team format: queue with a partner (a teammate, or someone who accepted a partner link; a new link to copy),
 * alone for the queue to find a partner, or one-on-one (not in a team-only format: Policy, World Schools). A team of
 * three names two partners. Every member presses "Find an opponent" naming the rest of the team.
 */
export function QueueModeChoice({
  idPrefix,
  formatId,
  mode,
  partnerIds,
  onModeChange,
  onPartnersChange,
}: {
  idPrefix: string;
  formatId: TFormatId;
  mode: TQueueMode;
  /** One slot per partner the format's team needs (`teamSize - 1`), null until chosen. */
  partnerIds: readonly (string | null)[];
  onModeChange: (mode: TQueueMode) => void;
  onPartnersChange: (partnerIds: (string | null)[]) => void;
}) {
  const format = FORMATS[formatId];
  const modes = isTeamOnlyFormat(formatId) ? MODES.filter((m) => m !== 'one-on-one') : MODES;
  return (
    <fieldset className="mt-4">
      <legend className="text-sm font-semibold text-slate-700">
        {format.name} is debated in teams of {TEAM_SIZE_WORDS[teamSizeOf(formatId)] ?? teamSizeOf(formatId)}
        {isFourTeamFormat(formatId) ? ', four teams a room' : ''}
      </legend>
      <div className="mt-2 grid gap-2">
        {modes.map((m) => (
          <label
            key={m}
            className={`flex cursor-pointer items-center gap-2 rounded-xl border px-4 py-2 text-sm font-semibold ${
              mode === m ? 'border-brand-700 bg-brand-50 text-brand-900' : 'border-slate-300 text-slate-700'
            }`}
          >
            <input
              type="radio"
              name={`${idPrefix}-mode`}
              value={m}
              checked={mode === m}
              onChange={() => onModeChange(m)}
              className="accent-brand-700"
            />
            {QUEUE_MODE_LABELS[m]}
          </label>
        ))}
      </div>
      {mode === 'team' ? (
        <PartnerPicker
          idPrefix={idPrefix}
          formatId={formatId}
          partnerIds={partnerIds}
          onPartnersChange={onPartnersChange}
        />
      ) : null}
    </fieldset>
  );
}

/**
 * The teammates and linked partners to pick from (one choice per partner slot, someone chosen in one slot not offered
 * in another), and a partner link to make and copy.
 */
function PartnerPicker({
  idPrefix,
  formatId,
  partnerIds,
  onPartnersChange,
}: {
  idPrefix: string;
  formatId: TFormatId;
  partnerIds: readonly (string | null)[];
  onPartnersChange: (partnerIds: (string | null)[]) => void;
}) {
  const choices = useQuery(partnerChoicesQuery(formatId));
  const [linkUrl, setLinkUrl] = useState<string | null>(null);
  const makeLink = useMutation({
    mutationFn: () => createPartnerLink(formatId),
    onSuccess: ({ link }) => setLinkUrl(`${window.location.origin}/debates/partner/${link.token}`),
    onError: (error) => toast.error(errorMessage(error)),
  });
  const partners = choices.data ?? [];
  const isPair = partnerIds.length === 1;
  return (
    <div className="mt-3 rounded-xl border border-slate-200 p-3" data-testid="partner-picker">
      {partners.length > 0 ? (
        <>
          {partnerIds.map((chosen, i) => {
            const elsewhere = new Set(partnerIds.filter((id, j) => j !== i && id !== null));
            return (
              <div key={i} className={i > 0 ? 'mt-2' : undefined}>
                <label htmlFor={`${idPrefix}-partner-${i}`} className="text-sm font-semibold text-slate-700">
                  {isPair ? 'Your partner' : `Your partner ${i + 1}`}
                </label>
                <select
                  id={`${idPrefix}-partner-${i}`}
                  value={chosen ?? ''}
                  onChange={(e) => {
                    const next = [...partnerIds];
                    next[i] = e.target.value === '' ? null : e.target.value;
                    onPartnersChange(next);
                  }}
                  className="mt-1 block w-full rounded-lg border border-slate-300 px-2 py-1.5 text-sm"
                >
                  <option value="">Choose your partner</option>
                  {partners
                    .filter((p) => !elsewhere.has(p.userId))
                    .map((p) => (
                      <option key={p.userId} value={p.userId}>
                        {p.displayName} {p.via === 'teammate' ? '(teammate)' : '(accepted your link)'}
                      </option>
                    ))}
                </select>
              </div>
            );
          })}
          <p className="mt-2 text-sm text-slate-600">
            {isPair
              ? 'Your partner joins too, choosing you: your team waits for opponents once you both have.'
              : 'Your partners join too, each choosing the rest of the team: your team waits for opponents once all have.'}
          </p>
          {partners.length < partnerIds.length ? (
            <p className="mt-2 text-sm text-slate-600">
              A {FORMATS[formatId].name} team needs {partnerIds.length} partners: send a partner link to another.
            </p>
          ) : null}
        </>
      ) : (
        <p className="text-sm text-slate-600">
          {choices.isPending
            ? 'Loading your partners…'
            : 'Pick a teammate, or send a partner link to someone you want to debate with.'}
        </p>
      )}
      <button
        type="button"
        className={buttonClass('secondary', 'mt-3')}
        disabled={makeLink.isPending}
        onClick={() => makeLink.mutate()}
      >
        Create a partner link
      </button>
      {linkUrl ? (
        <ChallengeLink
          id={`${idPrefix}-partner-link`}
          url={linkUrl}
          label="Send this link to your partner (it works once, for 24 hours)"
        />
      ) : null}
    </div>
  );
}

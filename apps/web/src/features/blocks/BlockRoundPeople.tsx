import type { TDebateParticipant } from '@resolved/shared';
import { BlockButton } from './BlockButton';
import { useBlockedIds } from './blocks-queries';

/**
 * "Block …" for the other people of a round (its debaters and judge, not the viewer): in the room, during or after
 * the round, and on its replay. Someone already blocked is said so instead.
 */
export function BlockRoundPeople({
  people,
  viewerId,
  onBlocked,
}: {
  people: (TDebateParticipant | null)[];
  viewerId: string | undefined;
  onBlocked?: () => void;
}) {
  const blocked = useBlockedIds(!!viewerId);
  const others = people.filter((p): p is TDebateParticipant => !!p && p.userId !== viewerId);
  if (!viewerId || others.length === 0) return null;
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600" data-testid="round-block">
      {others.map((p) =>
        blocked.has(p.userId) ? (
          <span key={p.userId}>You blocked {p.displayName}.</span>
        ) : (
          <BlockButton key={p.userId} userId={p.userId} displayName={p.displayName} isNamed onBlocked={onBlocked} />
        ),
      )}
    </p>
  );
}

import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TTournamentBpRoom } from '@resolved/shared';
import { errorMessage } from '../../lib/form-errors';
import { toast } from '../../lib/toast';
import { FormAlert } from '../../ui/FormAlert';
import { buttonClass } from '../../ui/button-styles';
import { ChairChangeForm } from './ChairChangeForm';
import { changeBpRoom } from './tournament-host-queries';
import { refreshTournament } from './tournaments-queries';

/**
 * A host's "Change chair" for a British Parliamentary room before its debate starts (a chair who never came, and no
 * standby to take the seat): the server refuses once the clock has run, or a judge the release's rules keep out, and
 * the page says why. The teams' positions are the draw's: a host re-pairs the round instead.
 */
export function BpRoomHostControls({ tournamentId, room }: { tournamentId: number; room: TTournamentBpRoom }) {
  const queryClient = useQueryClient();
  const [isOpen, setIsOpen] = useState(false);
  const [error, setError] = useState<string>();
  const change = useMutation({
    mutationFn: (judgeId: string | null) => changeBpRoom(tournamentId, room.id, { judgeId }),
    onSuccess: () => {
      setError(undefined);
      setIsOpen(false);
      void refreshTournament(queryClient, tournamentId);
      toast.success('The chair is changed.');
    },
    onError: (caught) => setError(errorMessage(caught)),
  });
  if (room.debateId === null || room.debateStatus !== 'live') return null;
  return (
    <div className="mt-2 w-full">
      <button
        type="button"
        className={buttonClass('secondary', 'px-3 py-1.5 text-sm')}
        aria-expanded={isOpen}
        onClick={() => setIsOpen(!isOpen)}
      >
        Change chair
      </button>
      {isOpen ? (
        <ChairChangeForm
          tournamentId={tournamentId}
          current={room.panel[0]?.userId ?? null}
          hasPanel={room.panel.length > 1}
          isPending={change.isPending}
          onSeat={(judgeId) => change.mutate(judgeId)}
        />
      ) : null}
      {error ? <FormAlert className="mt-2">{error}</FormAlert> : null}
    </div>
  );
}

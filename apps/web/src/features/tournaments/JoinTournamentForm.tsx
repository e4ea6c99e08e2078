import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '../../lib/toast';
import { JoinCodeForm } from '../../ui/JoinCodeForm';
import { joinByCode, tournamentKeys } from './tournaments-queries';

/** "Join with a code": the tournament code the host shared. It enters at once and opens the tournament. */
export function JoinTournamentForm() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <JoinCodeForm
      label="Tournament code"
      name="tournament-code"
      hint="The code the host shared, like ABCDE-FGHJK."
      submitLabel="Enter tournament"
      join={joinByCode}
      onJoined={({ tournament }) => {
        void queryClient.invalidateQueries({ queryKey: tournamentKeys.all });
        toast.success(`You entered ${tournament.name}.`);
        void navigate(`/tournaments/${tournament.id}`);
      }}
    />
  );
}

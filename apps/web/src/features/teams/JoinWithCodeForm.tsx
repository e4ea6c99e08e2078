import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '../../lib/toast';
import { JoinCodeForm } from '../../ui/JoinCodeForm';
import { joinedMessage, joinTeam, teamKeys } from './teams-queries';

/**
 * "Join with a code": the code a coach read out. It joins at once and opens the team; a code that is not valid, or
 * whose team switched joining off, says so under the field.
 */
export function JoinWithCodeForm({ headingLevel = 'h2' }: { headingLevel?: 'h2' | 'h3' }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <JoinCodeForm
      headingLevel={headingLevel}
      label="Team code"
      name="team-code"
      hint="The code your coach read out or wrote up, like ABCDE-FGHJK."
      submitLabel="Join team"
      join={joinTeam}
      onJoined={(joined) => {
        void queryClient.invalidateQueries({ queryKey: teamKeys.all });
        toast.success(joinedMessage(joined));
        void navigate(`/teams/${joined.teamId}`);
      }}
    />
  );
}

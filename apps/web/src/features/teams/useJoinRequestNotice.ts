import { useQueryClient } from '@tanstack/react-query';
import { useSocketEvent } from '../../lib/socket';
import { toast } from '../../lib/toast';
import { teamKeys } from './teams-queries';

/**
 * For a coach, on every page: someone asked to join one of their teams (`team.join_requested`). A toast
 * says who; the team page's roster follows by itself (`team.changed`).
 */
export function useJoinRequestNotice() {
  const client = useQueryClient();
  useSocketEvent('team.join_requested', ({ teamId, teamName, displayName }) => {
    void client.invalidateQueries({ queryKey: teamKeys.team(teamId) });
    toast.info(`${displayName} asked to join ${teamName}: approve or decline them on the team page.`);
  });
}

import { Link } from 'react-router';
import { Users } from 'lucide-react';
import { teamManagedRefusal, type TTeamManagedDoor } from '@resolved/shared';
import { buttonClass } from '../../ui/button-styles';

/**
 * What an account limited to its teams finds at a page it may not use, opened by its address: why,
 * in the words the server's refusal uses, and the way to its teams, where its coach pairs its rounds.
 */
export function TeamOnlyNotice({ door, testId }: { door: TTeamManagedDoor; testId?: string }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4">
      <p role="status" className="text-slate-700" data-testid={testId}>
        {teamManagedRefusal({ isTeamManaged: true }, door)?.message}
      </p>
      <Link to="/teams" className={buttonClass('primary', 'mt-4')}>
        <Users className="h-4 w-4" aria-hidden="true" />
        Your teams
      </Link>
    </div>
  );
}

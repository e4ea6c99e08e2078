import { useId } from 'react';
import { Link } from 'react-router';
import { Swords } from 'lucide-react';
import { teamManagedRefusal } from '@resolved/shared';
import { Card } from '../../../ui/Card';
import { buttonClass } from '../../../ui/button-styles';

/** What an account limited to its teams finds where the queue would be: why, and where its rounds are. */
export function TeamRoundsOnlyCard() {
  const headingId = useId();
  return (
    <Card as="section" className="p-6" aria-labelledby={headingId}>
      <h2 id={headingId} className="flex items-center gap-2 text-xl font-bold text-slate-900">
        <Swords className="h-5 w-5 text-brand-700" aria-hidden="true" />
        Your team’s rounds
      </h2>
      <p className="mt-2 text-slate-600" data-testid="team-rounds-only">
        {teamManagedRefusal({ isTeamManaged: true }, 'queue')?.message}
      </p>
      <Link to="/teams" className={buttonClass('primary', 'mt-4')}>
        Your teams
      </Link>
    </Card>
  );
}

/** Where the queue would be, for a visitor: sign in first. */
export function SignedOutCard() {
  const headingId = useId();
  return (
    <Card as="section" className="p-6" aria-labelledby={headingId}>
      <h2 id={headingId} className="text-xl font-bold text-slate-900">
        Debate a random opponent
      </h2>
      <p className="mt-2 text-slate-600">Sign in to be matched with another debater on today’s resolution.</p>
      <Link to="/login" className={buttonClass('primary', 'mt-4')}>
        Sign in to debate
      </Link>
    </Card>
  );
}

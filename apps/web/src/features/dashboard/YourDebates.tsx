import { Link } from 'react-router';
import { FindOpponentCard } from '../debates/queue/FindOpponentCard';
import { PracticeCard } from '../teams/PracticeCard';
import { DebateRecordCard } from './DebateRecordCard';

/** Where the welcome banner's "Start a debate" leads: the Find an opponent card below. */
export const FIND_OPPONENT_ANCHOR = 'find-opponent';

/**
 * The dashboard's one place for the debater's own debating, near the top: their record, ratings and rating
 * chart, and recent rounds; finding an opponent; the rounds their coaches paired. Everything the spec's own sections
 * (Performance Analytics and the rest) do not show, shown once.
 */
export function YourDebates() {
  return (
    <section aria-labelledby="your-debates" className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="your-debates" className="text-xl font-bold text-slate-900">
          Your debates
        </h2>
        {/* To the Debates page's "Your progress": the ballots' reasons for decision, as a coach sees them. */}
        <Link
          to="/debates#your-progress"
          className="text-sm font-semibold text-brand-700 underline-offset-2 hover:underline"
        >
          History and ballots
        </Link>
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <DebateRecordCard />
        <div className="min-w-0 space-y-6">
          <div
            id={FIND_OPPONENT_ANCHOR}
            tabIndex={-1}
            className="scroll-mt-32 rounded-2xl outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2"
          >
            <FindOpponentCard />
          </div>
          <PracticeCard />
        </div>
      </div>
    </section>
  );
}

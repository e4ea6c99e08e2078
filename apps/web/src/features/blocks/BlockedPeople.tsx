import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Card } from '../../ui/Card';
import { profilePath } from '../users/users-queries';
import { blocksQuery, useBlockedIds } from './blocks-queries';
import { BlockButton } from './BlockButton';

/** Settings' block list: everyone the viewer blocked, newest first, each with Unblock. */
export function BlockedPeople() {
  useBlockedIds();
  const { data: blocks, isPending, isError } = useQuery(blocksQuery());
  return (
    <Card as="section" className="p-6" aria-labelledby="settings-blocked">
      <h2 id="settings-blocked" className="mb-2 text-lg font-bold text-slate-900">
        Blocked people
      </h2>
      <p className="mb-4 text-sm text-slate-700">
        You are never matched with someone you blocked; they cannot judge, watch or share evidence in your rounds, and
        you do not see their messages in the community chat.
      </p>
      {isPending ? (
        <p className="text-sm text-slate-600">Loading…</p>
      ) : isError ? (
        <p className="text-sm text-red-700">Your block list could not be loaded. Reload the page to try again.</p>
      ) : blocks.length === 0 ? (
        <p className="text-sm text-slate-600" data-testid="blocked-empty">
          You have not blocked anyone.
        </p>
      ) : (
        <ul className="divide-y divide-slate-200" data-testid="blocked-list">
          {blocks.map((b) => (
            <li key={b.userId} className="flex items-center justify-between gap-3 py-2">
              <Link to={profilePath(b.userId)} className="truncate font-medium text-brand-700 hover:underline">
                {b.displayName}
              </Link>
              <BlockButton userId={b.userId} displayName={b.displayName} isBlocked />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

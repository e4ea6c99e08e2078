import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { scoreChangeAuthor } from '@resolved/shared';
import { PageHeading } from '../../shell/PageHeading';
import { PageLoading } from '../../shell/PageLoading';
import { Card } from '../../ui/Card';
import { buttonClass } from '../../ui/button-styles';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { useAuth } from '../auth/useAuth';
import { MotionBank } from './MotionBank';
import { ChatLockSwitch } from './ChatLockSwitch';
import { adminUsersQuery, contactRequestsQuery, scoreChangesQuery } from './admin-queries';
import { AgeCell, RoleSelect, ScoreInput } from './AdminUserCells';

/** A table cell that stacks as a labelled row on phones (its label from `data-label`). */
const STACKED_CELL =
  'flex items-center justify-between gap-4 px-4 py-1.5 before:font-semibold before:text-slate-600 before:content-[attr(data-label)] sm:table-cell sm:py-3 sm:before:content-none';

function formatWhen(iso: string) {
  return new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

function ScoreLedger() {
  const ledger = useQuery(scoreChangesQuery);
  if (ledger.isPending) return <PageLoading label="Loading score changes…" />;
  if (ledger.isError) return <p className="text-slate-700">Score changes could not be loaded.</p>;
  if (ledger.data.changes.length === 0) return <p className="text-slate-700">No score changes yet.</p>;
  return (
    <ul className="divide-y divide-slate-100" data-testid="score-ledger">
      {ledger.data.changes.map((c) => (
        <li key={c.id} className="py-3 text-sm text-slate-800">
          <span className="font-semibold">{c.userDisplayName}</span>: {c.oldScore} → {c.newScore}{' '}
          <span className="text-slate-600">
            by {scoreChangeAuthor(c)} on {formatWhen(c.createdAt)} — {c.reason}
          </span>
        </li>
      ))}
    </ul>
  );
}

function ContactRequests() {
  const requests = useQuery(contactRequestsQuery);
  if (requests.isPending) return <PageLoading label="Loading contact requests…" />;
  if (requests.isError) return <p className="text-slate-700">Contact requests could not be loaded.</p>;
  if (requests.data.requests.length === 0) return <p className="text-slate-700">No contact requests yet.</p>;
  return (
    <ul className="divide-y divide-slate-100">
      {requests.data.requests.map((r) => (
        <li key={r.id} className="py-3 text-sm text-slate-800">
          <p>
            <span className="font-semibold">{r.name}</span> <span className="text-slate-600">({r.email})</span> ·{' '}
            <span className="text-slate-600">{formatWhen(r.createdAt)}</span>
          </p>
          <p className="mt-1 whitespace-pre-wrap">{r.message}</p>
        </li>
      ))}
    </ul>
  );
}

/**
 * Admin dashboard (spec §2): set any user's score (saved on blur), roles, the chat's switch, the motion bank, the
 * ledger, contact requests.
 */
export default function AdminDashboardPage() {
  useDocumentTitle('Admin Dashboard');
  const { user: me } = useAuth();
  const users = useInfiniteQuery(adminUsersQuery);

  return (
    <div className="space-y-8">
      <PageHeading title="Admin Dashboard" lead="Manage User Scores" />
      {users.isPending ? (
        <PageLoading label="Loading users…" />
      ) : users.isError ? (
        <p role="alert" className="text-slate-700">
          Users could not be loaded. Please refresh the page.
        </p>
      ) : (
        <Card className="overflow-hidden">
          {/* Below `sm` each row becomes a stacked card (labels from data-label) so Update stays in view. */}
          <table className="block w-full text-left text-sm sm:table">
            <caption className="sr-only">Users and their scores</caption>
            <thead className="hidden bg-slate-50 text-slate-700 sm:table-header-group">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Name
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Email
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Score
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Update
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Role
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Age and judging
                </th>
              </tr>
            </thead>
            <tbody className="block divide-y divide-slate-100 sm:table-row-group">
              {users.data.pages
                .flatMap((page) => page.users)
                .map((u) => (
                  <tr key={u.id} data-testid="admin-user-row" className="block py-2 sm:table-row sm:py-0">
                    <td data-label="Name" className={`${STACKED_CELL} font-medium text-slate-900`}>
                      {u.displayName}
                    </td>
                    <td data-label="Email" className={`${STACKED_CELL} break-all text-slate-700`}>
                      {u.email}
                    </td>
                    <td data-label="Score" className={`${STACKED_CELL} tabular-nums text-slate-900`}>
                      {u.score}
                    </td>
                    <td data-label="Update" className={STACKED_CELL}>
                      <ScoreInput user={u} />
                    </td>
                    <td data-label="Role" className={STACKED_CELL}>
                      <RoleSelect user={u} isSelf={u.id === me?.id} />
                    </td>
                    <td data-label="Age and judging" className={STACKED_CELL}>
                      <AgeCell user={u} />
                    </td>
                  </tr>
                ))}
            </tbody>
          </table>
          {users.hasNextPage ? (
            <div className="p-4 text-center">
              <button
                type="button"
                onClick={() => void users.fetchNextPage()}
                disabled={users.isFetchingNextPage}
                className={buttonClass('secondary')}
              >
                {users.isFetchingNextPage ? 'Loading…' : 'Load more'}
              </button>
            </div>
          ) : null}
        </Card>
      )}
      <Card as="section" className="p-6" aria-labelledby="chat-lock-heading">
        <h2 id="chat-lock-heading" className="mb-3 text-lg font-bold text-slate-900">
          Community chat
        </h2>
        <ChatLockSwitch />
      </Card>
      <Card as="section" className="p-6" aria-labelledby="motions-heading">
        <h2 id="motions-heading" className="mb-3 text-lg font-bold text-slate-900">
          Motion bank
        </h2>
        <MotionBank />
      </Card>
      <Card as="section" className="p-6" aria-labelledby="ledger-heading">
        <h2 id="ledger-heading" className="mb-3 text-lg font-bold text-slate-900">
          Score changes
        </h2>
        <ScoreLedger />
      </Card>
      <Card as="section" className="p-6" aria-labelledby="contact-heading">
        <h2 id="contact-heading" className="mb-3 text-lg font-bold text-slate-900">
          Contact requests
        </h2>
        <ContactRequests />
      </Card>
    </div>
  );
}

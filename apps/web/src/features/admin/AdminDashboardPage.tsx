import { useState, type FocusEvent } from 'react';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  formatBirthMonth,
  scoreChangeAuthor,
  ROLES,
  parseScoreInput,
  ZBirthMonth,
  type TAdminUser,
  type TRole,
} from '@resolved/shared';
import { toast } from '../../lib/toast';
import { PageHeading } from '../../shell/PageHeading';
import { PageLoading } from '../../shell/PageLoading';
import { Card } from '../../ui/Card';
import { buttonClass } from '../../ui/button-styles';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { useAuth } from '../auth/useAuth';
import { MotionBank } from './MotionBank';
import { ChatLockSwitch } from './ChatLockSwitch';
import { leaderboardKey } from '../leaderboard/leaderboard-queries';
import {
  adminUsersKey,
  adminUsersQuery,
  contactRequestsQuery,
  scoreChangesKey,
  scoreChangesQuery,
  setUserBirthMonth,
  setUserRole,
  setUserScore,
  setUserVerifiedJudge,
} from './admin-queries';
import { errorMessage } from '../../lib/form-errors';

/** A table cell that stacks as a labelled row on phones (its label from `data-label`). */
const STACKED_CELL =
  'flex items-center justify-between gap-4 px-4 py-1.5 before:font-semibold before:text-slate-600 before:content-[attr(data-label)] sm:table-cell sm:py-3 sm:before:content-none';

function formatWhen(iso: string) {
  return new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

function ScoreInput({ user }: { user: TAdminUser }) {
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (score: number) => setUserScore(user.id, score),
    onSuccess: async ({ user: updated }) => {
      toast.success(`Score for ${updated.displayName} saved: ${updated.score}.`);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminUsersKey }),
        queryClient.invalidateQueries({ queryKey: scoreChangesKey }),
        queryClient.invalidateQueries({ queryKey: leaderboardKey }),
      ]);
    },
    onError: (err) => toast.error(errorMessage(err, 'The score could not be saved.')),
  });

  /** Spec §5: the value is parsed as an integer and saved when the input loses focus. */
  function handleBlur(event: FocusEvent<HTMLInputElement>) {
    const raw = event.currentTarget.value;
    const score = parseScoreInput(raw);
    if (score === null) {
      setError('Enter a whole number, such as 25. Nothing was saved.');
      return;
    }
    setError(null);
    if (score !== user.score) save.mutate(score);
  }

  const errorId = `score-error-${user.id}`;
  return (
    <div>
      <input
        type="number"
        step={1}
        inputMode="numeric"
        defaultValue={user.score}
        key={user.score}
        onBlur={handleBlur}
        aria-label={`Score for ${user.displayName}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        disabled={save.isPending}
        className={`w-28 rounded-lg border px-3 py-1.5 text-slate-900 focus:outline-none focus:ring-4 ${
          error ? 'border-red-400 focus:ring-red-100' : 'border-slate-300 focus:border-brand-500 focus:ring-brand-100'
        }`}
      />
      {error ? (
        <p id={errorId} role="alert" className="mt-1 max-w-48 text-xs font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function RoleSelect({ user, isSelf }: { user: TAdminUser; isSelf: boolean }) {
  const queryClient = useQueryClient();
  const { refresh } = useAuth();
  const change = useMutation({
    mutationFn: (role: TRole) => setUserRole(user.id, role),
    onSuccess: async ({ user: updated }) => {
      toast.success(`${updated.displayName} is now ${updated.role}.`);
      await queryClient.invalidateQueries({ queryKey: adminUsersKey });
      if (isSelf) await refresh();
    },
    onError: async (err) => {
      toast.error(errorMessage(err, 'The role could not be changed.'));
      await queryClient.invalidateQueries({ queryKey: adminUsersKey });
    },
  });
  return (
    <select
      aria-label={`Role for ${user.displayName}`}
      value={user.role}
      disabled={change.isPending}
      onChange={(event) => change.mutate(event.target.value as TRole)}
      className="rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-slate-900"
    >
      {ROLES.map((role) => (
        <option key={role} value={role}>
          {role}
        </option>
      ))}
    </select>
  );
}

/**
 * Issue 24: the month of birth (admins alone see it besides the account) — changed here once set, saved when the
 * field loses focus — and verified judge. Both are logged with the admin actions.
 */
function AgeCell({ user }: { user: TAdminUser }) {
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const saveMonth = useMutation({
    mutationFn: (birthMonth: string) => setUserBirthMonth(user.id, birthMonth),
    onSuccess: async ({ user: updated }) => {
      toast.success(`Month of birth for ${updated.displayName} saved.`);
      await queryClient.invalidateQueries({ queryKey: adminUsersKey });
    },
    onError: (err) => toast.error(errorMessage(err, 'The month of birth could not be saved.')),
  });
  const judge = useMutation({
    mutationFn: (isVerifiedJudge: boolean) => setUserVerifiedJudge(user.id, isVerifiedJudge),
    onSuccess: async (_result, isVerifiedJudge) => {
      toast.success(
        isVerifiedJudge
          ? `${user.displayName} is now a verified judge.`
          : `${user.displayName} is no longer a verified judge.`,
      );
      await queryClient.invalidateQueries({ queryKey: adminUsersKey });
    },
    onError: async (err) => {
      toast.error(errorMessage(err, 'Verified judge could not be changed.'));
      await queryClient.invalidateQueries({ queryKey: adminUsersKey });
    },
  });

  function handleBlur(event: FocusEvent<HTMLInputElement>) {
    const raw = event.currentTarget.value;
    if (raw === (user.birthMonth ?? '')) return setError(null);
    const parsed = ZBirthMonth.safeParse(raw);
    if (!parsed.success) {
      setError(`${parsed.error.issues[0]?.message ?? 'Enter a month and year.'} Nothing was saved.`);
      return;
    }
    setError(null);
    saveMonth.mutate(parsed.data);
  }

  const errorId = `birth-month-error-${user.id}`;
  return (
    <div className="space-y-1.5">
      <input
        type="month"
        defaultValue={user.birthMonth ?? ''}
        key={user.birthMonth ?? ''}
        onBlur={handleBlur}
        aria-label={`Month of birth for ${user.displayName}`}
        title={user.birthMonth ? formatBirthMonth(user.birthMonth) : 'Not given yet'}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        disabled={saveMonth.isPending}
        className="w-40 rounded-lg border border-slate-300 px-2 py-1.5 text-slate-900"
      />
      {error ? (
        <p id={errorId} role="alert" className="max-w-48 text-xs font-medium text-red-700">
          {error}
        </p>
      ) : null}
      <label className="flex items-center gap-2 text-slate-800">
        <input
          type="checkbox"
          // While the change is on its way the box shows it; the refreshed list confirms it (or puts it back).
          checked={judge.isPending ? judge.variables : user.isVerifiedJudge}
          disabled={judge.isPending}
          onChange={(event) => judge.mutate(event.target.checked)}
          aria-label={`Verified judge: ${user.displayName}`}
        />
        Verified judge
      </label>
      {user.isTeamManaged ? <p className="text-xs font-semibold text-slate-600">Team-managed</p> : null}
    </div>
  );
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

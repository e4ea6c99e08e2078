import { useState, type FocusEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { formatBirthMonth, ROLES, parseScoreInput, ZBirthMonth, type TAdminUser, type TRole } from '@resolved/shared';
import { toast } from '../../lib/toast';
import { useAuth } from '../auth/useAuth';
import { leaderboardKey } from '../leaderboard/leaderboard-queries';
import {
  adminUsersKey,
  scoreChangesKey,
  setUserBirthMonth,
  setUserRole,
  setUserScore,
  setUserVerifiedJudge,
} from './admin-queries';
import { errorMessage } from '../../lib/form-errors';

/** A user's score, saved when the field loses focus. */
export function ScoreInput({ user }: { user: TAdminUser }) {
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

export function RoleSelect({ user, isSelf }: { user: TAdminUser; isSelf: boolean }) {
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
 * The month of birth (admins alone see it besides the account) — changed here once set, saved when the
 * field loses focus — and verified judge. Both are logged with the admin actions.
 */
export function AgeCell({ user }: { user: TAdminUser }) {
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

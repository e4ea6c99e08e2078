import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { formatBirthMonth, LIMITS, ZDisplayName, ZPassword } from '@resolved/shared';
import { formErrors } from '../../lib/form-errors';
import { toast } from '../../lib/toast';
import { PageHeading } from '../../shell/PageHeading';
import { Card } from '../../ui/Card';
import { TextField } from '../../ui/TextField';
import { buttonClass } from '../../ui/button-styles';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { useAuth } from '../auth/useAuth';
import { getOwnBirthMonth } from '../auth/auth-queries';
import { changePassword, deleteAccount, updateDisplayName } from './settings-queries';
import { BlockedPeople } from '../blocks/BlockedPeople';
import { ParadigmSection } from './ParadigmSection';

/**
 * Account settings: display name (the sign-up rules), password (the current one required), the judge's paradigm,
 * the people blocked (with
 * Unblock), downloading one's own data (a plain link: the server sends it as an attachment), deleting the account.
 */
export default function SettingsPage() {
  useDocumentTitle('Account settings');
  const { user, refresh, signOut } = useAuth();
  const [name, setName] = useState(user?.displayName ?? '');
  const [nameError, setNameError] = useState<string>();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [passwordErrors, setPasswordErrors] = useState<{ current?: string; next?: string }>({});
  const [deletePassword, setDeletePassword] = useState('');
  const [deleteError, setDeleteError] = useState<string>();
  const [isBusy, setIsBusy] = useState(false);
  if (!user) return null;

  async function run(work: () => Promise<void>) {
    setIsBusy(true);
    try {
      await work();
    } finally {
      setIsBusy(false);
    }
  }

  function handleName(event: FormEvent) {
    event.preventDefault();
    const parsed = ZDisplayName.safeParse(name);
    if (!parsed.success) return setNameError(formErrors(parsed.error).form);
    setNameError(undefined);
    void run(async () => {
      try {
        await updateDisplayName(parsed.data);
        await refresh();
        setName(parsed.data);
        toast.success('Your name is saved.');
      } catch (error) {
        setNameError(formErrors(error).form);
      }
    });
  }

  function handlePassword(event: FormEvent) {
    event.preventDefault();
    const parsed = ZPassword.safeParse(next);
    const errors = {
      current: current ? undefined : 'Enter your current password.',
      next: parsed.success ? undefined : formErrors(parsed.error).form,
    };
    setPasswordErrors(errors);
    if (errors.current || errors.next) return;
    void run(async () => {
      try {
        await changePassword({ currentPassword: current, newPassword: next });
        setCurrent('');
        setNext('');
        toast.success('Password changed. Other devices were signed out.');
      } catch (error) {
        const { status, form } = formErrors(error);
        setPasswordErrors({
          current: status === 400 && /password/i.test(form) ? 'Your current password is not right.' : form,
        });
      }
    });
  }

  function handleDelete(event: FormEvent) {
    event.preventDefault();
    if (!deletePassword) return setDeleteError('Enter your password to delete your account.');
    if (!window.confirm('Delete your account for good? This cannot be undone.')) return;
    void run(async () => {
      try {
        await deleteAccount(deletePassword);
        // Signed out, this page's gate leads to the login page, where the toast says what happened.
        await signOut().catch(() => undefined);
        toast.success('Your account was deleted.');
      } catch (error) {
        const { status, form } = formErrors(error);
        setDeleteError(status === 400 ? 'That password is not right.' : form);
      }
    });
  }

  return (
    <>
      <PageHeading title="Account settings" lead={`Signed in as ${user.email}.`} />
      <div className="space-y-6">
        <Card as="section" className="p-6" aria-labelledby="settings-display-name">
          <h2 id="settings-display-name" className="mb-4 text-lg font-bold text-slate-900">
            Display name
          </h2>
          <form onSubmit={handleName} noValidate className="space-y-4">
            <TextField
              label="Full Name"
              name="name"
              value={name}
              onChange={setName}
              error={nameError}
              autoComplete="name"
              counterMax={LIMITS.displayName.max}
            />
            <button type="submit" className={buttonClass('primary')} disabled={isBusy}>
              Save name
            </button>
          </form>
        </Card>
        <Card as="section" className="p-6" aria-labelledby="settings-password">
          <h2 id="settings-password" className="mb-4 text-lg font-bold text-slate-900">
            Password
          </h2>
          <form onSubmit={handlePassword} noValidate className="space-y-4">
            <TextField
              label="Current password"
              name="current-password"
              type="password"
              value={current}
              onChange={setCurrent}
              autoComplete="current-password"
              error={passwordErrors.current}
            />
            <TextField
              label="New password"
              name="new-password"
              type="password"
              value={next}
              onChange={setNext}
              autoComplete="new-password"
              error={passwordErrors.next}
            />
            <button type="submit" className={buttonClass('primary')} disabled={isBusy}>
              Change password
            </button>
          </form>
        </Card>
        <BirthMonthSection />
        <ParadigmSection />
        <BlockedPeople />
        <Card as="section" className="p-6" aria-labelledby="settings-my-data">
          <h2 id="settings-my-data" className="mb-4 text-lg font-bold text-slate-900">
            My data
          </h2>
          <p className="mb-4 text-sm text-slate-700">
            One JSON file of your account, your rounds, ballots, flows, chat messages, the evidence you shared (names
            and sizes, not the files), the reports you filed and any moderation actions on your account. It holds
            nothing of other people’s private data.
          </p>
          <a href="/api/users/me/export" download className={buttonClass('secondary')}>
            Download my data
          </a>
        </Card>
        <Card as="section" className="p-6" aria-labelledby="settings-delete-account">
          <h2 id="settings-delete-account" className="mb-4 text-lg font-bold text-slate-900">
            Delete account
          </h2>
          <form onSubmit={handleDelete} noValidate className="space-y-4">
            <p className="text-sm text-slate-700">
              Deleting your account removes your sign-in, your points and score history, your chat messages and your
              debate rounds (your opponents’ copies of those rounds go too). Ballots you wrote as a judge stay with
              their rounds, without your name. This cannot be undone.
            </p>
            <TextField
              label="Password"
              name="delete-password"
              type="password"
              value={deletePassword}
              onChange={setDeletePassword}
              autoComplete="current-password"
              error={deleteError}
            />
            <button type="submit" className={buttonClass('danger')} disabled={isBusy}>
              Delete my account
            </button>
          </form>
        </Card>
      </div>
    </>
  );
}

/** The account's own month of birth, read-only (only an admin changes it once set); nobody else sees it. */
function BirthMonthSection() {
  const birthMonth = useQuery({ queryKey: ['users', 'me', 'birth-month'], queryFn: getOwnBirthMonth });
  return (
    <Card as="section" className="p-6" aria-labelledby="settings-birth-month">
      <h2 id="settings-birth-month" className="mb-4 text-lg font-bold text-slate-900">
        Month and year of birth
      </h2>
      <p className="text-slate-900" data-testid="settings-birth-month">
        {birthMonth.data?.birthMonth ? formatBirthMonth(birthMonth.data.birthMonth) : birthMonth.isPending ? '…' : '—'}
      </p>
      <p className="mt-2 text-sm text-slate-700">
        Only you and this site’s admins see it. To correct it, ask an admin.
      </p>
    </Card>
  );
}

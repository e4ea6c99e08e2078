import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ZPassword } from '@resolved/shared';
import { formErrors } from '../../lib/form-errors';
import { toast } from '../../lib/toast';
import { TextField } from '../../ui/TextField';
import { buttonClass } from '../../ui/button-styles';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { AuthCard } from './AuthCard';
import { resetPassword } from './auth-queries';

/** Where the e-mailed reset link lands (`?token=…`, or `?error=INVALID_TOKEN` when it expired or was used). */
export default function ResetPasswordPage() {
  useDocumentTitle('Set a new password');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [isBusy, setIsBusy] = useState(false);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = ZPassword.safeParse(password);
    if (!parsed.success) {
      setError(formErrors(parsed.error).form);
      return;
    }
    setError(undefined);
    setIsBusy(true);
    try {
      await resetPassword({ newPassword: password, token });
      toast.success('Password changed. Log in with your new password.');
      await navigate('/login');
    } catch (caught) {
      const { status, form } = formErrors(caught);
      toast.error(status === 400 ? 'This reset link has expired or was already used. Ask for a new one.' : form);
    } finally {
      setIsBusy(false);
    }
  }

  if (!token) {
    return (
      <AuthCard title="Set a new password" lead="This reset link has expired or was already used.">
        <p className="text-sm text-slate-700">
          <Link to="/forgot-password" className="font-semibold text-brand-700 underline-offset-2 hover:underline">
            Ask for a new link
          </Link>
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Set a new password" lead="Choose a new password for your account.">
      <form onSubmit={handleSubmit} noValidate className="space-y-5">
        <TextField
          label="New password"
          name="new-password"
          type="password"
          value={password}
          onChange={setPassword}
          autoComplete="new-password"
          error={error}
        />
        <button type="submit" disabled={isBusy} className={buttonClass('primary', 'w-full py-3')}>
          Save new password
        </button>
      </form>
    </AuthCard>
  );
}

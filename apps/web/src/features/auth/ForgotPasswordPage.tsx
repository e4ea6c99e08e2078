import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { formErrors } from '../../lib/form-errors';
import { toast } from '../../lib/toast';
import { TextField } from '../../ui/TextField';
import { buttonClass } from '../../ui/button-styles';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { AuthCard } from './AuthCard';
import { useAuthOptions } from './useAuthOptions';
import { requestPasswordReset } from './auth-queries';

/** "Forgot password?": asks for the reset e-mail. The answer never says whether an account uses the address. */
export default function ForgotPasswordPage() {
  useDocumentTitle('Forgot password');
  const options = useAuthOptions();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const [isBusy, setIsBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string>();

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const address = email.trim();
    if (!/^\S+@\S+\.\S+$/.test(address)) {
      setError('Enter a valid email address.');
      return;
    }
    setError(undefined);
    setIsBusy(true);
    try {
      await requestPasswordReset(address);
      setSentTo(address);
    } catch (caught) {
      toast.error(formErrors(caught).form);
    } finally {
      setIsBusy(false);
    }
  }

  if (options.data && !options.data.isMailConfigured) {
    return (
      <AuthCard title="Forgot password?" lead="This server does not send e-mail.">
        <p className="text-sm text-slate-700" data-testid="reset-unavailable">
          Password reset by e-mail is not set up here. Ask your coach or the site’s admin to help you back into your
          account.
        </p>
        <BackToLogin />
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Forgot password?" lead="We will e-mail you a link to set a new password.">
      {sentTo ? (
        <p role="status" className="rounded-xl bg-emerald-50 p-4 text-sm text-emerald-900" data-testid="reset-sent">
          If an account uses {sentTo}, a link to reset its password is on its way. It works for one hour.
        </p>
      ) : (
        <form onSubmit={handleSubmit} noValidate className="space-y-5">
          <TextField
            label="Email"
            name="email"
            type="email"
            value={email}
            onChange={setEmail}
            autoComplete="email"
            error={error}
          />
          <button type="submit" disabled={isBusy} className={buttonClass('primary', 'w-full py-3')}>
            Send reset link
          </button>
        </form>
      )}
      <BackToLogin />
    </AuthCard>
  );
}

function BackToLogin() {
  return (
    <p className="mt-6 text-center text-sm text-slate-700">
      <Link to="/login" className="font-semibold text-brand-700 underline-offset-2 hover:underline">
        Back to Login
      </Link>
    </p>
  );
}

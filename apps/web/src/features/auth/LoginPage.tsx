import { useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import type { TBanRefusalDetails } from '@resolved/shared';
import { ApiError } from '../../lib/api';
import { formErrors } from '../../lib/form-errors';
import { toast } from '../../lib/toast';
import { TextField } from '../../ui/TextField';
import { buttonClass } from '../../ui/button-styles';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { AuthCard, OrDivider } from './AuthCard';
import { GoogleButton } from './GoogleButton';
import { signInWithGooglePopup } from './google-popup';
import { useAuth } from './useAuth';
import { signInWithEmail } from './auth-queries';
import { BanAppeal } from './BanAppeal';

/**
 * Where to go after signing in: back to the page a gate sent the visitor from (a same-origin path),
 * otherwise /Dashboard (spec §4).
 */
function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && from.toLowerCase() !== '/login'
    ? from
    : '/Dashboard';
}

/** Login (spec §2, §5, §8): the distinct messages for each failure are the contract. */
export default function LoginPage() {
  useDocumentTitle('Login');
  const navigate = useNavigate();
  const location = useLocation();
  const { user, refresh } = useAuth();
  // Someone already signed in has nothing to do here: the dashboard. (Only when they arrive signed in, so that
  // signing in or up on this page still goes where the spec says.)
  const [wasSignedIn] = useState(() => user !== null);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [isBusy, setIsBusy] = useState(false);
  // A sign-in refused for a ban: the moderator's reason, and the way to appeal it once.
  const [ban, setBan] = useState<TBanRefusalDetails | null>(null);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (email.trim() === '' || password === '') {
      toast.warn('Please enter email and password');
      return;
    }
    setIsBusy(true);
    try {
      await signInWithEmail({ email: email.trim(), password });
      await refresh();
      navigate(returnPath(location.state));
    } catch (error) {
      const { code, form } = formErrors(error);
      if (code === 'not_found') toast.error('User not found. Please sign up.');
      else if (code === 'unauthenticated') toast.error('Incorrect password.');
      else if (code === 'rate_limited') toast.error(form);
      // A banned account: the server's words ("This account has been banned."), not a generic failure.
      else if (code === 'forbidden') {
        toast.error(form);
        if (error instanceof ApiError && error.reason === 'account_banned' && error.details) {
          setBan(error.details as TBanRefusalDetails);
        }
      } else {
        console.error('Login failed', error);
        toast.error('Login failed. Please try again.');
      }
    } finally {
      setIsBusy(false);
    }
  }

  async function handleGoogle() {
    setIsBusy(true);
    const outcome = await signInWithGooglePopup('login');
    setIsBusy(false);
    switch (outcome.kind) {
      case 'existing':
      case 'new':
        await refresh();
        navigate(returnPath(location.state));
        return;
      case 'no-account':
        window.alert('User not found. Please sign up first.');
        return;
      case 'banned':
        // As a refused password sign-in: the server's words, the moderator's reason and the appeal form.
        toast.error('This account has been banned.');
        setBan(outcome.details);
        return;
      case 'blocked':
        toast.error('Popup blocked. Please allow popups for this site.');
        return;
      case 'unauthorized-domain':
        toast.error('This domain is not authorized. Please contact support.');
        return;
      default:
        if (outcome.kind === 'error') console.error('Google login failed', outcome.message);
        toast.error('Google login failed. Please try again.');
    }
  }

  if (wasSignedIn) return <Navigate to="/Dashboard" replace />;

  return (
    <AuthCard title="Login" lead="Welcome back. Sign in to see your dashboard, points and rank.">
      <form onSubmit={handleSubmit} noValidate className="space-y-5">
        <TextField label="Email" name="email" type="email" value={email} onChange={setEmail} autoComplete="email" />
        <TextField
          label="Password"
          name="password"
          type="password"
          value={password}
          onChange={setPassword}
          autoComplete="current-password"
        />
        <p className="-mt-2 text-right text-sm">
          <Link to="/forgot-password" className="font-semibold text-brand-700 underline-offset-2 hover:underline">
            Forgot password?
          </Link>
        </p>
        <button type="submit" disabled={isBusy} className={buttonClass('primary', 'w-full py-3')}>
          Login with Email
        </button>
      </form>
      {ban ? <BanAppeal details={ban} /> : null}
      <OrDivider />
      <GoogleButton label="Sign in with Google" onClick={handleGoogle} isBusy={isBusy} />
      <p className="mt-6 text-center text-sm text-slate-700">
        New here?{' '}
        <Link to="/signup" className="font-semibold text-brand-700 underline-offset-2 hover:underline">
          Create an account
        </Link>
      </p>
    </AuthCard>
  );
}

import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { ageBandOf, directSignUpRefusal, LIMITS, ZJoinCode, ZSignUpRequest } from '@resolved/shared';
import { ApiError } from '../../lib/api';
import { formErrors, type TFieldErrors } from '../../lib/form-errors';
import { toast } from '../../lib/toast';
import { TextField } from '../../ui/TextField';
import { buttonClass } from '../../ui/button-styles';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { AuthCard, OrDivider } from './AuthCard';
import { GoogleButton } from './GoogleButton';
import { signInWithGooglePopup } from './google-popup';
import { useAuth } from './useAuth';
import { signUpWithEmail } from './auth-queries';
import { BirthMonthField, birthMonthValue } from './BirthMonthField';

const SIGNUP_FIELDS = ['name', 'email', 'password', 'birthMonth'] as const;

/** The team join code of a join link (`/teams/join/:code`) that sent the visitor here, if one did. */
function joinCodeOf(path: string | null): string | undefined {
  const code = path ? /^\/teams\/join\/([^/?#]+)$/.exec(path)?.[1] : undefined;
  const parsed = ZJoinCode.safeParse(code ?? '');
  return parsed.success ? parsed.data : undefined;
}

/** Sign-up (spec §2, §8): email and password, or Google in a popup. */
export default function SignupPage() {
  useDocumentTitle('Sign Up');
  const navigate = useNavigate();
  // A page that sent the visitor here to sign up (a team's join link) is where they go back to; otherwise the spec's.
  const location = useLocation();
  const from = (location.state as { from?: unknown } | null)?.from;
  const backTo = typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : null;
  const { user, refresh } = useAuth();
  // Someone already signed in has nothing to do here: the dashboard. (Only when they arrive signed in, so that
  // signing in or up on this page still goes where the spec says.)
  const [wasSignedIn] = useState(() => user !== null);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [birthMonthPart, setBirthMonthPart] = useState('');
  const [birthYear, setBirthYear] = useState('');
  // From a team's join link: the account joins that team in the same step (and under 13 may sign up only this way).
  const joinCode = joinCodeOf(backTo);
  const [errors, setErrors] = useState<TFieldErrors<(typeof SIGNUP_FIELDS)[number]>>({});
  const [isBusy, setIsBusy] = useState(false);
  const timers = useRef<number[]>([]);
  useEffect(() => () => timers.current.forEach((id) => window.clearTimeout(id)), []);
  const later = (fn: () => void, ms: number) => timers.current.push(window.setTimeout(fn, ms));

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const birthMonth = birthMonthValue(birthMonthPart, birthYear);
    const parsed = ZSignUpRequest.safeParse({ name, email, password, birthMonth, ...(joinCode ? { joinCode } : {}) });
    if (!parsed.success) {
      const { fields } = formErrors(parsed.error, SIGNUP_FIELDS);
      if (fields.email && email.trim() === '') fields.email = 'Please enter your email.';
      setErrors(fields);
      return;
    }
    // Under 13 signs up only through a team's join link: said at once, nothing is sent.
    const tooYoung = directSignUpRefusal(ageBandOf(parsed.data.birthMonth), joinCode !== undefined);
    if (tooYoung) {
      setErrors({ birthMonth: tooYoung.message });
      return;
    }
    setErrors({});
    setIsBusy(true);
    try {
      await signUpWithEmail(parsed.data);
      toast.success('Account created successfully!');
      await refresh();
      // Through a join link the account is already on the team: its teams, not the join page again.
      navigate(joinCode ? '/teams' : (backTo ?? '/'));
    } catch (error) {
      const { code, form, fields } = formErrors(error, SIGNUP_FIELDS);
      if (error instanceof ApiError && (error.reason === 'under_13' || fields.birthMonth)) {
        setErrors({ birthMonth: fields.birthMonth ?? form });
      } else if (
        error instanceof ApiError &&
        (error.status === 403 || error.reason === 'team_full' || error.reason === 'team_no_coach')
      ) {
        toast.error(form);
      } else if (code === 'conflict') {
        toast.info('This email is already registered. Redirecting to login...');
        later(() => navigate('/login', { state: location.state }), 3000);
      } else if (code === 'rate_limited' || code === 'validation_failed' || code === 'not_found') {
        toast.error(form);
      } else {
        console.error('Sign-up failed', error);
        toast.error('Signup failed. Try again.');
      }
    } finally {
      setIsBusy(false);
    }
  }

  async function handleGoogle() {
    setIsBusy(true);
    const outcome = await signInWithGooglePopup('signup');
    setIsBusy(false);
    switch (outcome.kind) {
      case 'new':
        toast.success('Account created successfully!');
        await refresh();
        later(() => navigate(backTo ?? '/dashboard'), 100);
        return;
      case 'existing':
        toast.info('Account already exists. Logging you in...');
        await refresh();
        later(() => navigate(backTo ?? '/dashboard'), 100);
        return;
      case 'closed':
        toast.error('Signup cancelled. Please try again.');
        return;
      case 'blocked':
        toast.error('Popup blocked. Please allow popups for this site.');
        return;
      case 'unauthorized-domain':
        toast.error('This domain is not authorized. Please contact support.');
        return;
      case 'banned':
        toast.error('This account has been banned. Log in with Google to see why and to appeal.');
        return;
      default:
        // Spec §8: other Google sign-up errors are only logged.
        console.error('Google sign-up failed', outcome);
    }
  }

  if (wasSignedIn) return <Navigate to="/Dashboard" replace />;

  return (
    <AuthCard title="Sign Up" lead="Create your account to join live debates, earn points and climb the leaderboard.">
      <form onSubmit={handleSubmit} noValidate className="space-y-5">
        <TextField
          label="Full Name"
          name="name"
          value={name}
          onChange={setName}
          autoComplete="name"
          error={errors.name}
          counterMax={LIMITS.displayName.max}
        />
        <TextField
          label="Email"
          name="email"
          type="email"
          value={email}
          onChange={setEmail}
          autoComplete="email"
          error={errors.email}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          value={password}
          onChange={setPassword}
          autoComplete="new-password"
          error={errors.password}
        />
        <BirthMonthField
          month={birthMonthPart}
          year={birthYear}
          onMonthChange={setBirthMonthPart}
          onYearChange={setBirthYear}
          error={errors.birthMonth}
        />
        <button type="submit" disabled={isBusy} className={buttonClass('primary', 'w-full py-3')}>
          Sign Up with Email
        </button>
      </form>
      <OrDivider />
      <GoogleButton label="Sign Up with Google" onClick={handleGoogle} isBusy={isBusy} />
      <p className="mt-6 text-center text-sm text-slate-700">
        Already have an account?{' '}
        <Link
          to="/login"
          state={location.state}
          className="font-semibold text-brand-700 underline-offset-2 hover:underline"
        >
          Login
        </Link>
      </p>
    </AuthCard>
  );
}

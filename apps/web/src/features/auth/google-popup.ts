/**
 * Google sign-in in a popup (spec §2, §8). The popup runs the whole OpenID Connect flow on our origin:
 * this window opens it at once (so the click is what opens it and popup blockers let it through), asks
 * the server for the provider URL, and sends the popup there. The provider returns to
 * `/api/auth/callback/google`, which sets the session cookie and redirects the popup to
 * `/oauth/done?result=…`; that page reports the outcome on a BroadcastChannel (and to `window.opener`
 * when the browser kept it) and closes.
 */
import type { TBanRefusalDetails } from '@resolved/shared';
import { ApiError } from '../../lib/api';
import { startGoogleSignIn } from './auth-queries';

export type TGoogleIntent = 'signup' | 'login';

export type TGoogleOutcome =
  | { kind: 'new' }
  | { kind: 'existing' }
  | { kind: 'closed' }
  | { kind: 'blocked' }
  | { kind: 'unauthorized-domain' }
  | { kind: 'no-account' }
  /** The account is banned: the moderator's reason and the appeal token, as a refused password sign-in answers. */
  | { kind: 'banned'; details: TBanRefusalDetails }
  | { kind: 'error'; message: string };

export const OAUTH_CHANNEL = 'resolved-oauth';
export const OAUTH_MESSAGE_TYPE = 'resolved:oauth-result';

export interface TOAuthResultMessage {
  type: typeof OAUTH_MESSAGE_TYPE;
  result: string;
  error: string | null;
  /** With `error: 'account_banned'`: what the server put in the landing page's fragment. */
  ban?: TBanRefusalDetails;
}

function isResultMessage(data: unknown): data is TOAuthResultMessage {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === OAUTH_MESSAGE_TYPE;
}

function toOutcome(message: TOAuthResultMessage): TGoogleOutcome {
  if (message.result === 'new') return { kind: 'new' };
  if (message.result === 'existing') return { kind: 'existing' };
  if (message.error === 'signup_disabled') return { kind: 'no-account' };
  if (message.error === 'account_banned') {
    return { kind: 'banned', details: message.ban ?? { reason: null, appealToken: null } };
  }
  return { kind: 'error', message: message.error ?? 'unknown_error' };
}

/** How long to wait for the popup's message after it reads as closed. */
const CLOSED_GRACE_MS = 1500;

const POPUP_FEATURES = 'popup=yes,width=520,height=680';

/** Opens the popup and resolves with what happened. Call it straight from the click handler. */
export function signInWithGooglePopup(intent: TGoogleIntent): Promise<TGoogleOutcome> {
  const popup = window.open('about:blank', 'resolved-google', POPUP_FEATURES);
  if (!popup) return Promise.resolve({ kind: 'blocked' });

  return new Promise<TGoogleOutcome>((resolve) => {
    let isSettled = false;
    const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(OAUTH_CHANNEL) : null;

    const settle = (outcome: TGoogleOutcome) => {
      if (isSettled) return;
      isSettled = true;
      window.clearInterval(closedTimer);
      window.removeEventListener('message', handleWindowMessage);
      channel?.close();
      if (!popup.closed && outcome.kind !== 'new' && outcome.kind !== 'existing') popup.close();
      resolve(outcome);
    };
    function handleWindowMessage(event: MessageEvent) {
      if (event.origin === window.location.origin && isResultMessage(event.data)) settle(toOutcome(event.data));
    }
    window.addEventListener('message', handleWindowMessage);
    if (channel) {
      channel.onmessage = (event: MessageEvent) => {
        if (isResultMessage(event.data)) settle(toOutcome(event.data));
      };
    }
    // Closed without a result: the person closed it. A result posted as the popup closes still wins: allow
    // it time to arrive (a browser may also report a popup closed while it changes origin).
    const closedTimer = window.setInterval(() => {
      if (!popup.closed) return;
      window.clearInterval(closedTimer);
      window.setTimeout(() => settle({ kind: 'closed' }), CLOSED_GRACE_MS);
    }, 300);

    const done = (result: string) => `/oauth/done?result=${result}`;
    startGoogleSignIn({
      callbackURL: done('existing'),
      newUserCallbackURL: done('new'),
      errorCallbackURL: done('error'),
      requestSignUp: intent === 'signup',
    })
      .then(({ url }) => {
        if (!url) throw new ApiError(500, 'no_url', 'No sign-in address was returned.');
        if (!isSettled) popup.location.href = url;
      })
      .catch((error: unknown) => {
        const isUntrustedOrigin = error instanceof ApiError && error.status === 403;
        settle(
          isUntrustedOrigin
            ? { kind: 'unauthorized-domain' }
            : { kind: 'error', message: error instanceof Error ? error.message : String(error) },
        );
      });
  });
}

import { useEffect } from 'react';
import { OAUTH_CHANNEL, OAUTH_MESSAGE_TYPE, type TOAuthResultMessage } from './google-popup';

/**
 * Where the Google popup lands after the provider (`/oauth/done?result=new|existing|error&error=…`, and for a banned
 * account `#reason=…&appealToken=…`): it tells the window that opened it and closes itself.
 */
export default function OAuthDonePage() {
  const params = new URLSearchParams(window.location.search);
  // A sign-in refused for a ban carries the reason and the appeal token in the fragment (never sent to a server).
  const fragment = new URLSearchParams(window.location.hash.slice(1));
  const message: TOAuthResultMessage = {
    type: OAUTH_MESSAGE_TYPE,
    result: params.get('result') ?? 'error',
    error: params.get('error'),
    ...(params.get('error') === 'account_banned'
      ? { ban: { reason: fragment.get('reason') || null, appealToken: fragment.get('appealToken') || null } }
      : {}),
  };

  useEffect(() => {
    if (typeof BroadcastChannel === 'function') {
      const channel = new BroadcastChannel(OAUTH_CHANNEL);
      channel.postMessage(message);
      channel.close();
    }
    window.opener?.postMessage(message, window.location.origin);
    const timer = window.setTimeout(() => window.close(), 150);
    return () => window.clearTimeout(timer);
    // The message is read once from the URL on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <main className="flex min-h-screen items-center justify-center p-6 text-center text-slate-700">
      <p role="status">
        {message.result === 'error'
          ? 'Sign-in did not complete. You can close this window.'
          : 'Signed in. You can close this window.'}
      </p>
    </main>
  );
}

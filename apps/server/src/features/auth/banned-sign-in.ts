/**
 * Which account a sign-in was refused for because of its ban, for the one door that cannot ask: better-auth's OAuth
 * callback (Google) answers a ban with a redirect that names nobody. better-auth's admin plugin reports the banned
 * account to `bannedUserMessage` (`auth.ts`), which notes it here for the call the route is watching; the route then
 * gives that account's browser what a refused password sign-in answers (the reason, an appeal token).
 *
 * The note is kept in an AsyncLocalStorage entered only around a watched call, and disabled when the last watched
 * call has settled: an enabled storage is an async hook on every promise of the process on Node 20 (see
 * `async-context.ts`).
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const storage = new AsyncLocalStorage<{ bannedUserId: string | null }>();
let watching = 0;

/** Runs `call` and says which account, if any, better-auth refused a session for because of its ban meanwhile. */
export async function watchBannedSignIn<T>(
  call: () => Promise<T>,
): Promise<{ result: T; bannedUserId: string | null }> {
  const note = { bannedUserId: null as string | null };
  watching += 1;
  try {
    const result = await storage.run(note, call);
    return { result, bannedUserId: note.bannedUserId };
  } finally {
    watching -= 1;
    if (watching === 0) storage.disable();
  }
}

/** Called by better-auth's ban refusal: notes the account for the watched call it happens in (if any). */
export function noteBannedSignIn(userId: string): void {
  const note = storage.getStore();
  if (note) note.bannedUserId = userId;
}

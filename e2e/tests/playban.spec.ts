/**
 * Behaviour limits: three rounds left or missed within a day bring a matchmaking cooldown, and the
 * Find an opponent card on the Debates page says how long it has left, in words.
 */
import { test, expect } from '../support/fixtures';
import { signInAs, uniqueEmail } from '../support/accounts';
import { bringForfeitWatchDue } from '../support/database';
import { BASE_URL } from '../support/env';
import { startChallengeRound, userIdOf } from '../support/rounds';
import { DebatePage } from '../pages/DebatePage';

test('three quick no-shows bring a cooldown whose time left the Debates page shows', async ({ browser }) => {
  const [hostCtx, strikerCtx] = await Promise.all([browser.newContext(), browser.newContext()]);
  await signInAs(hostCtx, uniqueEmail('playban-host'), 'Present Pat');
  await signInAs(strikerCtx, uniqueEmail('playban-striker'), 'Absent Abe');
  const strikerId = await userIdOf(strikerCtx);
  const host = await hostCtx.newPage();

  for (let round = 0; round < 3; round++) {
    // The striker accepts a challenge and never comes; the host waits in the room.
    const debateId = await startChallengeRound(hostCtx, strikerCtx);
    await host.goto(`/debates/${debateId}`);
    await expect(new DebatePage(host).clock).toBeVisible();
    bringForfeitWatchDue(debateId, strikerId);
    await expect
      .poll(async () => (await (await hostCtx.request.get(`/api/debates/${debateId}`)).json()).debate.status, {
        timeout: 10_000,
      })
      .toBe('forfeited');
  }

  // The queue refuses with the time left, and the card says it.
  const refused = await strikerCtx.request.post('/api/debates/queue', {
    headers: { origin: BASE_URL },
    data: { formatId: 'ld' },
  });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).error).toMatchObject({ reason: 'playban' });
  const page = await strikerCtx.newPage();
  await page.goto('/debates');
  const note = page.getByTestId('queue-cooldown');
  await expect(note).toContainText('You left or missed three rounds within a day');
  await expect(page.getByTestId('cooldown-left')).toHaveText(/^(9|10) minutes$/);
  await expect(page.getByRole('button', { name: 'Find an opponent' })).toBeDisabled();

  await Promise.all([hostCtx.close(), strikerCtx.close()]);
});

/**
 * One switch per thing. The switch under the video lets spectators see and hear the debaters, and
 * says only that; the evidence has its own switch. What a spectator receives matches the words.
 */
import { test, expect } from '../../support/fixtures';
import type { DebatePage } from '../../pages/DebatePage';
import { roundWithWatcher } from '../../support/rounds';
import { FAKE_MEDIA_LAUNCH } from '../../support/fake-media';
import { BASE_URL } from '../../support/env';

test.use({ launchOptions: FAKE_MEDIA_LAUNCH });

test('the watch switch gives spectators the call, and the evidence switch the evidence', async ({ browser }) => {
  test.setTimeout(150_000);
  const { debateId, contexts, host, friend, watcher } = await roundWithWatcher(browser, 'Switches');
  const hidden = watcher.page.getByTestId('evidence-hidden');
  const watchBox = (room: DebatePage) => room.page.getByLabel('Let spectators see and hear us');

  // A round of adults: both let spectators see and hear them, and the switch says only that.
  await expect(watchBox(host)).toBeChecked();
  await expect(host.page.getByText('see shared evidence')).toHaveCount(0);
  await expect(host.page.getByTestId('spectator-watch-state')).toHaveText(
    'Spectators see and hear the round. Evidence has its own switch, under Evidence.',
  );
  const shared = await host.page.request.post(`/api/debates/${debateId}/evidence/notes`, {
    headers: { origin: BASE_URL },
    data: { kind: 'text', text: 'Smith 2024: the card the watcher may not see yet.' },
  });
  expect(shared.ok(), await shared.text()).toBe(true);
  await expect(friend.evidenceList).toContainText('Smith 2024');

  // Watch on, evidence off: the watcher is in the call, with video from the debaters, but sees no evidence.
  await expect(watcher.rtcState).toHaveText('connected', { timeout: 60_000 });
  await expect(watcher.page.locator('video').first()).toBeVisible();
  await expect(hidden).toHaveText('The debaters keep this round’s evidence to the round.');
  await expect(watcher.page.getByTestId('evidence-item')).toHaveCount(0);
  const refused = await contexts[2]!.request.get(`/api/debates/${debateId}/evidence`);
  expect(refused.status()).toBe(403);

  // The evidence switch on: the watcher sees it, live.
  await friend.page.getByLabel('Spectators can see the evidence').check();
  await expect(watcher.evidenceList).toContainText('Smith 2024', { timeout: 15_000 });

  // Watch off (one debater): the call ends for the watcher, and so does the evidence, as both switches say.
  await watchBox(host).uncheck();
  await expect(host.page.getByTestId('evidence-visibility-state')).toContainText(
    'Spectators see it only while both debaters also let them see and hear the round',
  );
  await expect(watcher.page.getByTestId('media-note')).toBeVisible({ timeout: 15_000 });
  await expect(watcher.page.locator('video')).toHaveCount(0);
  await expect(hidden).toHaveText(
    'The debaters share the evidence with spectators, who see it while both debaters let them watch.',
  );
  await Promise.all(contexts.map((c) => c.close()));
});

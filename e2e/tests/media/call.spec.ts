/**
 * The round's call as people meet it: a spectator starts every video with one click, and a
 * debater who opens their round in a second window is told in the first, which can take the call back.
 */
import type { Browser, Page } from '@playwright/test';
import type { TDebate } from '@resolved/shared';
import { test, expect } from '../../support/fixtures';
import { signInAs, uniqueEmail } from '../../support/accounts';
import { liveChallengeRound, userIdOf } from '../../support/rounds';
import { FAKE_MEDIA_LAUNCH } from '../../support/fake-media';

test.use({ launchOptions: FAKE_MEDIA_LAUNCH });

/**
 * A browser's rule for sound, as a spectator who followed a link meets it: a video with sound plays only once the
 * page has had a click. (Headless Chromium driven by Playwright plays everything, whatever `--autoplay-policy`
 * says, and counts the page as activated from the start; so the page's `play()` applies the rule itself, counting
 * the person's own clicks and key presses.)
 */
async function blockSoundBeforeClick(page: Page) {
  await page.addInitScript(() => {
    let isActivated = false;
    for (const type of ['pointerdown', 'keydown']) {
      addEventListener(type, (event) => (isActivated ||= event.isTrusted), { capture: true });
    }
    const play = HTMLMediaElement.prototype.play;
    HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
      if (!this.muted && !isActivated) {
        return Promise.reject(new DOMException('play() failed because the user didn’t interact', 'NotAllowedError'));
      }
      return play.call(this);
    };
  });
}

const liveRound = (browser: Browser) => liveChallengeRound(browser, 'Call');

const callState = (page: Page) => page.getByTestId('rtc-state');

test('a spectator starts every video with one "Play sound and video"', async ({ browser }) => {
  test.setTimeout(90_000);
  const { hostCtx, friendCtx, debateId } = await liveRound(browser);
  const watcherCtx = await browser.newContext();
  await signInAs(watcherCtx, uniqueEmail('call-watcher'), 'Call Watcher');
  const [host, friend, watcher] = await Promise.all([hostCtx.newPage(), friendCtx.newPage(), watcherCtx.newPage()]);
  await blockSoundBeforeClick(watcher);
  for (const page of [host, friend, watcher]) await page.goto(`/debates/${debateId}`);
  await expect(callState(watcher)).toHaveText('connected', { timeout: 30_000 });

  const play = watcher.getByRole('button', { name: 'Play sound and video' });
  await expect(play).toHaveCount(1);
  const videos = watcher.locator('video');
  await expect(videos).toHaveCount(2);
  await play.click();
  await expect(play).toHaveCount(0);
  for (const video of await videos.all()) {
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused && v.currentTime > 0)).toBe(true);
  }
  await Promise.all([hostCtx.close(), friendCtx.close(), watcherCtx.close()]);
});

test('opening one’s round in a second window says so in the first, which can take the call back', async ({
  browser,
}) => {
  // Three windows negotiating calls beside the other call tests (two workers on two cores): generous budgets.
  test.setTimeout(240_000);
  const { hostCtx, friendCtx, debateId } = await liveRound(browser);
  // The second window is the answering side's (B): the opponent offers to it. It opens right after the call is up,
  // as a person switching windows does: its hello must not be taken for a repeat of the first window's.
  const { debate } = (await (await hostCtx.request.get(`/api/debates/${debateId}`)).json()) as { debate: TDebate };
  const [twoWindowsCtx, friendOfCtx] =
    debate.debaters.b.userId === (await userIdOf(hostCtx)) ? [hostCtx, friendCtx] : [friendCtx, hostCtx];
  const [first, friend] = await Promise.all([twoWindowsCtx.newPage(), friendOfCtx.newPage()]);
  for (const page of [first, friend]) await page.goto(`/debates/${debateId}`);
  await expect(callState(first)).toHaveText('connected', { timeout: 60_000 });

  const second = await twoWindowsCtx.newPage();
  await second.goto(`/debates/${debateId}`);
  const notice = first.getByTestId('opened-elsewhere');
  await expect(notice).toContainText('This round is open in another window');
  await expect(first.getByTestId('rtc-state')).toHaveCount(0);
  await expect(callState(second)).toHaveText('connected', { timeout: 60_000 });
  await expect(second.getByTestId('opened-elsewhere')).toHaveCount(0);

  await first.getByRole('button', { name: 'Use it here instead' }).click();
  await expect(notice).toHaveCount(0);
  await expect(second.getByTestId('opened-elsewhere')).toContainText('This round is open in another window');
  await expect(callState(first)).toHaveText('connected', { timeout: 60_000 });
  await expect(callState(friend)).toHaveText('connected', { timeout: 60_000 });
  await Promise.all([hostCtx.close(), friendCtx.close()]);
});

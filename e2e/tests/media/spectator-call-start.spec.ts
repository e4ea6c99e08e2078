/**
 * A spectator's call always starts (issue 42): the watch switch turned off and on twenty times in a row, in a round of
 * adults and in a round of two 15-year-olds, and each time the spectator's page plays video from both debaters within
 * 15 s, without a reload. Before the fix a rejoin started the spectator's call twice in a moment, a debater paired an
 * answer with the wrong offer, and about one start in seven stayed "Connecting" for a minute and more.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { test, expect } from '../../support/fixtures';
import { DebatePage, type TVideoState } from '../../pages/DebatePage';
import { birthMonthForAge, signInAs, uniqueEmail } from '../../support/accounts';
import { liveChallengeRound, startChallengeRound } from '../../support/rounds';
import { FAKE_MEDIA_LAUNCH } from '../../support/fake-media';

test.use({ launchOptions: FAKE_MEDIA_LAUNCH });

const ROUNDS = 20;
const CAMERAS = ['Affirmative camera', 'Negative camera'] as const;
const watchBox = (page: Page) => page.getByLabel('Let spectators see and hear us');

/** Every frame the page has decoded, over all its videos (none while it receives nothing). */
const framesOn = (page: Page) =>
  page
    .locator('video')
    .evaluateAll((videos: HTMLVideoElement[]) =>
      videos.reduce((sum, v) => sum + v.getVideoPlaybackQuality().totalVideoFrames, 0),
    );

/** The watcher plays video from both debaters, with frames arriving, within 15 s of the switch going on. */
async function expectBothDebatersWithin15s(watcher: DebatePage, round: number, everyone: Page[]) {
  try {
    await bothDebatersWithin15s(watcher, round);
  } catch (error) {
    const videos = await watcher.page
      .locator('video')
      .evaluateAll((vs: HTMLVideoElement[]) =>
        vs.map(
          (v) =>
            `${v.ariaLabel}:${v.paused ? 'paused' : 'unpaused'}:readyState ${v.readyState}:${v.videoWidth} px:${v.srcObject ? 'stream' : 'no stream'}`,
        ),
      );
    throw new Error(`${String(error)}\nthe pages show: ${await callTexts(everyone)}\nvideos: ${videos.join(' ')}`, {
      cause: error,
    });
  }
}

async function bothDebatersWithin15s(watcher: DebatePage, round: number) {
  const start = Date.now();
  const deadline = start + 15_000;
  const left = () => Math.max(1, deadline - Date.now());
  const trace: string[] = [];
  for (const label of CAMERAS) {
    // Read without waiting (`evaluateAll`): exactly one video with the label, playing frames. Each change of what is
    // seen goes into the trace, so a failure tells a call that came late from a reading that missed it.
    let seen = '';
    const plays = async () => {
      const states = await watcher.videoStates(label);
      const now = describeVideos(states);
      if (now !== seen) trace.push(`+${Date.now() - start} ms ${label}: ${now}`);
      seen = now;
      return states.length === 1 && states[0]!.isPlaying;
    };
    try {
      await expect
        .poll(plays, { timeout: left(), message: `round ${round}: ${label} plays on the watcher's page` })
        .toBe(true);
    } catch (error) {
      let later = 'still not playing 35 s after the switch';
      while (Date.now() - start < 35_000) {
        if (await plays()) {
          later = `played ${Date.now() - start} ms after the switch`;
          break;
        }
        await watcher.page.waitForTimeout(500);
      }
      throw new Error(`${String(error)}\nreadings: ${trace.join('; ')}\n${label} ${later}`, { cause: error });
    }
  }
  const before = await framesOn(watcher.page);
  await expect
    .poll(() => framesOn(watcher.page), { timeout: left(), message: `round ${round}: frames keep arriving` })
    .toBeGreaterThan(before + 3);
}

/** One camera's videos as read at a moment ("none", "2 videos", or the one video's state). */
function describeVideos(states: TVideoState[]): string {
  if (states.length !== 1) return states.length === 0 ? 'none' : `${states.length} videos`;
  const v = states[0]!;
  return v.isPlaying
    ? 'playing'
    : `not playing (${v.isPaused ? 'paused' : 'unpaused'}, readyState ${v.readyState}, ${v.width} px, ${v.hasStream ? 'a stream' : 'no stream'})`;
}

/** The pages' console warnings (a call signal that could not be handled), for a failure's message. */
const warnings: string[] = [];
function keepWarnings(pages: Page[]) {
  pages.forEach((page, i) =>
    page.on('console', (m) => {
      if (m.type() === 'warning') warnings.push(`${Date.now() % 100_000} p${i}: ${m.text().slice(0, 200)}`);
    }),
  );
}

/** What each page shows of the call (for a failure's message). */
async function callTexts(pages: Page[]): Promise<string> {
  const texts = await Promise.all(
    pages.map(async (page) => {
      const call = await page
        .getByTestId('rtc-state')
        .locator('..')
        .textContent()
        .catch(() => null);
      const tiles = await page
        .locator('figcaption')
        .allTextContents()
        .catch(() => []);
      return `${call ?? '(no call)'} [${tiles.join(' | ')}]`;
    }),
  );
  return `${texts.join(' ;; ')}\nwarnings: ${warnings.slice(-12).join(' / ')}`;
}

/** `switcher` turns watching off (the watcher's call ends) and on again (it must start again, every time). */
async function offAndOnAgain(switcher: Page, watcher: DebatePage, round: number, everyone: Page[]) {
  await watchBox(switcher).uncheck();
  await expect(watcher.page.getByTestId('media-note')).toBeVisible({ timeout: 15_000 });
  await expect(watcher.page.locator('video')).toHaveCount(0);
  await watchBox(switcher).check();
  await expectBothDebatersWithin15s(watcher, round, everyone);
}

/** The round's room open in each context, in order (a loaded machine may take a while to show it). */
async function roomsOf(contexts: BrowserContext[], debateId: number): Promise<[DebatePage, DebatePage, DebatePage]> {
  const rooms = (await Promise.all(contexts.map((c) => c.newPage()))).map((p) => new DebatePage(p));
  for (const room of rooms) await room.gotoRoom(debateId, { timeout: 60_000 });
  return rooms as [DebatePage, DebatePage, DebatePage];
}

function countLoads(page: Page) {
  const loads = { count: 0 };
  page.on('load', () => loads.count++);
  return loads;
}

test('a round of adults: watching off and on twenty times, the spectator sees both debaters each time', async ({
  browser,
}) => {
  test.setTimeout(ROUNDS * 40_000 + 120_000);
  const { hostCtx, friendCtx, debateId } = await liveChallengeRound(browser, 'Restart');
  const watcherCtx = await browser.newContext();
  await signInAs(watcherCtx, uniqueEmail('restart-watcher'), 'Restart Watcher');
  const contexts = [hostCtx, friendCtx, watcherCtx];
  const [host, friend, watcher] = await roomsOf(contexts, debateId);
  const loads = countLoads(watcher.page);
  keepWarnings([host.page, friend.page, watcher.page]);
  await expect(watcher.rtcState).toHaveText('connected', { timeout: 60_000 });
  await expectBothDebatersWithin15s(watcher, 0, [host.page, friend.page, watcher.page]);
  for (let round = 1; round <= ROUNDS; round++) {
    // Either debater may be the one who switches.
    await offAndOnAgain((round % 2 ? host : friend).page, watcher, round, [host.page, friend.page, watcher.page]);
  }
  await expect(watcher.rtcState).toHaveText('connected');
  expect(loads.count).toBe(0);
  await Promise.all(contexts.map((c) => c.close()));
});

test('two 15-year-olds: both allow, then watching off and on twenty times, the spectator sees both each time', async ({
  browser,
}) => {
  test.setTimeout(ROUNDS * 40_000 + 120_000);
  const contexts: BrowserContext[] = await Promise.all([
    browser.newContext(),
    browser.newContext(),
    browser.newContext(),
  ]);
  const [hostCtx, friendCtx, watcherCtx] = contexts as [BrowserContext, BrowserContext, BrowserContext];
  const fifteen = birthMonthForAge(15);
  await signInAs(hostCtx, uniqueEmail('restart-teen-host'), 'Restart Teen Host', fifteen);
  await signInAs(friendCtx, uniqueEmail('restart-teen-friend'), 'Restart Teen Friend', fifteen);
  await signInAs(watcherCtx, uniqueEmail('restart-teen-watcher'), 'Restart Adult Watcher', birthMonthForAge(30));
  const debateId = await startChallengeRound(hostCtx, friendCtx);
  const [host, friend, watcher] = await roomsOf(contexts, debateId);
  const loads = countLoads(watcher.page);
  keepWarnings([host.page, friend.page, watcher.page]);
  await expect(host.rtcState).toHaveText('connected', { timeout: 60_000 });
  await expect(watcher.page.getByTestId('media-note')).toContainText('A debater in this round is under 18');

  // Both tick the switch, the way the failures began.
  await watchBox(host.page).check();
  await watchBox(friend.page).check();
  await expectBothDebatersWithin15s(watcher, 0, [host.page, friend.page, watcher.page]);
  for (let round = 1; round <= ROUNDS; round++) {
    await offAndOnAgain((round % 2 ? host : friend).page, watcher, round, [host.page, friend.page, watcher.page]);
  }
  await expect(watcher.rtcState).toHaveText('connected');
  expect(loads.count).toBe(0);
  await Promise.all(contexts.map((c) => c.close()));
});

/**
 * Camera choice: a debater can be in the round with the camera off; the other sees a placeholder
 * with the name and "Camera off", not a frozen or black frame; turning it on shows video playing again; the choice is
 * remembered in the browser, so it survives a reload.
 */
import type { Page } from '@playwright/test';
import type { TRecording } from '@resolved/shared';
import { test, expect } from '../../support/fixtures';
import { signInAs, uniqueEmail } from '../../support/accounts';
import { BASE_URL } from '../../support/env';
import { liveChallengeRound, userIdOf } from '../../support/rounds';
import { FAKE_MEDIA_LAUNCH } from '../../support/fake-media';

test.use({ launchOptions: FAKE_MEDIA_LAUNCH });

const callState = (page: Page) => page.getByTestId('rtc-state');
const figureOf = (page: Page, label: string) =>
  page.locator('figure').filter({ has: page.getByLabel(label, { exact: true }) });
const placeholder = (page: Page, label: string) => figureOf(page, label).getByTestId('camera-off');
const isPlaying = (page: Page, label: string) =>
  page
    .getByLabel(label, { exact: true })
    .evaluate((v: HTMLVideoElement) => !v.paused && v.readyState >= 2 && v.videoWidth > 0);
/** The frames this page has decoded from a video so far (they stop growing while the sender sends nothing). */
const framesOf = (page: Page, label: string) =>
  page
    .getByLabel(label, { exact: true })
    .evaluate((v: HTMLVideoElement) => v.getVideoPlaybackQuality().totalVideoFrames);

test('a debater with the camera off is a placeholder to the other, on again plays, and a reload keeps it', async ({
  browser,
}, testInfo) => {
  test.setTimeout(150_000);
  const { hostCtx, friendCtx, debateId } = await liveChallengeRound(browser, 'Camera');
  const [host, friend] = await Promise.all([hostCtx.newPage(), friendCtx.newPage()]);
  // The host chose "camera off" before: this browser remembers it, so the round starts without the camera.
  await host.addInitScript(() => {
    if (!sessionStorage.getItem('camera-test-seeded')) {
      localStorage.setItem('resolved.camera', 'off');
      sessionStorage.setItem('camera-test-seeded', '1');
    }
  });
  for (const page of [host, friend]) await page.goto(`/debates/${debateId}`);
  await expect(callState(host)).toHaveText('connected', { timeout: 45_000 });
  await expect(callState(friend)).toHaveText('connected', { timeout: 45_000 });

  // The friend sees the host's name and "Camera off" instead of the video; the host's own preview says so too, and
  // no camera was opened (the local stream holds the microphone alone).
  const hostPlaceholder = placeholder(friend, 'Your opponent');
  await expect(hostPlaceholder).toBeVisible();
  await expect(hostPlaceholder).toContainText('Camera Host');
  await expect(hostPlaceholder).toContainText('Camera off');
  await expect(placeholder(host, 'You')).toContainText('Camera off');
  expect(await host.getByLabel('You', { exact: true }).evaluate((v: HTMLVideoElement) => v.videoWidth)).toBe(0);
  // The host still sees the friend's camera.
  await expect(placeholder(host, 'Your opponent')).toHaveCount(0);
  await expect.poll(() => isPlaying(host, 'Your opponent')).toBe(true);

  for (const width of [1280, 375]) {
    await friend.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    const path = testInfo.outputPath(`camera-off-${width}.png`);
    await friend.getByRole('region', { name: 'Audio and video' }).screenshot({ path });
    await testInfo.attach(`camera-off-${width}`, { path, contentType: 'image/png' });
  }
  await friend.setViewportSize({ width: 1280, height: 800 });

  // Turning the camera on: the placeholder goes and the friend's video plays with new frames.
  await host.getByRole('button', { name: 'Camera on' }).click();
  await expect(host.getByRole('button', { name: 'Camera off' })).toBeVisible();
  await expect(hostPlaceholder).toHaveCount(0);
  await expect.poll(() => isPlaying(friend, 'Your opponent'), { timeout: 20_000 }).toBe(true);
  const before = await framesOf(friend, 'Your opponent');
  await expect.poll(() => framesOf(friend, 'Your opponent'), { timeout: 20_000 }).toBeGreaterThan(before + 5);

  // Off again during the round: the camera track ends (its light goes out) and the friend sees the placeholder.
  await host.getByRole('button', { name: 'Camera off' }).click();
  await expect(host.getByRole('button', { name: 'Camera on' })).toBeVisible();
  await expect(hostPlaceholder).toBeVisible();
  expect(await host.evaluate(() => localStorage.getItem('resolved.camera'))).toBe('off');

  // A spectator who comes now (after the change was said to the room) is told too, with the connection.
  const watcherCtx = await browser.newContext();
  await signInAs(watcherCtx, uniqueEmail('camera-watcher'), 'Camera Watcher');
  const watcher = await watcherCtx.newPage();
  await watcher.goto(`/debates/${debateId}`);
  await expect(callState(watcher)).toHaveText('connected', { timeout: 45_000 });
  await expect(watcher.getByTestId('camera-off')).toHaveCount(1);
  await expect(watcher.getByTestId('camera-off')).toContainText('Camera Host');
  await watcherCtx.close();

  // A reload keeps the choice: the host comes back with the camera off, and the friend still sees the placeholder.
  await host.reload();
  await expect(callState(host)).toHaveText('connected', { timeout: 45_000 });
  await expect(host.getByRole('button', { name: 'Camera on' })).toBeVisible();
  await expect(placeholder(host, 'You')).toBeVisible();
  await expect(hostPlaceholder).toBeVisible();
  // And on again after the reload (the video slot was negotiated without a camera): the friend's video plays.
  await host.getByRole('button', { name: 'Camera on' }).click();
  await expect(hostPlaceholder).toHaveCount(0);
  const after = await framesOf(friend, 'Your opponent');
  await expect.poll(() => framesOf(friend, 'Your opponent'), { timeout: 20_000 }).toBeGreaterThan(after + 5);
  await Promise.all([hostCtx.close(), friendCtx.close()]);
});

test('a recording splits where the camera goes off: the part without it is sound alone', async ({ browser }) => {
  test.setTimeout(120_000);
  const { hostCtx, friendCtx, debateId } = await liveChallengeRound(browser, 'Camera Rec');
  const [host, friend] = await Promise.all([hostCtx.newPage(), friendCtx.newPage()]);
  for (const page of [host, friend]) await page.goto(`/debates/${debateId}`);
  const consent = 'Record this round for the replay (both debaters must agree)';
  await host.getByLabel(consent).check();
  await friend.getByLabel(consent).check();
  await expect(host.getByTestId('recording-state')).toContainText('Recording:', { timeout: 20_000 });
  await host.waitForTimeout(3000);
  await host.getByRole('button', { name: 'Camera off' }).click();
  await expect(host.getByRole('button', { name: 'Camera on' })).toBeVisible();
  await expect(host.getByTestId('recording-state')).toContainText('Recording:', { timeout: 20_000 });
  await host.waitForTimeout(3000);
  // The round ends; each recorder sends its last chunk.
  await friendCtx.request.post(`/api/debates/${debateId}/forfeit`, { headers: { origin: BASE_URL } });
  await expect(host.getByTestId('debate-status')).toContainText('forfeited');
  const hostId = await userIdOf(hostCtx);
  await expect
    .poll(async () => {
      const { recordings } = (await (await hostCtx.request.get(`/api/debates/${debateId}/recordings`)).json()) as {
        recordings: TRecording[];
      };
      return recordings
        .filter((r) => r.userId === hostId && r.size > 0)
        .sort((x, y) => x.startedAt.localeCompare(y.startedAt) || x.id - y.id)
        .map((r) => r.mimeType.split('/')[0]);
    })
    .toEqual(['video', 'audio']);
  await Promise.all([hostCtx.close(), friendCtx.close()]);
});

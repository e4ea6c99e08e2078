/**
 * Recording a round: with both debaters' agreement each browser records its own fake camera and
 * microphone and uploads it as the round goes; the replay plays the recordings; a debater can delete them, and an
 * open replay elsewhere follows.
 */
import { test, expect } from '../../support/fixtures';
import { signInAs, uniqueEmail } from '../../support/accounts';
import { BASE_URL } from '../../support/env';
import { FAKE_MEDIA_LAUNCH } from '../../support/fake-media';

test.use({ launchOptions: FAKE_MEDIA_LAUNCH });

test('both debaters agree, each browser records, and the replay plays the recordings', async ({ browser }) => {
  test.setTimeout(90_000);
  const [hostCtx, friendCtx] = await Promise.all([browser.newContext(), browser.newContext()]);
  await signInAs(hostCtx, uniqueEmail('rec-host'), 'Rec Host');
  await signInAs(friendCtx, uniqueEmail('rec-friend'), 'Rec Friend');
  const created = await hostCtx.request.post('/api/debates/challenges', {
    headers: { origin: BASE_URL },
    data: { formatId: 'ld' },
  });
  const { token } = (await created.json()).challenge;
  const { debateId } = await (
    await friendCtx.request.post(`/api/debates/challenges/${token}/accept`, { headers: { origin: BASE_URL } })
  ).json();
  const [host, friend] = await Promise.all([hostCtx.newPage(), friendCtx.newPage()]);
  for (const page of [host, friend]) await page.goto(`/debates/${debateId}`);

  const consent = 'Record this round for the replay (both debaters must agree)';
  await host.getByLabel(consent).check();
  await expect(friend.getByTestId('recording-state')).toHaveText(
    'One debater agreed to record; waiting for the other.',
  );
  await friend.getByLabel(consent).check();
  for (const page of [host, friend]) {
    await expect(page.getByTestId('recording-state')).toContainText('Recording:', { timeout: 20_000 });
  }
  const recordingFrom = Date.now();
  await host.waitForTimeout(5000);
  // The round ends; each browser sends its last chunk.
  await friendCtx.request.post(`/api/debates/${debateId}/forfeit`, { headers: { origin: BASE_URL } });
  await expect(host.getByTestId('debate-status')).toContainText('forfeited');
  const recordedSeconds = (Date.now() - recordingFrom) / 1000;
  await host.waitForTimeout(1500);

  await host.goto(`/debates/${debateId}/replay`);
  const videos = host.getByTestId('replay-recording');
  await expect(videos).toHaveCount(2);
  const first = videos.first();
  await first.evaluate((v: HTMLVideoElement) => void v.play());
  await expect
    .poll(() => first.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 })
    .toBeGreaterThan(0.5);
  expect(await first.evaluate((v: HTMLVideoElement) => v.videoWidth)).toBeGreaterThan(0);

  // Its player knows its real length (MediaRecorder writes none) and seeks: by its own scrubber and by the timeline.
  const length = await first.evaluate((v: HTMLVideoElement) => v.duration);
  expect(Number.isFinite(length)).toBe(true);
  expect(length).toBeGreaterThan(recordedSeconds - 2);
  expect(length).toBeLessThan(recordedSeconds + 2);
  const seek = await first.evaluate(async (v: HTMLVideoElement) => {
    v.pause();
    const target = v.duration / 2;
    const seeked = new Promise((resolve) => v.addEventListener('seeked', resolve, { once: true }));
    v.currentTime = target;
    await seeked;
    return { target, landed: v.currentTime, seekableEnd: v.seekable.length ? v.seekable.end(0) : 0 };
  });
  expect(Math.abs(seek.landed - seek.target)).toBeLessThan(0.5);
  expect(Math.abs(seek.seekableEnd - length)).toBeLessThan(0.5);
  // The timeline's end is after the recording's: the recording goes from its middle to its last stretch (a seek past
  // the last frame lands on a frame near it — up to about 1.5 s before the end on a loaded machine — not on the end).
  await host.getByRole('slider', { name: 'Moment of the round' }).press('End');
  await expect
    .poll(() => first.evaluate((v: HTMLVideoElement) => v.currentTime / v.duration), { timeout: 10_000 })
    .toBeGreaterThan(0.7);

  // The other debater has the replay open too; when the host deletes the recordings, it follows without a reload.
  await friend.goto(`/debates/${debateId}/replay`);
  await expect(friend.getByTestId('replay-recording')).toHaveCount(2);
  host.once('dialog', (dialog) => void dialog.accept());
  await host.getByRole('button', { name: 'Delete the recordings' }).click();
  await expect(videos).toHaveCount(0);
  await expect(friend.getByTestId('replay-recording')).toHaveCount(0);
  await Promise.all([hostCtx.close(), friendCtx.close()]);
});

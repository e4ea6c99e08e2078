/**
 * Who a minor meets, as people meet it: a 15-year-old and a 30-year-old queueing for the same format
 * are not matched while two 15-year-olds are; a stranger adult cannot take the judge's seat of two 15-year-olds' round
 * and, watching it, receives no video frames until both debaters let spectators watch (and loses them when one stops).
 */
import type { BrowserContext, Page } from '@playwright/test';
import { test, expect } from '../../support/fixtures';
import { DebatePage } from '../../pages/DebatePage';
import { birthMonthForAge, signInAs, uniqueEmail } from '../../support/accounts';
import { startChallengeRound } from '../../support/rounds';
import { FAKE_MEDIA_LAUNCH } from '../../support/fake-media';
import { BASE_URL } from '../../support/env';

test.use({ launchOptions: FAKE_MEDIA_LAUNCH });

const FIFTEEN = birthMonthForAge(15);
const THIRTY = birthMonthForAge(30);

async function personOf(context: BrowserContext, label: string, birthMonth: string) {
  await signInAs(context, uniqueEmail(label.toLowerCase().replace(/\s+/g, '-')), label, birthMonth);
}

const queueOf = async (context: BrowserContext) =>
  (await (await context.request.get('/api/debates/queue')).json()).queue as {
    waiting: { formatId: string } | null;
    activeDebateId: number | null;
  };

/** Every frame the page has decoded, over all its videos (none while it receives nothing). */
const framesOn = (page: Page) =>
  page
    .locator('video')
    .evaluateAll((videos: HTMLVideoElement[]) =>
      videos.reduce((sum, v) => sum + v.getVideoPlaybackQuality().totalVideoFrames, 0),
    );

test('a 15-year-old and a 30-year-old are not matched; two 15-year-olds are', async ({ browser }) => {
  test.setTimeout(120_000);
  const contexts = await Promise.all([browser.newContext(), browser.newContext(), browser.newContext()]);
  const [teenCtx, adultCtx, otherTeenCtx] = contexts;
  await personOf(teenCtx!, 'Queue Teen', FIFTEEN);
  await personOf(adultCtx!, 'Queue Adult', THIRTY);
  await personOf(otherTeenCtx!, 'Queue Teen Two', FIFTEEN);
  const [teenPage, adultPage, otherTeenPage] = await Promise.all(contexts.map((c) => c.newPage()));
  const [teen, adult, otherTeen] = [teenPage!, adultPage!, otherTeenPage!].map((p) => new DebatePage(p));

  await teen!.gotoDebates();
  await teen!.findOpponent('Lincoln Douglas');
  await expect(teen!.waiting).toContainText('Lincoln Douglas');
  // The adult joins the same format: the sweep that wrote their join leaves both waiting.
  await adult!.gotoDebates();
  await adult!.findOpponent('Lincoln Douglas');
  await expect(adult!.waiting).toContainText('Lincoln Douglas');
  await expect(teen!.waiting).toContainText('Lincoln Douglas');
  expect((await queueOf(teenCtx!)).activeDebateId).toBeNull();
  await expect(teenPage!).toHaveURL(/\/debates$/);

  // A second 15-year-old: the two teens land in one room.
  await otherTeen!.gotoDebates();
  await otherTeen!.findOpponent('Lincoln Douglas');
  await expect(teenPage!).toHaveURL(/\/debates\/\d+$/, { timeout: 15_000 });
  await expect(otherTeenPage!).toHaveURL(teenPage!.url());
  expect([await teen!.mySide(), await otherTeen!.mySide()].sort()).toEqual(['Affirmative', 'Negative']);
  // The adult was never put in it (another test's adult may have met them meanwhile, never a teen).
  const roomId = Number(teenPage!.url().split('/').pop());
  expect((await queueOf(adultCtx!)).activeDebateId).not.toBe(roomId);
  await adultCtx!.request.delete('/api/debates/queue', { headers: { origin: BASE_URL } });
  await Promise.all(contexts.map((c) => c.close()));
});

test('a stranger adult cannot judge two 15-year-olds’ round, and watching gets no video until both debaters allow it', async ({
  browser,
}) => {
  // Three browsers in a call beside the other call tests (two workers on two cores): generous budgets.
  test.setTimeout(240_000);
  const contexts = await Promise.all([browser.newContext(), browser.newContext(), browser.newContext()]);
  const [hostCtx, friendCtx, strangerCtx] = contexts;
  await personOf(hostCtx!, 'Minor Host', FIFTEEN);
  await personOf(friendCtx!, 'Minor Friend', FIFTEEN);
  await personOf(strangerCtx!, 'Stranger Adult', THIRTY);
  const debateId = await startChallengeRound(hostCtx!, friendCtx!);
  const [hostPage, friendPage, strangerPage] = await Promise.all(contexts.map((c) => c.newPage()));
  const [host, friend, stranger] = [hostPage!, friendPage!, strangerPage!].map((p) => new DebatePage(p));
  for (const p of [host, friend, stranger]) await p!.gotoRoom(debateId);

  // The judge's seat: no button, the reason in words; the API refuses too.
  await expect(strangerPage!.getByTestId('judge-refusal')).toHaveText(
    'A debater in this round is under 18: it is judged by a student under 18, a coach of their team, a moderator ' +
      'or a verified judge.',
  );
  await expect(stranger!.judgeButton).toHaveCount(0);
  const seat = await strangerCtx!.request.post(`/api/debates/${debateId}/judge`, { headers: { origin: BASE_URL } });
  expect(seat.status()).toBe(403);
  expect((await seat.json()).error.reason).toBe('minor_round_judge');

  // The debaters' call is up; the stranger watching has none: the clock and schedule, a note, no video.
  await expect(host!.rtcState).toHaveText('connected', { timeout: 60_000 });
  await expect(friend!.rtcState).toHaveText('connected', { timeout: 60_000 });
  await expect(stranger!.clock).toBeVisible();
  await expect(stranger!.schedule).toBeVisible();
  const note = strangerPage!.getByTestId('media-note');
  await expect(note).toContainText('A debater in this round is under 18');
  await expect(strangerPage!.locator('video')).toHaveCount(0);

  // One debater lets spectators watch: still nothing reaches the stranger.
  const watchBox = (page: Page) => page.getByLabel('Let spectators see and hear us');
  await expect(watchBox(hostPage!)).not.toBeChecked();
  await watchBox(hostPage!).check();
  await expect(friendPage!.getByTestId('spectator-watch-state')).toContainText('One debater lets spectators watch');
  await strangerPage!.waitForTimeout(2000);
  await expect(note).toBeVisible();
  expect(await framesOn(strangerPage!)).toBe(0);

  // Both do: the stranger's call starts without a reload, and frames arrive from both debaters.
  await watchBox(friendPage!).check();
  await expect(stranger!.rtcState).toHaveText('connected', { timeout: 60_000 });
  for (const label of ['Affirmative camera', 'Negative camera']) {
    await expect.poll(() => stranger!.videoIsPlaying(label), { timeout: 30_000 }).toBe(true);
  }
  const before = await framesOn(strangerPage!);
  await expect.poll(() => framesOn(strangerPage!), { timeout: 20_000 }).toBeGreaterThan(before + 5);

  // One turns it off: the stranger's connections close and the note is back.
  await watchBox(hostPage!).uncheck();
  await expect(note).toBeVisible({ timeout: 15_000 });
  await expect(strangerPage!.locator('video')).toHaveCount(0);
  await expect(host!.rtcState).toHaveText('connected');
  await Promise.all(contexts.map((c) => c.close()));
});

test('a 15-year-old’s profile shows only the name and record, to signed-in people only', async ({ browser }) => {
  const [teenCtx, viewerCtx, visitorCtx] = await Promise.all([
    browser.newContext(),
    browser.newContext(),
    browser.newContext(),
  ]);
  await personOf(teenCtx, 'Profile Teen', FIFTEEN);
  await personOf(viewerCtx, 'Profile Viewer', THIRTY);
  const teenId = (await (await teenCtx.request.get('/api/session')).json()).user.id as string;
  const viewer = await viewerCtx.newPage();
  await viewer.goto(`/users/${teenId}`);
  await expect(viewer.getByRole('heading', { level: 1, name: 'Profile Teen' })).toBeVisible();
  await expect(viewer.getByText('This profile shows the debater’s name and debate record only.')).toBeVisible();
  await expect(viewer.getByTestId('profile-wins')).toHaveText('0');
  await expect(viewer.getByTestId('profile-points')).toHaveCount(0);
  await expect(viewer.getByTestId('profile-rank')).toHaveCount(0);
  await expect(viewer.getByRole('heading', { name: 'Ratings' })).toHaveCount(0);
  // A visitor is sent to sign in, and the API tells them nothing.
  const visitor = await visitorCtx.newPage();
  await visitor.goto(`/users/${teenId}`);
  await expect(visitor).toHaveURL(/\/login/);
  const asked = await visitorCtx.request.get(`/api/users/${teenId}`);
  expect(asked.status()).toBe(401);
  expect(await asked.text()).not.toContain('Profile Teen');
  await Promise.all([teenCtx.close(), viewerCtx.close(), visitorCtx.close()]);
});

test('a 30-year-old opening a 15-year-old’s challenge link is told why they cannot accept it', async ({ browser }) => {
  const [teenCtx, adultCtx] = await Promise.all([browser.newContext(), browser.newContext()]);
  await personOf(teenCtx, 'Link Teen', FIFTEEN);
  await personOf(adultCtx, 'Link Adult', THIRTY);
  const created = await teenCtx.request.post('/api/debates/challenges', {
    headers: { origin: BASE_URL },
    data: { formatId: 'ld' },
  });
  const { token } = (await created.json()).challenge as { token: string };
  const page = await adultCtx.newPage();
  await page.goto(`/debates/challenge/${token}`);
  await page.getByRole('button', { name: 'Accept the challenge' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'You cannot debate this person: students under 18 debate students under 18, and adults debate adults, unless ' +
      'both are on the same team.',
  );
  await expect(page).toHaveURL(new RegExp(`/debates/challenge/${token}$`));
  await Promise.all([teenCtx.close(), adultCtx.close()]);
});

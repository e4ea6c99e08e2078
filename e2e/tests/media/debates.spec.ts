import { randomBytes } from 'node:crypto';
import type { BrowserContext, Page } from '@playwright/test';
import { test, expect } from '../../support/fixtures';
import { ADULT_BIRTH_MONTH } from '../../support/accounts';
import { DebatePage } from '../../pages/DebatePage';
import { seriousViolations } from '../../support/axe';
import { FAKE_MEDIA_LAUNCH } from '../../support/fake-media';

const PASSWORD = 'e2e debate password';

// Camera and microphone: Chromium's fake devices, granted without a prompt.
test.use({ launchOptions: FAKE_MEDIA_LAUNCH });

async function signUp(context: BrowserContext, name: string) {
  const email = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${randomBytes(4).toString('hex')}@e2e.test`;
  const res = await context.request.post('/api/auth/sign-up/email', {
    data: { name, email, password: PASSWORD, birthMonth: ADULT_BIRTH_MONTH },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

async function dashboardNumbers(page: Page) {
  await page.goto('/dashboard');
  await expect(page.getByTestId('debates-joined')).toBeVisible();
  return {
    joined: Number(await page.getByTestId('debates-joined').textContent()),
    points: Number(await page.getByTestId('analytics-points').textContent()),
  };
}

test('two strangers are matched, share one clock and a call, and a third person judges', async ({ browser }) => {
  // Four browsers in a mesh call, alongside the other call tests (two workers on two cores); seven speeches clicked
  // through by two screens that each wait for the other. On a loaded CI machine the whole ran past four minutes.
  test.setTimeout(420_000);
  const contexts = await Promise.all([browser.newContext(), browser.newContext(), browser.newContext()]);
  const [ada, grace, judge] = await Promise.all(contexts.map((c) => c.newPage()));
  // Unique names: the run's database is shared with other tests (and with repeats of this one).
  const run = randomBytes(3).toString('hex');
  const [adaName, graceName, judgeName] = [`Ada ${run}`, `Grace ${run}`, `Judy ${run}`];
  await signUp(contexts[0]!, adaName);
  await signUp(contexts[1]!, graceName);
  await signUp(contexts[2]!, judgeName);
  const before = await dashboardNumbers(ada!);
  expect(before).toEqual({ joined: 0, points: 0 });

  const a = new DebatePage(ada!);
  const g = new DebatePage(grace!);
  const j = new DebatePage(judge!);

  // Ada queues for Lincoln Douglas and waits; Grace queues and both land in the same room.
  await a.gotoDebates();
  await a.findOpponent('Lincoln Douglas');
  await expect(a.waiting).toContainText('Lincoln Douglas');
  await expect(a.waiting).toContainText('Time waited');
  expect(await seriousViolations(ada!)).toEqual([]);
  const resolutionWaiting = (await a.waiting.locator('dd').nth(1).textContent())?.trim();
  await g.gotoDebates();
  await g.findOpponent('Lincoln Douglas');
  await expect(ada!).toHaveURL(/\/debates\/\d+$/);
  await expect(grace!).toHaveURL(ada!.url());
  await expect(a.resolution).toHaveText(resolutionWaiting ?? '');
  await expect(g.resolution).toHaveText(resolutionWaiting ?? '');
  const sides = [await a.mySide(), await g.mySide()].sort();
  expect(sides).toEqual(['Affirmative', 'Negative']);
  const [aff, neg] = sides[0] === (await a.mySide()) ? [a, g] : [g, a];
  // New debaters' ratings read "1500?", and the "?" explains itself on a tap, without jargon.
  await expect(ada!.getByTestId('debater-a')).toContainText('Rating 1500?');
  await ada!.getByTestId('debater-a').getByRole('button', { name: '1500, provisional rating' }).click();
  await expect(ada!.getByTestId('debater-a').getByRole('note')).toContainText('this rating is still settling');
  await expect(ada!.getByTestId('debater-a')).not.toContainText('RD');

  // The call connects (fake camera and microphone).
  await expect(a.rtcState).toHaveText('connected', { timeout: 45_000 });
  await expect(g.rtcState).toHaveText('connected', { timeout: 45_000 });
  for (const p of [a, g]) {
    for (const label of ['You', 'Your opponent']) {
      await expect.poll(() => p.videoIsPlaying(label), { message: `${label} video plays` }).toBe(true);
    }
  }

  // The affirmative starts the AC; the negative sees the same running clock.
  await expect(neg.button(/^Start AC$/)).toHaveCount(0);
  const clickedAt = Date.now();
  await aff.button('Start AC').click();
  await expect(neg.clockStatus).toHaveText(/Running/);
  await expect(aff.schedule.locator('[aria-current="step"]')).toContainText('Affirmative Constructive');
  expect(await seriousViolations(neg.page)).toEqual([]);
  await ada!.waitForTimeout(1500);
  const [affSeconds, negSeconds] = await Promise.all([aff.clockSeconds(), neg.clockSeconds()]);
  // The six-minute AC counts down from when the server started it, which is after the click: the clock shows no
  // more than the time since the click allows (a busy machine may take seconds for the accessibility scan above).
  const secondsSinceClick = Math.ceil((Date.now() - clickedAt) / 1000);
  expect(affSeconds).toBeLessThan(360);
  expect(affSeconds).toBeGreaterThanOrEqual(360 - secondsSinceClick - 1);
  expect(Math.abs(affSeconds - negSeconds)).toBeLessThanOrEqual(1);
  // Both screens agree on when the speech ends (server time) within 250 ms, and so after a reload.
  const endsAt = async (p: DebatePage) => Number(await p.clock.getAttribute('data-ends-at'));
  expect(Math.abs((await endsAt(aff)) - (await endsAt(neg)))).toBeLessThan(250);
  await neg.page.reload();
  await expect(neg.clockStatus).toHaveText(/Running/);
  await expect.poll(async () => Math.abs((await endsAt(aff)) - (await endsAt(neg)))).toBeLessThan(250);
  await expect(neg.rtcState).toHaveText('connected', { timeout: 45_000 });

  // A third user watches, then takes the judge's seat.
  await judge!.goto(ada!.url());
  await expect(a.spectators).toContainText(judgeName);
  await j.judgeButton.click();
  await expect(ada!.getByTestId('judge-name')).toHaveText(judgeName);
  await expect(a.spectators).not.toContainText(judgeName);
  // The judge sees and hears both debaters, and they see (and hear) the judge: a mesh of three.
  await expect(j.rtcState).toHaveText('connected', { timeout: 45_000 });
  for (const label of ['Affirmative camera', 'Negative camera', 'You']) {
    await expect.poll(() => j.videoIsPlaying(label), { message: `judge: ${label} video plays` }).toBe(true);
  }
  for (const p of [a, g]) {
    await expect.poll(() => p.videoIsPlaying('Judge camera'), { message: 'debater: judge video plays' }).toBe(true);
  }
  expect(await j.video('Affirmative camera').evaluate((v: HTMLVideoElement) => v.muted)).toBe(false);
  // A spectator watches and listens, sending nothing.
  const spectatorContext = await browser.newContext();
  await signUp(spectatorContext, `Sam ${run}`);
  const spectator = new DebatePage(await spectatorContext.newPage());
  await spectator.page.goto(ada!.url());
  await expect(spectator.rtcState).toHaveText('connected', { timeout: 45_000 });
  await expect(spectator.page.getByText('you are watching: your camera and microphone stay off')).toBeVisible();
  for (const label of ['Affirmative camera', 'Negative camera']) {
    await expect
      .poll(() => spectator.videoIsPlaying(label), { message: `spectator: ${label}`, timeout: 45_000 })
      .toBe(true);
  }
  await expect(spectator.video('You')).toHaveCount(0);
  await expect(a.page.getByText('1 spectator watches')).toBeVisible();
  await spectatorContext.close();

  // The round, speech by speech: whoever may start the next speech starts and ends it.
  const endSpeech = async (speaker: DebatePage) => {
    await speaker.button('End speech').click();
    // Both screens settle between speeches before anyone picks the next one.
    for (const p of [aff, neg]) await expect(p.clockStatus).toHaveText('Stopped');
  };
  await endSpeech(aff);
  for (let i = 1; i < 7; i++) {
    const start = (p: DebatePage) => p.page.getByRole('button', { name: /^Start / });
    const speaker = (await start(aff).count()) > 0 ? aff : neg;
    await start(speaker).click();
    await expect(speaker.clockStatus).toHaveText('Running');
    await endSpeech(speaker);
  }
  await expect(a.status).toHaveText('Round over: waiting for the judge’s ballot (up to 30 minutes)');

  // The judge's ballot appears for both debaters.
  await judge!.getByRole('radio', { name: /^Negative/ }).check();
  await judge!
    .getByLabel(/^Speaker points: /)
    .first()
    .fill('28.5');
  await judge!
    .getByLabel(/^Speaker points: /)
    .nth(1)
    .fill('29.2');
  await judge!.getByLabel('Reason for decision').fill('The NR collapsed well and weighed the value.');
  await judge!.getByRole('button', { name: 'Submit ballot' }).click();
  for (const p of [a, g]) {
    await expect(p.ballot).toContainText('Winner: Negative');
    await expect(p.ballot).toContainText('The NR collapsed well and weighed the value.');
  }
  expect(await seriousViolations(grace!)).toEqual([]);

  // The round was clicked through in seconds: it counts as joined, but earns no points, and each participant is
  // told why, as not counted for points (real rounds earning points are covered by
  // apps/server/src/features/results/awards.test.ts).
  for (const p of [a, g, j]) {
    // A click-through runs a second or two of speech time (more on a busy machine): a few percent at most.
    await expect(p.page.getByTestId('round-awards')).toContainText(
      /Not counted for points: speeches ran \d% of their time; a round counts from 50%/,
    );
  }
  const negIsAda = neg === a;
  const adaAfter = await dashboardNumbers(ada!);
  const graceAfter = await dashboardNumbers(grace!);
  expect(adaAfter).toEqual({ joined: 1, points: 0 });
  expect(graceAfter).toEqual({ joined: 1, points: 0 });
  expect((await dashboardNumbers(judge!)).points).toBe(0);

  // History and the per-format rating view.
  await a.gotoDebates();
  await expect(ada!.getByTestId('debate-history')).toContainText(negIsAda ? 'Win' : 'Loss');
  await expect(ada!.getByTestId('debate-history')).toContainText('The NR collapsed well and weighed the value.');
  // A round that did not really happen moves no rating: neither debater is in the Lincoln Douglas ratings (which
  // other tests' real rounds may fill, as the run's database is shared).
  const ratings = ada!.getByRole('region', { name: 'Ratings by format' });
  await expect(ratings.getByText('Loading ratings…')).toHaveCount(0);
  await expect(
    ratings
      .getByText(
        /No Lincoln Douglas ratings yet: a rating starts with a judged round that counts for points\.|\d+ debates?$/,
      )
      .first(),
  ).toBeVisible();
  for (const name of [adaName, graceName]) await expect(ratings).not.toContainText(name);

  await Promise.all(contexts.map((c) => c.close()));
});

test('waiting can be cancelled, and a challenge link brings a friend into a debate with the chosen prep', async ({
  browser,
}) => {
  const contexts = await Promise.all([browser.newContext(), browser.newContext()]);
  const [host, friend] = await Promise.all(contexts.map((c) => c.newPage()));
  await signUp(contexts[0]!, 'Hosta');
  await signUp(contexts[1]!, 'Frieda');
  const h = new DebatePage(host!);

  await h.gotoDebates();
  await h.findOpponent('Public Forum');
  await expect(h.waiting).toContainText('Public Forum');
  await expect(h.waiting.getByTestId('time-waited')).toHaveText(/^0:0[1-9]$/, { timeout: 5000 });
  await h.waiting.getByRole('button', { name: 'Cancel' }).click();
  await expect(h.findButton).toBeVisible();
  // Leaving the waiting screen ends the search too.
  await h.findOpponent('Public Forum');
  await expect(h.waiting).toBeVisible();
  await host!.getByRole('link', { name: 'Meetings' }).click();
  await expect(host!).toHaveURL(/\/rooms$/);
  await expect
    .poll(async () => (await (await contexts[0]!.request.get('/api/debates/queue')).json()).queue.waiting)
    .toBeNull();
  await h.gotoDebates();
  await expect(h.findButton).toBeVisible();

  await h.chooseFormat('Lincoln Douglas');
  await host!.getByLabel('Prep minutes for a challenge').selectOption('5');
  await host!.getByRole('button', { name: 'Challenge a friend' }).click();
  const link = await host!.getByLabel('Send this link to your friend').inputValue();
  expect(link).toMatch(/\/debates\/challenge\/[\w-]+$/);

  await friend!.goto(link);
  await expect(
    friend!.getByText(/Hosta challenges you to a Lincoln Douglas debate .* 5 minutes of prep time/),
  ).toBeVisible();
  await friend!.getByRole('button', { name: 'Accept the challenge' }).click();
  await expect(friend!).toHaveURL(/\/debates\/\d+$/);
  // The host, still on /debates, is taken to the room by the server's `debate.matched`.
  await expect(host!).toHaveURL(friend!.url());
  for (const page of [host!, friend!]) {
    await expect(page.getByTestId('prep-a')).toHaveText('5:00');
    await expect(page.getByTestId('prep-b')).toHaveText('5:00');
  }
  await Promise.all(contexts.map((c) => c.close()));
});

/**
 * A tournament round judged by a panel of three: the host asks for panels, the release seats three judges, the
 * speeches run (time-shifted in the database), each judge submits their own ballot from their own browser, and the
 * debaters see the panel, whose ballots are in, then the 2–1 majority and every judge's ballot. The second judge is in
 * the call (both debaters' videos decode on their page) and writes in the round chat; once the round is decided it
 * is in their "Judged" list, and its replay names every judge of the panel, each of whom may be reported from it.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { FORMATS, type TDebate } from '@resolved/shared';
import { test, expect } from '../../support/fixtures';
import { signInAs, uniqueEmail } from '../../support/accounts';
import { seriousViolations } from '../../support/axe';
import { letRunningSpeechRun } from '../../support/database';
import { BASE_URL } from '../../support/env';
import { userIdOf } from '../../support/rounds';
import { DebatePage } from '../../pages/DebatePage';
import { FAKE_MEDIA_LAUNCH } from '../../support/fake-media';

// The second judge's page decodes the debaters' videos: Chromium's fake camera and microphone.
test.use({ launchOptions: FAKE_MEDIA_LAUNCH });

const headers = { origin: BASE_URL };

async function post(ctx: BrowserContext, url: string, data: object = {}) {
  const response = await ctx.request.post(url, { headers, data });
  expect(response.ok(), await response.text()).toBe(true);
  return response.json();
}

/** The frames this page has decoded from the labelled video so far (they grow while the sender sends). */
const framesOf = (page: Page, label: string) =>
  page
    .getByLabel(label, { exact: true })
    .evaluate((v: HTMLVideoElement) => v.getVideoPlaybackQuality().totalVideoFrames);

async function submitBallot(page: Page, winner: string, reason: string) {
  const form = page.getByRole('form', { name: 'Your ballot' });
  await expect(form).toBeVisible();
  await form.getByRole('radio', { name: winner }).check();
  await form.getByLabel('Reason for decision').fill(reason);
  await form.getByRole('button', { name: 'Submit ballot' }).click();
  await expect(form).toHaveCount(0);
}

test('three judges of a panel each submit a ballot; the debaters see the 2–1 majority and every ballot', async ({
  browser,
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const run = Date.now().toString(36);
  const names = {
    coach: `Coach ${run}`,
    ann: `Ann ${run}`,
    ben: `Ben ${run}`,
    j1: `Jo ${run}`,
    j2: `Kai ${run}`,
    j3: `Lee ${run}`,
  };
  const coachCtx = await browser.newContext();
  const annCtx = page.context();
  const [benCtx, j1Ctx, j2Ctx, j3Ctx] = await Promise.all([1, 2, 3, 4].map(() => browser.newContext()));
  const people = [
    [coachCtx, 'coach'],
    [annCtx, 'ann'],
    [benCtx!, 'ben'],
    [j1Ctx!, 'j1'],
    [j2Ctx!, 'j2'],
    [j3Ctx!, 'j3'],
  ] as const;
  for (const [ctx, key] of people) await signInAs(ctx, uniqueEmail(`panel-${key}`), names[key]);
  await post(coachCtx, '/api/teams', { name: `Panel team ${run}`, school: 'East' });
  const { tournament } = await post(coachCtx, '/api/tournaments', {
    name: `Panel Open ${run}`,
    formatId: 'ld',
    prelimRounds: 1,
    breakSize: 0,
    scheduleMode: 'fixed',
    entryMode: 'code',
    prelimJudgesPerRoom: 3,
  });
  for (const ctx of [annCtx, benCtx!]) await post(ctx, `/api/tournaments/join/${tournament.joinCode}`);
  const judges = [j1Ctx!, j2Ctx!, j3Ctx!];
  const judgeIds = await Promise.all(judges.map(userIdOf));
  for (const userId of judgeIds) await post(coachCtx, `/api/tournaments/${tournament.id}/judges`, { userId });
  const { round } = await post(coachCtx, `/api/tournaments/${tournament.id}/rounds/1/release`);
  const debateId = round.pairings[0].debateId as number;
  expect(new Set(round.pairings[0].panel.map((j: { userId: string }) => j.userId))).toEqual(new Set(judgeIds));

  // Ann in the room sees the panel by name before any ballot.
  await page.goto(`/debates/${debateId}`);
  const panel = page.getByTestId('panel-ballots');
  const seatOrder = round.pairings[0].panel.map((j: { displayName: string }) => j.displayName) as string[];
  await expect(panel.getByTestId('panel-judges')).toHaveText(`Panel: ${seatOrder.join(', ')}`);

  // The panel's second judge is in the call and the round chat as the chair is: both debaters' videos decode on
  // their page, and what they write reaches Ann.
  const benPage = await benCtx!.newPage();
  await benPage.goto(`/debates/${debateId}`);
  const secondCtx = judges[judgeIds.indexOf(round.pairings[0].panel[1].userId as string)]!;
  const second = new DebatePage(await secondCtx.newPage());
  await second.gotoRoom(debateId);
  for (const side of ['a', 'b'] as const) {
    const label = `${FORMATS.ld.sides[side]} camera`;
    await expect.poll(() => second.videoIsPlaying(label), { timeout: 30_000 }).toBe(true);
    const frames = await framesOf(second.page, label);
    await expect.poll(() => framesOf(second.page, label), { timeout: 10_000 }).toBeGreaterThan(frames);
  }
  await second.sendChatMessage(`Second judge ${run} is listening.`);
  await expect(page.getByTestId('round-chat')).toContainText(`Second judge ${run} is listening.`);
  await second.page.close();
  await benPage.close();

  // The speeches run their time (moved back in the database), spoken by each side as the format orders.
  const { debate } = (await (await annCtx.request.get(`/api/debates/${debateId}`)).json()) as { debate: TDebate };
  const annId = await userIdOf(annCtx);
  const bySide = debate.debaters.a.userId === annId ? { a: annCtx, b: benCtx! } : { a: benCtx!, b: annCtx };
  for (const speech of FORMATS.ld.speeches) {
    const speaker = bySide[speech.speaker === 'b' ? 'b' : 'a'];
    await post(speaker, `/api/debates/${debateId}/clock`, { action: 'start_speech' });
    letRunningSpeechRun(debateId, speech.minutes);
    await post(speaker, `/api/debates/${debateId}/clock`, { action: 'end_speech' });
  }

  // Each judge, in their own browser, submits their own ballot: two for Ann, one for Ben.
  const annSide = debate.debaters.a.userId === annId ? 'a' : 'b';
  const benSide = annSide === 'a' ? 'b' : 'a';
  const label = (side: 'a' | 'b', name: string) => `${FORMATS.ld.sides[side]} (${name})`;
  const judgePages = await Promise.all(judges.map((ctx) => ctx.newPage()));
  for (const judgePage of judgePages) await judgePage.goto(`/debates/${debateId}`);
  await submitBallot(judgePages[0]!, label(annSide, names.ann), 'Ann weighed the framework.');
  await submitBallot(judgePages[1]!, label(benSide, names.ben), 'Ben won the value clash.');
  // 1–1: Ann sees whose ballot is in, and no ballot yet.
  const progress = panel.getByTestId('panel-progress');
  await expect(progress).toContainText(`${names.j1}: ballot in`);
  await expect(progress).toContainText(`${names.j3}: waiting for the ballot`);
  await expect(panel.getByTestId('panel-ballot')).toHaveCount(0);
  await submitBallot(judgePages[2]!, label(annSide, names.ann), 'Ann extended the turn.');

  await expect(panel.getByTestId('panel-majority')).toHaveText(
    `Majority: ${FORMATS.ld.sides[annSide]} (${names.ann}), 2–1`,
  );
  await expect(panel.getByTestId('panel-ballot')).toHaveCount(3);
  await expect(panel).toContainText('Ben won the value clash.');
  await expect(page.getByTestId('ballot')).toContainText('Panel decision 2–1.');
  // A judge's page shows the same, and no form any more.
  await expect(judgePages[1]!.getByTestId('panel-majority')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await panel.scrollIntoViewIfNeeded();
    await panel.screenshot({ path: testInfo.outputPath(`panel-ballots-${width}.png`) });
  }

  // The second judge's own history lists the round they judged from seat 2, as the chair's does.
  const secondPage = judgePages[judgeIds.indexOf(round.pairings[0].panel[1].userId as string)]!;
  await secondPage.goto('/debates');
  await expect(secondPage.getByTestId('judged-rounds').getByTestId('judged-round')).toHaveCount(1);
  await expect(
    secondPage.getByTestId('judged-rounds').getByRole('link', { name: `Replay debate #${debateId}` }),
  ).toBeVisible();

  // The replay names the whole panel in seat order, and Ann may report (or block) any of its judges from it.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/debates/${debateId}/replay`);
  await expect(page.getByText(`judged by ${seatOrder.join(', ')}`)).toBeVisible();
  for (const name of seatOrder) {
    await expect(page.getByRole('button', { name: `Report ${name}` })).toBeVisible();
    await expect(page.getByRole('button', { name: `Block ${name}` })).toBeVisible();
  }
  expect(await seriousViolations(page)).toEqual([]);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: testInfo.outputPath(`panel-replay-${width}.png`) });
  }
  for (const ctx of [coachCtx, benCtx!, ...judges]) await ctx.close();
});

/**
 * Where points are promised the conditions are stated too, and a round that earned
 * nothing reads "Not counted for points" with the rule it met (in the room, on the dashboard, in the coach's progress
 * view; Never "Practice round", which names a coach's team rounds); ratings are explained in a debater's words; a Parliamentary room drops the prep nobody can use any more and
 * names each speech once; a phone pins a one-line clock and lets the rest scroll.
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { FORMATS } from '@resolved/shared';
import { test, expect } from '../support/fixtures';
import { signInAs, uniqueEmail } from '../support/accounts';
import { BASE_URL } from '../support/env';

/** The conditions, written out here as the contract the pages must meet. */
const CONDITIONS = [
  'a round counts when its speeches run at least 50% of their time',
  'a forfeit win counts once both debaters were in the room and 2 minutes of speeches ran',
  'the same two debaters earn points from one round every 24 hours',
  'Any other round is not counted for points',
];
const PRACTICE = /Not counted for points: speeches ran \d+% of their time; a round counts from 50%/;

const userIdOf = async (context: BrowserContext) =>
  (await (await context.request.get('/api/auth/get-session')).json()).user.id as string;

test('where points are promised, the conditions are stated; ratings are explained in plain words', async ({ page }) => {
  for (const path of ['/how-to', '/help', '/debates']) {
    await page.goto(path);
    const rules = page.getByTestId('points-rules');
    await expect(rules).toContainText('Finishing a live debate earns 10 points');
    for (const condition of CONDITIONS) await expect(rules).toContainText(condition);
  }
  const ratings = page.getByRole('region', { name: 'Ratings by format' });
  await expect(ratings).toContainText('A rating with ? is still settling: it firms up after a few judged rounds.');
  await expect(ratings).not.toContainText('deviation');
});

test('a round that earned nothing shows as not counted for points in the room, on the dashboard and to the coach', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const run = Date.now().toString(36);
  const names = { coach: `Coach ${run}`, ann: `Ann ${run}`, ben: `Ben ${run}` };
  const [coachCtx, annCtx, benCtx] = await Promise.all([1, 2, 3].map(() => browser.newContext()));
  await signInAs(coachCtx!, uniqueEmail('practice-coach'), names.coach);
  await signInAs(annCtx!, uniqueEmail('practice-ann'), names.ann);
  await signInAs(benCtx!, uniqueEmail('practice-ben'), names.ben);
  const headers = { origin: BASE_URL };
  const created = await coachCtx!.request.post('/api/teams', {
    headers,
    data: { name: `Northview ${run}`, school: 'Northview High' },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const team = (await created.json()).team as { id: number; joinCode: string };
  for (const ctx of [annCtx!, benCtx!]) {
    expect((await ctx.request.post(`/api/teams/join/${team.joinCode}`, { headers })).ok()).toBe(true);
  }
  const [coachId, annId, benId] = await Promise.all([coachCtx!, annCtx!, benCtx!].map(userIdOf));
  const paired = await coachCtx!.request.post(`/api/teams/${team.id}/rounds`, {
    headers,
    data: { mode: 'manual', formatId: 'ld', pairs: [{ aUserId: annId, bUserId: benId, judgeUserId: coachId }] },
  });
  expect(paired.status(), await paired.text()).toBe(201);
  const { debateId } = (await paired.json()).rounds[0] as { debateId: number };

  // Ann watches her room while the two of them click through every speech in a moment; the coach judges.
  const ann = await annCtx!.newPage();
  await ann.goto(`/debates/${debateId}`);
  await expect(ann.getByTestId('debate-clock')).toBeVisible();
  for (const speech of FORMATS.ld.speeches) {
    const speaker = speech.speaker === 'b' ? benCtx! : annCtx!;
    for (const action of ['start_speech', 'end_speech']) {
      const res = await speaker.request.post(`/api/debates/${debateId}/clock`, { headers, data: { action } });
      expect(res.ok(), await res.text()).toBe(true);
    }
  }
  const ballot = await coachCtx!.request.post(`/api/debates/${debateId}/ballots`, {
    headers,
    data: { winnerSide: 'a', speakerPoints: { a: 28, b: 27 }, reason: 'Ann framed the value well.' },
  });
  expect(ballot.ok(), await ballot.text()).toBe(true);

  // The room: the rule at work, not a list of zeros.
  const awards = ann.getByTestId('round-awards');
  await expect(awards.getByTestId('not-counted')).toHaveText(PRACTICE);
  await expect(awards).not.toContainText('No points for debate');

  // The dashboard's recent rounds.
  await ann.goto('/dashboard');
  await expect(ann.getByTestId('recent-rounds').getByTestId('not-counted')).toHaveText(PRACTICE);

  // The coach's progress view of Ann.
  const coach = await coachCtx!.newPage();
  await coach.goto(`/teams/${team.id}`);
  await coach.getByTestId(`member-${names.ann}`).getByRole('button', { name: 'Progress' }).click();
  const ballots = coach.getByTestId('last-ballots');
  await expect(ballots).toContainText('Ann framed the value well.');
  await expect(ballots.getByTestId('not-counted')).toHaveText(PRACTICE);
  await Promise.all([coachCtx, annCtx, benCtx].map((c) => c!.close()));
});

async function parliRoom(browser: Browser, viewport: { width: number; height: number }) {
  const contexts = await Promise.all([1, 2].map(() => browser.newContext({ viewport })));
  await signInAs(contexts[0]!, uniqueEmail('parli-host'), 'Parli Host');
  await signInAs(contexts[1]!, uniqueEmail('parli-friend'), 'Parli Friend');
  const headers = { origin: BASE_URL };
  const created = await contexts[0]!.request.post('/api/debates/challenges', {
    headers,
    data: { formatId: 'parli' },
  });
  const { token } = (await created.json()).challenge;
  const accepted = await contexts[1]!.request.post(`/api/debates/challenges/${token}/accept`, { headers });
  const { debateId } = (await accepted.json()) as { debateId: number };
  const pages: Page[] = [];
  for (const context of contexts) {
    const page = await context.newPage();
    await page.goto(`/debates/${debateId}`);
    await expect(page.getByTestId('debate-clock')).toBeVisible();
    pages.push(page);
  }
  // The Government opens the round.
  const isHostGov = (await pages[0]!.getByTestId('debater-a').textContent())?.includes('(you)');
  const [gov, opp] = isHostGov ? [pages[0]!, pages[1]!] : [pages[1]!, pages[0]!];
  return { gov, opp, close: () => Promise.all(contexts.map((c) => c.close())) };
}

test('a Parliamentary room drops the prep block once the PMC starts and names each speech once', async ({
  browser,
}) => {
  const { gov, opp, close } = await parliRoom(browser, { width: 1280, height: 800 });
  const heading = (page: Page) => page.locator('#clock-heading');
  await expect(heading(gov)).toHaveText('Next: Prime Minister Constructive (Government)');
  await expect(gov.getByTestId('prep-both')).toHaveText('20:00');

  await gov.getByRole('button', { name: 'Start PMC' }).click();
  for (const page of [gov, opp]) {
    await expect(heading(page)).toHaveText('Prime Minister Constructive (Government)');
    // Prep comes before the first speech only: nobody can use it now.
    await expect(page.getByText('Prep before the first speech')).toHaveCount(0);
    await expect(page.getByTestId('prep-both')).toHaveCount(0);
  }
  await gov.getByRole('button', { name: 'End speech' }).click();
  await expect(heading(opp)).toHaveText('Next: Leader of the Opposition Constructive');
  await expect(opp.getByTestId('prep-both')).toHaveCount(0);
  await close();
});

test('on a 375 px phone only a one-line clock with the speaker’s control stays pinned', async ({ browser }) => {
  const { gov, opp, close } = await parliRoom(browser, { width: 375, height: 812 });
  const pinned = gov.getByTestId('pinned-clock');
  await expect(pinned).toContainText('Next: PMC · Government');
  await expect(pinned.getByTestId('pinned-clock-time')).toHaveText('7:00');
  // The speaker's control is in the pinned clock, and only there.
  await expect(pinned.getByRole('button', { name: 'Start PMC' })).toBeVisible();
  await expect(gov.getByRole('button', { name: 'Start PMC' })).toHaveCount(1);
  // The other side's pinned clock has the time but no button of the Government's.
  await expect(opp.getByTestId('pinned-clock').getByRole('button')).toHaveCount(0);

  await pinned.getByRole('button', { name: 'Start PMC' }).click();
  await expect(pinned).toContainText('PMC · Government');
  await expect(pinned.getByRole('button', { name: 'End speech' })).toBeVisible();

  // Scrolled far down, the one line is still in view and takes a small part of the screen; the clock card scrolled.
  await gov.mouse.wheel(0, 2000);
  await expect.poll(() => gov.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  const box = (await pinned.boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThan(812 / 3);
  expect(box.height).toBeLessThanOrEqual(80);
  expect((await gov.getByTestId('debate-clock').boundingBox())!.y).toBeLessThan(0);
  expect(await gov.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await pinned.getByRole('button', { name: 'End speech' }).click();
  await expect(pinned).toContainText('Next: LOC · Opposition');
  await close();
});

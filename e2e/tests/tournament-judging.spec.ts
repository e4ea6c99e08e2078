/**
 * Judging a tournament, in the browser: a judge writes a paradigm in Settings; the host of a Parli tournament sets
 * round 1's motion, which an entrant cannot read anywhere until the round is released; once it is, the entrant's
 * pairing names the judge with their paradigm before the round starts, and shows the motion the room opens with.
 */
import { test, expect } from '../support/fixtures';
import { signInAs, uniqueEmail } from '../support/accounts';
import { seriousViolations } from '../support/axe';
import { BASE_URL } from '../support/env';
import { toast } from '../pages/AuthPages';
import { TournamentPages } from '../pages/TournamentPages';

const headers = { origin: BASE_URL };

test('a judge’s paradigm is on the pairing before the round starts; a Parli motion stays hidden until release', async ({
  browser,
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const run = Date.now().toString(36);
  const names = { host: `Host ${run}`, judge: `Judge ${run}`, ann: `Ann ${run}`, ben: `Ben ${run}` };
  const paradigm = `Tabula rasa ${run}. Weigh your impacts and tell me why your world is better.`;
  const motion = `This House would make voting compulsory ${run}`;
  const [hostCtx, annCtx, benCtx] = await Promise.all([1, 2, 3].map(() => browser.newContext()));
  await signInAs(page.context(), uniqueEmail('judging-judge'), names.judge);
  await signInAs(hostCtx!, uniqueEmail('judging-host'), names.host);
  await signInAs(annCtx!, uniqueEmail('judging-ann'), names.ann);
  await signInAs(benCtx!, uniqueEmail('judging-ben'), names.ben);

  // The judge writes their paradigm in Settings.
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Judge paradigm' });
  await section.getByLabel('How you judge').fill(paradigm);
  await section.getByRole('button', { name: 'Save paradigm' }).click();
  await expect(toast(page, 'Your paradigm is saved.')).toBeVisible();
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await section.screenshot({ path: testInfo.outputPath(`settings-paradigm-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  const judgeId = ((await (await page.request.get('/api/session')).json()) as { user: { id: string } }).user.id;

  // A coach hosts an open Parli tournament; Ann and Ben enter; the judge joins the pool.
  const team = await hostCtx!.request.post('/api/teams', { headers, data: { name: `North ${run}`, school: 'North' } });
  expect(team.ok(), await team.text()).toBe(true);
  const created = await hostCtx!.request.post('/api/tournaments', {
    headers,
    data: {
      name: `Parli Cup ${run}`,
      formatId: 'parli',
      prelimRounds: 2,
      breakSize: 0,
      scheduleMode: 'fixed',
      entryMode: 'open',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()).tournament as { id: number };
  for (const ctx of [annCtx!, benCtx!]) {
    const entered = await ctx.request.post(`/api/tournaments/${id}/entrants`, { headers, data: {} });
    expect(entered.status(), await entered.text()).toBe(201);
  }
  const added = await hostCtx!.request.post(`/api/tournaments/${id}/judges`, { headers, data: { userId: judgeId } });
  expect(added.status(), await added.text()).toBe(201);

  // The host sets round 1's motion on the tournament page.
  const hostPage = await hostCtx!.newPage();
  const host = new TournamentPages(hostPage);
  await host.goto(id);
  const motions = hostPage.getByRole('region', { name: 'Motions' });
  await motions.getByLabel('Round 1 motion').fill(motion);
  await motions.getByRole('button', { name: 'Save motion' }).first().click();
  await expect(toast(hostPage, 'Round 1’s motion is saved.')).toBeVisible();

  // Ann sees the judges with their paradigms, and nothing of the motion, on the page or through the API.
  const annPage = await annCtx!.newPage();
  const ann = new TournamentPages(annPage);
  await ann.goto(id);
  const judges = annPage.getByRole('region', { name: 'Judges' });
  await expect(judges).toContainText(names.judge);
  await judges.getByText('Paradigm').click();
  await expect(judges.getByTestId('judge-paradigm')).toHaveText(paradigm);
  await expect(annPage.getByRole('main')).not.toContainText(motion);
  const hidden = await annCtx!.request.get(`/api/tournaments/${id}/motions`);
  expect(await hidden.json()).toEqual({ motions: [] });
  const rounds = await (await annCtx!.request.get(`/api/tournaments/${id}/rounds`)).text();
  expect(rounds).not.toContain(motion);

  // Released: Ann's pairing names her judge with their paradigm, and the motion; the room has not started yet.
  await host.releaseButton(1).click();
  await expect(toast(hostPage, 'Round 1 is released: its rooms are open.')).toBeVisible();
  const own = ann.pairings;
  await expect(own).toHaveCount(1);
  await expect(own.getByTestId('pairing-judge')).toContainText(`Judge: ${names.judge}`);
  await expect(own.getByTestId('judge-paradigm')).toHaveText(paradigm);
  await expect(annPage.getByTestId('round-motion')).toHaveText(`Motion: ${motion}`);
  expect(await seriousViolations(annPage)).toEqual([]);
  for (const width of [1280, 375]) {
    await annPage.setViewportSize({ width, height: 900 });
    await annPage.screenshot({ path: testInfo.outputPath(`entrant-pairing-${width}.png`), fullPage: true });
    await hostPage.setViewportSize({ width, height: 900 });
    await hostPage.screenshot({ path: testInfo.outputPath(`host-judging-${width}.png`), fullPage: true });
  }

  // The room opens with the motion as its resolution, and names the judge with the paradigm.
  await own.getByRole('link', { name: 'Go to your room' }).click();
  await expect(annPage).toHaveURL(/\/debates\/\d+$/);
  await expect(annPage.getByRole('main')).toContainText(motion);
  await expect(annPage.getByTestId('judge-name')).toHaveText(names.judge);
  await annPage.getByRole('region', { name: 'Judge' }).getByText('Paradigm').click();
  await expect(annPage.getByRole('region', { name: 'Judge' }).getByTestId('judge-paradigm')).toHaveText(paradigm);
  await annPage.screenshot({ path: testInfo.outputPath('room-judge-paradigm-375.png'), fullPage: true });

  await Promise.all([hostCtx!, annCtx!, benCtx!].map((ctx) => ctx.close()));
});

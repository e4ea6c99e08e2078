/**
 * A coach hosts an LD tournament: entrants join by code, the host releases round 1, an entrant reads their own
 * pairing and goes into its room, and releasing the next round before round 1 has its results is refused with the
 * server's words.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { signInAs, uniqueEmail } from '../support/accounts';
import { seriousViolations } from '../support/axe';
import { BASE_URL } from '../support/env';
import { TournamentPages } from '../pages/TournamentPages';

const headers = { origin: BASE_URL };

test('a coach runs round 1 of a tournament entered by code; an entrant goes from their pairing into the room', async ({
  browser,
  page,
  consoleErrors,
}) => {
  test.setTimeout(90_000);
  const run = Date.now().toString(36);
  const names = { coach: `Coach ${run}`, ann: `Ann ${run}`, ben: `Ben ${run}`, cy: `Cy ${run}` };
  const coachCtx = page.context();
  const [annCtx, benCtx, cyCtx] = await Promise.all([1, 2, 3].map(() => browser.newContext()));
  await signInAs(coachCtx, uniqueEmail('tourney-coach'), names.coach);
  await signInAs(annCtx!, uniqueEmail('tourney-ann'), names.ann);
  await signInAs(benCtx!, uniqueEmail('tourney-ben'), names.ben);
  await signInAs(cyCtx!, uniqueEmail('tourney-cy'), names.cy);
  // Coaching a team is what lets a member host tournaments.
  const team = await coachCtx.request.post('/api/teams', {
    headers,
    data: { name: `Eastside ${run}`, school: 'East' },
  });
  expect(team.ok(), await team.text()).toBe(true);

  const host = new TournamentPages(page);
  const name = `Fall Open ${run}`;
  const id = await host.create({ name, format: 'Lincoln Douglas', prelimRounds: 2, breakLabel: 'Top 2' });
  await expect(page.getByTestId('tournament-status')).toHaveText('Taking entries');
  await expect(host.releaseButton(1)).toBeDisabled();
  await expect(page.getByText('A tournament needs at least 2 entrants to start; this one has 0.')).toBeVisible();
  const code = (await host.joinCode.textContent())!.trim();

  // Ann enters through the form; Ben and Cy with the same code. The host's page lists them as they come.
  const annPage = await annCtx!.newPage();
  const ann = new TournamentPages(annPage);
  await annPage.goto('/tournaments');
  await expect(annPage.getByRole('region', { name: 'Create a tournament' })).toHaveCount(0);
  expect(await seriousViolations(annPage)).toEqual([]);
  await ann.joinWithCode(code);
  await expect(annPage).toHaveURL(`/tournaments/${id}`);
  await expect(ann.heading).toHaveText(name);
  for (const ctx of [benCtx!, cyCtx!]) {
    const joined = await ctx.request.post(`/api/tournaments/join/${code}`, { headers, data: {} });
    expect(joined.status(), await joined.text()).toBe(201);
  }
  for (const who of [names.ann, names.ben, names.cy]) await expect(host.entrants).toContainText(who);
  await expect(host.entrants).toContainText('Open');

  // Round 1: three entrants make one debate and one bye. Ann's page hears of it live.
  await expect(ann.pairings).toHaveCount(0);
  await host.releaseButton(1).click();
  await expect(page.getByTestId('round-1').getByTestId('tournament-pairing')).toHaveCount(2);
  await expect(page.getByTestId('round-1')).toContainText('has the bye');
  await expect(page.getByTestId('tournament-status')).toHaveText('Running');
  expect(await seriousViolations(page)).toEqual([]);

  type TSeat = { displayName: string } | null;
  const rounds = await (await coachCtx.request.get(`/api/tournaments/${id}/rounds`)).json();
  const debate = (rounds.rounds[0].pairings as { debateId: number | null; aff: TSeat; neg: TSeat }[]).find(
    (p) => p.debateId !== null,
  )!;
  const debaters = [debate.aff!.displayName, debate.neg!.displayName];
  await expect(ann.pairings).toHaveCount(1);
  let debater: Page = annPage;
  if (debaters.includes(names.ann)) {
    await expect(annPage.getByTestId('tournament-round-notice')).toContainText(`${name}: round 1 is out`);
  } else {
    await expect(ann.pairings).toContainText('You have the bye this round');
    const contexts: Record<string, BrowserContext> = { [names.ben]: benCtx!, [names.cy]: cyCtx! };
    debater = await contexts[debaters[0]!]!.newPage();
    await new TournamentPages(debater).goto(id);
  }
  const own = debater.getByTestId('tournament-pairing');
  await expect(own).toContainText(/You are (Affirmative|Negative) against/);
  await own.getByRole('link', { name: 'Go to your room' }).click();
  await expect(debater).toHaveURL(`/debates/${debate.debateId}`);
  await expect(debater.getByTestId('debate-clock')).toBeVisible();

  // Round 2 waits for round 1's results; round 1 cannot go out twice.
  // The refused request is logged by the browser: expected here, as the page shows the server's answer.
  consoleErrors.allow(/status of 409 \(Conflict\).*\/rounds\/2\/release/);
  await host.releaseButton(2).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(
    'Round 1 is not over: 1 debate has no result yet. The next draw is made from confirmed results only.',
  );
  const again = await coachCtx.request.post(`/api/tournaments/${id}/rounds/1/release`, { headers });
  expect(again.status()).toBe(409);
  expect((await again.json()).error.message).toBe('Round 1 has been released already.');

  await Promise.all([annCtx!, benCtx!, cyCtx!].map((ctx) => ctx.close()));
});

test('someone enters an open tournament from its page and withdraws again', async ({ browser, page }) => {
  const run = Date.now().toString(36);
  const coachCtx = await browser.newContext();
  await signInAs(coachCtx, uniqueEmail('tourney-open-coach'), `Coach ${run}`);
  const team = await coachCtx.request.post('/api/teams', { headers, data: { name: `West ${run}`, school: 'West' } });
  expect(team.ok(), await team.text()).toBe(true);
  const created = await coachCtx.request.post('/api/tournaments', {
    headers,
    data: {
      name: `Open Cup ${run}`,
      formatId: 'pf',
      prelimRounds: 3,
      breakSize: 0,
      scheduleMode: 'when_ballots_in',
      entryMode: 'open',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()).tournament as { id: number };

  const dee = `Dee ${run}`;
  await signInAs(page.context(), uniqueEmail('tourney-open-dee'), dee);
  const pages = new TournamentPages(page);
  await pages.goto(id);
  await expect(page.getByText('Open to anyone signed in')).toBeVisible();
  await page.getByRole('button', { name: 'Enter this tournament' }).click();
  await expect(pages.entrants).toContainText(dee);
  // An open tournament draws in two pools by age band, named without age words: an adult is in pool B.
  await expect(pages.entrants).toContainText('Open · pool B');
  await page.getByRole('button', { name: 'Withdraw' }).click();
  await expect(page.getByText('Your entry is removed; you may enter again until the first round.')).toBeVisible();
  await page.getByRole('button', { name: 'Confirm withdrawal' }).click();
  // No longer an entrant, Dee is told who sees the list of entrants instead of reading it.
  await expect(page.getByTestId('entrants-private')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enter this tournament' })).toBeVisible();
  await coachCtx.close();
});

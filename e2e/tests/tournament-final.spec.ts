/**
 * A coach's 6-entrant LD tournament from entry to champion: entrants join by code (three through the form), the
 * host releases each round from the page, results come in (each debate's loser forfeits through the API, a confirmed
 * result like a ballot), an entrant's open page shows the standings move without a reload, the break of 2 pairs
 * seeds 1 and 2 in the final, and after the host publishes, a visitor who is not signed in reads the champion on the
 * public results page. Screenshots at 1280 and 375 wide of the tournament page and the results page.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { signInAs, uniqueEmail } from '../support/accounts';
import { BASE_URL } from '../support/env';
import { TournamentPages } from '../pages/TournamentPages';

const headers = { origin: BASE_URL };

type TSeat = { entrantId: number; displayName: string } | null;
type TPairing = { debateId: number | null; aff: TSeat; neg: TSeat; bye: TSeat };

/** Console errors of a page other than the fixture's own (which the fixture checks). */
function watchConsole(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') seen.push(message.text());
  });
  page.on('pageerror', (error) => seen.push(error.message));
  return seen;
}

test('a 6-entrant LD tournament runs to a champion shown on the public results page', async ({
  browser,
  page,
  consoleErrors,
}, testInfo) => {
  test.setTimeout(180_000);
  const run = Date.now().toString(36);
  const coachCtx = page.context();
  await signInAs(coachCtx, uniqueEmail('final-coach'), `Coach ${run}`);
  const team = await coachCtx.request.post('/api/teams', { headers, data: { name: `North ${run}`, school: 'North' } });
  expect(team.ok(), await team.text()).toBe(true);

  const host = new TournamentPages(page);
  const name = `Winter Final ${run}`;
  const id = await host.create({ name, format: 'Lincoln Douglas', prelimRounds: 2, breakLabel: 'Top 2' });
  const code = (await host.joinCode.textContent())!.trim();

  // Six entrants: the first three through the "Join with a code" form, the others through the API.
  const names = ['Ada', 'Bo', 'Cal', 'Dee', 'Eli', 'Fay'].map((n) => `${n} ${run}`);
  const contexts = new Map<string, BrowserContext>();
  for (const [index, who] of names.entries()) {
    const ctx = await browser.newContext();
    await signInAs(ctx, uniqueEmail(`final-${index}`), who);
    contexts.set(who, ctx);
    if (index < 3) {
      const entrantPage = await ctx.newPage();
      await new TournamentPages(entrantPage).joinWithCode(code);
      await expect(entrantPage).toHaveURL(`/tournaments/${id}`);
      await entrantPage.close();
    } else {
      const joined = await ctx.request.post(`/api/tournaments/join/${code}`, { headers, data: {} });
      expect(joined.status(), await joined.text()).toBe(201);
    }
  }
  for (const who of names) await expect(host.entrants).toContainText(who);

  // Ada keeps the tournament page open all along.
  const adaPage = await contexts.get(names[0]!)!.newPage();
  const adaErrors = watchConsole(adaPage);
  const ada = new TournamentPages(adaPage);
  await ada.goto(id);

  const roundPairings = async (number: number) => {
    const response = await coachCtx.request.get(`/api/tournaments/${id}/rounds`);
    const rounds = (await response.json()).rounds as { number: number; pairings: TPairing[] }[];
    return rounds.find((r) => r.number === number)!.pairings;
  };
  /** One side forfeits (the negative unless `loserName` is named): the other wins, a confirmed result. */
  const forfeit = async (pairing: TPairing, loserName = pairing.neg!.displayName) => {
    const loser = contexts.get(loserName)!;
    const response = await loser.request.post(`/api/debates/${pairing.debateId}/forfeit`, { headers });
    expect(response.status(), await response.text()).toBe(200);
  };
  const adaTab = adaPage.getByTestId('tournament-standings');

  // Round 1 is released from the host's page; Ada's page shows the tab with nothing counted yet.
  await host.releaseButton(1).click();
  await expect(page.getByTestId('tournament-status')).toHaveText('Running');
  await expect(adaTab).toContainText('0 results counted');
  const round1 = (await roundPairings(1)).filter((p) => p.debateId !== null);
  expect(round1).toHaveLength(3);
  // Each result moves Ada's tab live, without a reload.
  for (const [index, pairing] of round1.entries()) {
    await forfeit(pairing);
    await expect(adaTab).toContainText(`${index + 1} ${index === 0 ? 'result' : 'results'} counted`, {
      timeout: 2_000,
    });
  }
  const winnerRow = adaTab.getByTestId('standing-row').filter({ hasText: round1[0]!.aff!.displayName });
  await expect(winnerRow.getByTestId('standing-wins')).toHaveText('1');

  await host.releaseButton(2).click();
  await expect(page.getByTestId('round-2').getByTestId('tournament-pairing')).toHaveCount(3);
  // Round 2: whoever won round 1 wins again, so the tab has a clear first (2–0).
  const roundOneWinners = new Set(round1.map((p) => p.aff!.displayName));
  for (const pairing of (await roundPairings(2)).filter((p) => p.debateId !== null)) {
    const isNegAhead = roundOneWinners.has(pairing.neg!.displayName) && !roundOneWinners.has(pairing.aff!.displayName);
    await forfeit(pairing, isNegAhead ? pairing.aff!.displayName : pairing.neg!.displayName);
  }
  await expect(adaTab).toContainText('6 results counted', { timeout: 2_000 });

  // The break of 2: the final pairs the tab's first and second.
  const standings = await (await coachCtx.request.get(`/api/tournaments/${id}/standings`)).json();
  const tab = (standings.standings.divisions as { standings: unknown[] }[]).find((d) => d.standings.length > 0)!
    .standings as { entrantId: number; displayName: string; wins: number }[];
  expect(tab[0]!.wins).toBe(2);
  await host.releaseButton(3).click();
  const final = (await roundPairings(3))[0]!;
  expect([final.aff!.entrantId, final.neg!.entrantId].sort((a, b) => a - b)).toEqual(
    [tab[0]!.entrantId, tab[1]!.entrantId].sort((a, b) => a - b),
  );
  await expect(page.getByTestId('tournament-bracket')).toContainText(`1. ${tab[0]!.displayName}`);
  await expect(adaPage.getByTestId('tournament-bracket')).toContainText(`2. ${tab[1]!.displayName}`);

  await forfeit(final);
  const champion = final.aff!.displayName;
  await expect(page.getByTestId('tournament-status')).toHaveText('Finished');
  await expect(page.getByTestId('tournament-champion')).toContainText(champion);
  await expect(adaPage.getByTestId('tournament-champion')).toContainText(champion);

  // Before publication a visitor is not shown the results.
  const visitorCtx = await browser.newContext();
  const visitor = await visitorCtx.newPage();
  const visitorErrors = watchConsole(visitor);
  await visitor.goto(`/tournaments/${id}/results`);
  await expect(visitor.getByRole('alert')).toContainText('Results are shown here once the host publishes them.');

  await page.getByRole('button', { name: 'Publish the results' }).click();
  await expect(page.getByRole('link', { name: 'The published results' })).toBeVisible();
  await visitor.reload();
  await expect(visitor.getByTestId('results-champion')).toHaveText(champion);
  await expect(visitor.getByTestId('speaker-awards').getByRole('listitem')).not.toHaveCount(0);
  await expect(visitor.getByTestId('results-pairing')).toHaveCount(7);
  await expect(visitor.getByTestId('tournament-bracket')).toBeVisible();
  await expect(visitor.getByRole('heading', { name: 'Final', exact: true })).toBeVisible();

  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await visitor.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: testInfo.outputPath(`tournament-${width}.png`), fullPage: true });
    await visitor.screenshot({ path: testInfo.outputPath(`results-${width}.png`), fullPage: true });
  }
  expect(adaErrors).toEqual([]);
  // The first visit, before publication, is refused by the server (401), which the browser logs.
  expect(visitorErrors.filter((e) => !/status of 401/.test(e))).toEqual([]);
  expect(consoleErrors.seen).toEqual([]);
  await visitorCtx.close();
  for (const ctx of contexts.values()) await ctx.close();
});

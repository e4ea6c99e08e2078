/**
 * A coach's 6-entrant LD tournament from entry to champion, judged: entrants join by code (three through the form),
 * three judges make the pool, the host releases each round from the page, and every debate runs to its judge's
 * ballot (each speech run, time-shifted in the database; one ballot through the judge's form in the room, the others
 * through the API as the form sends them). An entrant's open page shows the standings move without a reload, with
 * real speaker points; the two entrants unbeaten after two rounds are the break of 2, paired 1 v 2 in the final; and
 * after the host publishes, a visitor who is not signed in reads the champion on the public results page.
 * Screenshots at 1280 and 375 wide of the tournament page and the results page.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { FORMATS, type TDebate } from '@resolved/shared';
import { test, expect } from '../support/fixtures';
import { signInAs, uniqueEmail } from '../support/accounts';
import { seriousViolations } from '../support/axe';
import { letRunningSpeechRun } from '../support/database';
import { BASE_URL } from '../support/env';
import { userIdOf } from '../support/rounds';
import { TournamentPages } from '../pages/TournamentPages';

const headers = { origin: BASE_URL };

type TSeat = { entrantId: number; userId: string; displayName: string } | null;
type TPairing = {
  debateId: number | null;
  aff: TSeat;
  neg: TSeat;
  bye: TSeat;
  judge: { userId: string; displayName: string } | null;
};
type TStanding = { entrantId: number; displayName: string; wins: number; speakerPoints: number };

/** Console errors of a page other than the fixture's own (which the fixture checks). */
function watchConsole(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') seen.push(message.text());
  });
  page.on('pageerror', (error) => seen.push(error.message));
  return seen;
}

async function post(ctx: BrowserContext, url: string, data: object = {}) {
  const response = await ctx.request.post(url, { headers, data });
  expect(response.ok(), `${url}: ${await response.text()}`).toBe(true);
  return response.json();
}

test('a judged 6-entrant LD tournament runs to a champion shown on the public results page', async ({
  browser,
  page,
  consoleErrors,
}, testInfo) => {
  test.setTimeout(240_000);
  const run = Date.now().toString(36);
  const coachCtx = page.context();
  await signInAs(coachCtx, uniqueEmail('final-coach'), `Coach ${run}`);
  await post(coachCtx, '/api/teams', { name: `North ${run}`, school: 'North' });

  const host = new TournamentPages(page);
  const name = `Winter Final ${run}`;
  const id = await host.create({ name, format: 'Lincoln Douglas', prelimRounds: 2, breakLabel: 'Top 2' });
  const code = (await host.joinCode.textContent())!.trim();

  // Every account's browser context, by user id: the debaters speak and the judges write ballots from their own.
  const byUserId = new Map<string, BrowserContext>();
  const contexts: BrowserContext[] = [];
  const newAccount = async (label: string, displayName: string) => {
    const ctx = await browser.newContext();
    await signInAs(ctx, uniqueEmail(label), displayName);
    byUserId.set(await userIdOf(ctx), ctx);
    contexts.push(ctx);
    return ctx;
  };

  // Six entrants: the first three through the "Join with a code" form, the others through the API.
  const names = ['Ada', 'Bo', 'Cal', 'Dee', 'Eli', 'Fay'].map((n) => `${n} ${run}`);
  for (const [index, who] of names.entries()) {
    const ctx = await newAccount(`final-${index}`, who);
    if (index < 3) {
      const entrantPage = await ctx.newPage();
      await new TournamentPages(entrantPage).joinWithCode(code);
      await expect(entrantPage).toHaveURL(`/tournaments/${id}`);
      await entrantPage.close();
    } else {
      await post(ctx, `/api/tournaments/join/${code}`);
    }
  }
  for (const who of names) await expect(host.entrants).toContainText(who);
  // Three judges in the pool: one for each room of a preliminary round.
  for (const index of [1, 2, 3]) {
    const ctx = await newAccount(`final-judge-${index}`, `Judge ${index} ${run}`);
    await post(coachCtx, `/api/tournaments/${id}/judges`, { userId: await userIdOf(ctx) });
  }

  // Ada keeps the tournament page open all along.
  const adaCtx = contexts[0]!;
  const adaPage = await adaCtx.newPage();
  const adaErrors = watchConsole(adaPage);
  const ada = new TournamentPages(adaPage);
  await ada.goto(id);
  const adaTab = adaPage.getByTestId('tournament-standings');

  const roundPairings = async (number: number) => {
    const response = await coachCtx.request.get(`/api/tournaments/${id}/rounds`);
    const rounds = (await response.json()).rounds as { number: number; pairings: TPairing[] }[];
    return rounds.find((r) => r.number === number)!.pairings.filter((p) => p.debateId !== null);
  };
  const standings = async () => {
    const body = await (await coachCtx.request.get(`/api/tournaments/${id}/standings`)).json();
    return (body.standings.divisions as { standings: TStanding[] }[]).find((d) => d.standings.length > 0)!.standings;
  };

  /**
   * Runs the pairing's debate to its judge's ballot: each speech spoken by its side (its time moved back in the
   * database, as the other browser tests do), then the judge's ballot for `winner` with these speaker points, written
   * in the judge's form in the room when `isThroughForm`, else sent to the API as the form sends it.
   */
  const judgeDebate = async (
    pairing: TPairing,
    winner: 'aff' | 'neg',
    points: { winner: number; loser: number },
    isThroughForm = false,
  ) => {
    const debateId = pairing.debateId!;
    const judgeCtx = byUserId.get(pairing.judge!.userId)!;
    const { debate } = (await (await judgeCtx.request.get(`/api/debates/${debateId}`)).json()) as { debate: TDebate };
    const sideOf = (seat: TSeat) => (debate.debaters.a.userId === seat!.userId ? 'a' : 'b');
    const bySide = { a: byUserId.get(debate.debaters.a.userId)!, b: byUserId.get(debate.debaters.b.userId)! };
    for (const speech of FORMATS.ld.speeches) {
      const speaker = bySide[speech.speaker === 'b' ? 'b' : 'a'];
      await post(speaker, `/api/debates/${debateId}/clock`, { action: 'start_speech' });
      letRunningSpeechRun(debateId, speech.minutes);
      await post(speaker, `/api/debates/${debateId}/clock`, { action: 'end_speech' });
    }
    const winnerSide = sideOf(pairing[winner]);
    const loserSide = winnerSide === 'a' ? 'b' : 'a';
    const reason = `${pairing[winner]!.displayName} weighed the value clash.`;
    if (!isThroughForm) {
      await post(judgeCtx, `/api/debates/${debateId}/ballots`, {
        winnerSide,
        speakerPoints: { [winnerSide]: points.winner, [loserSide]: points.loser },
        reason,
      });
      return;
    }
    const judgePage = await judgeCtx.newPage();
    await judgePage.goto(`/debates/${debateId}`);
    const form = judgePage.getByRole('form', { name: 'Your ballot' });
    const label = (side: 'a' | 'b') => `${FORMATS.ld.sides[side]} (${debate.debaters[side].displayName})`;
    await form.getByRole('radio', { name: label(winnerSide) }).check();
    await form.getByLabel(`Speaker points: ${debate.debaters[winnerSide].displayName}`).fill(String(points.winner));
    await form.getByLabel(`Speaker points: ${debate.debaters[loserSide].displayName}`).fill(String(points.loser));
    await form.getByLabel('Reason for decision').fill(reason);
    await form.getByRole('button', { name: 'Submit ballot' }).click();
    await expect(form).toHaveCount(0);
    await expect(judgePage.getByTestId('ballot')).toContainText(`Winner: ${label(winnerSide)}`);
    await judgePage.close();
  };

  // Round 1 is released from the host's page; Ada's page shows the tab with nothing counted yet.
  await host.releaseButton(1).click();
  await expect(page.getByTestId('tournament-status')).toHaveText('Running');
  await expect(adaTab).toContainText('0 results counted');
  const round1 = await roundPairings(1);
  expect(round1).toHaveLength(3);
  for (const pairing of round1) expect(pairing.judge).not.toBeNull();
  // Winners on both sides (so round 2, which gives each debater the other side, can pair two winners): the first
  // ballot through the judge's form in the room, the others through the API. Each moves Ada's tab live.
  const round1Winners: ('aff' | 'neg')[] = ['aff', 'neg', 'aff'];
  const round1Points = [
    { winner: 28, loser: 27 },
    { winner: 28.5, loser: 27.3 },
    { winner: 29, loser: 27.6 },
  ];
  for (const [index, pairing] of round1.entries()) {
    await judgeDebate(pairing, round1Winners[index]!, round1Points[index]!, index === 0);
    await expect(adaTab).toContainText(`${index + 1} ${index === 0 ? 'result' : 'results'} counted`, {
      timeout: 2_000,
    });
  }
  const roundOneWinners = new Set(round1.map((p, index) => p[round1Winners[index]!]!.displayName));
  const firstWinner = round1[0]!.aff!.displayName;
  const winnerRow = adaTab.getByTestId('standing-row').filter({ hasText: firstWinner });
  await expect(winnerRow.getByTestId('standing-wins')).toHaveText('1');
  await expect(winnerRow.getByTestId('standing-points')).toHaveText('28.0');

  await host.releaseButton(2).click();
  await expect(page.getByTestId('round-2').getByTestId('tournament-pairing')).toHaveCount(3);
  // Round 2 is power-paired: two of round 1's winners meet (the affirmative wins), the third winner beats a loser,
  // and the other two losers meet (the affirmative wins). That leaves exactly two entrants on 2 wins.
  const round2 = await roundPairings(2);
  const winnersIn = (p: TPairing) => [p.aff!, p.neg!].filter((s) => roundOneWinners.has(s.displayName)).length;
  expect(round2.map(winnersIn).sort()).toEqual([0, 1, 2]);
  for (const pairing of round2) {
    const isNegAhead = winnersIn(pairing) === 1 && roundOneWinners.has(pairing.neg!.displayName);
    await judgeDebate(pairing, isNegAhead ? 'neg' : 'aff', { winner: 29, loser: 27.5 });
  }
  await expect(adaTab).toContainText('6 results counted', { timeout: 2_000 });

  // The tab from real results: two unbeaten entrants, two on one win, two without; speaker points counted.
  const tab = await standings();
  expect(tab.map((s) => s.wins)).toEqual([2, 2, 1, 1, 0, 0]);
  for (const row of tab) expect(row.speakerPoints).toBeGreaterThan(0);
  await expect(adaTab.getByTestId('standing-row').first().getByTestId('standing-points')).toHaveText(
    tab[0]!.speakerPoints.toFixed(1),
  );

  // The break of 2: the final pairs the tab's first and second, the two unbeaten entrants. The round is named as the
  // results page names it, on the host's and the entrants' pages and on the first seed's dashboard.
  await expect(page.getByTestId('round-2').getByRole('heading', { level: 3 })).toContainText('Round 2');
  await host.releaseButton('the final').click();
  await expect(page.getByTestId('round-3').getByRole('heading', { level: 3 })).toContainText('Final');
  await expect(adaPage.getByTestId('round-3').getByRole('heading', { level: 3 })).toContainText('Final');
  const finalistId = (await (await coachCtx.request.get(`/api/tournaments/${id}/entrants`)).json()).entrants.find(
    (e: { id: number; userId: string }) => e.id === tab[0]!.entrantId,
  ).userId as string;
  const finalistPage = await byUserId.get(finalistId)!.newPage();
  await finalistPage.goto('/dashboard');
  await expect(finalistPage.getByTestId('your-tournament-round')).toContainText(`${name}, the final:`);
  await finalistPage.close();
  const final = (await roundPairings(3))[0]!;
  expect([final.aff!.entrantId, final.neg!.entrantId].sort((a, b) => a - b)).toEqual(
    [tab[0]!.entrantId, tab[1]!.entrantId].sort((a, b) => a - b),
  );
  await expect(page.getByTestId('tournament-bracket')).toContainText(`1. ${tab[0]!.displayName}`);
  await expect(adaPage.getByTestId('tournament-bracket')).toContainText(`2. ${tab[1]!.displayName}`);

  await judgeDebate(final, 'neg', { winner: 29.5, loser: 28.5 });
  const champion = final.neg!.displayName;
  await expect(page.getByTestId('tournament-status')).toHaveText('Finished');
  await expect(page.getByTestId('tournament-champion')).toContainText(champion);
  await expect(adaPage.getByTestId('tournament-champion')).toContainText(champion);
  expect(await seriousViolations(adaPage)).toEqual([]);

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
  // The bracket's columns are named as the pairings name the rounds (not the viewer's own "Final Round").
  await expect(visitor.getByTestId('tournament-bracket').locator('.round > h3')).toHaveText(['Final']);
  await expect(visitor.getByRole('heading', { name: 'Final', exact: true })).toBeVisible();

  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await visitor.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: testInfo.outputPath(`tournament-${width}.png`), fullPage: true });
    await visitor.screenshot({ path: testInfo.outputPath(`results-${width}.png`), fullPage: true });
    // The standings fit the screen, a phone's too: no table wider than its card, no page scrolling sideways.
    for (const [who, section] of [
      [page, 'tournament-standings'],
      [visitor, 'results-standings'],
    ] as const) {
      const card = who.locator(`section[aria-labelledby="${section}"]`);
      await card.screenshot({ path: testInfo.outputPath(`${section}-${width}.png`) });
      const table = card.getByTestId('tournament-standings');
      const [tableWidth, cardWidth] = await Promise.all([
        table.evaluate((e) => e.scrollWidth),
        card.evaluate((e) => e.clientWidth),
      ]);
      expect(tableWidth).toBeLessThanOrEqual(cardWidth);
      expect(await who.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }
  }
  expect(await seriousViolations(visitor)).toEqual([]);
  expect(adaErrors).toEqual([]);
  // The first visit, before publication, is refused by the server (401), which the browser logs.
  expect(visitorErrors.filter((e) => !/status of 401/.test(e))).toEqual([]);
  expect(consoleErrors.seen).toEqual([]);
  await visitorCtx.close();
  for (const ctx of contexts) await ctx.close();
});

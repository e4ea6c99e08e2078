/**
 * A host re-pairs the first elimination round (here the final of a break of 2) from the tournament's page, and the
 * tournament goes on to a champion (issue 39, item 1: the second draw once inserted the bracket again, a 500 that left
 * the round a draft for ever). Results are forfeits (a debater resigns), which confirm a round at once.
 */
import { test, expect } from '../support/fixtures';
import { signInAs, uniqueEmail } from '../support/accounts';
import { BASE_URL } from '../support/env';
import { TournamentPages } from '../pages/TournamentPages';

const headers = { origin: BASE_URL };

test('a host re-pairs the first elimination round and the tournament reaches a champion', async ({ browser, page }) => {
  test.setTimeout(120_000);
  const run = Date.now().toString(36);
  const hostCtx = page.context();
  await signInAs(hostCtx, uniqueEmail('repair-host'), `Host ${run}`);
  const names = ['Ann', 'Ben', 'Cy', 'Dee'].map((n) => `${n} ${run}`);
  const contexts = await Promise.all(names.map(() => browser.newContext()));
  const byName = new Map(names.map((name, i) => [name, contexts[i]!]));
  for (const [index, name] of names.entries()) await signInAs(contexts[index]!, uniqueEmail('repair-entrant'), name);
  // A coach hosts (a team makes one).
  const team = await hostCtx.request.post('/api/teams', {
    headers,
    data: { name: `East ${run}`, school: 'East High' },
  });
  expect(team.ok(), await team.text()).toBe(true);
  const created = await hostCtx.request.post('/api/tournaments', {
    headers,
    data: {
      name: `Re-paired final ${run}`,
      formatId: 'ld',
      prelimRounds: 1,
      breakSize: 2,
      scheduleMode: 'fixed',
      entryMode: 'open',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = (await created.json()).tournament.id as number;
  for (const ctx of contexts) {
    const entered = await ctx.request.post(`/api/tournaments/${id}/entrants`, { headers, data: {} });
    expect(entered.status(), await entered.text()).toBe(201);
  }
  type TPairing = { debateId: number | null; aff: { displayName: string } | null; neg: { displayName: string } | null };
  /** The neg resigns each debate: the aff wins it. */
  const affWins = async (pairings: TPairing[]) => {
    for (const p of pairings.filter((x) => x.debateId !== null)) {
      const resigned = await byName.get(p.neg!.displayName)!.request.post(`/api/debates/${p.debateId}/forfeit`, {
        headers,
      });
      expect(resigned.status(), await resigned.text()).toBe(200);
    }
  };
  const round1 = await hostCtx.request.post(`/api/tournaments/${id}/rounds/1/release`, { headers });
  expect(round1.status(), await round1.text()).toBe(201);
  await affWins((await round1.json()).round.pairings);
  const final = await hostCtx.request.post(`/api/tournaments/${id}/rounds/2/release`, { headers });
  expect(final.status(), await final.text()).toBe(201);

  // The host re-pairs the final from the page: drawn again, not a dead end.
  const host = new TournamentPages(page);
  await host.goto(id);
  await page.getByRole('button', { name: 'Re-pair the final' }).click();
  await page.getByRole('button', { name: 'Yes, re-pair the final' }).click();
  await expect(page.getByText('Final is drawn again: its entrants are told their new rooms.')).toBeVisible();
  const rounds = (await (await hostCtx.request.get(`/api/tournaments/${id}/rounds`)).json()).rounds as {
    number: number;
    pairings: TPairing[];
  }[];
  const redrawn = rounds.find((r) => r.number === 2)!.pairings;
  expect(redrawn.filter((p) => p.debateId !== null)).toHaveLength(1);

  // The final is decided: the tournament is finished and the page names its champion.
  await affWins(redrawn);
  const champion = redrawn.find((p) => p.debateId !== null)!.aff!.displayName;
  await page.reload();
  await expect(page.getByTestId('tournament-champion')).toContainText(champion, { timeout: 15_000 });
  const tournament = (await (await hostCtx.request.get(`/api/tournaments/${id}`)).json()).tournament;
  expect(tournament.status).toBe('finished');
  await Promise.all(contexts.map((ctx) => ctx.close()));
});

/**
 * What a published tournament shows of a minor to someone outside it (`docs/safety.md`, "Tournaments"): a signed-out
 * visitor on the results page and a signed-in stranger on the tournament's page see the adult ranked with points and
 * the minor by a shortened name alone, with no rank or points, and the stranger is not shown the list of entrants.
 * The coach, one of the tournament's own people, sees the minor's full name in the tab.
 */
import { test, expect } from '../support/fixtures';
import { birthMonthForAge, signInAs, uniqueEmail } from '../support/accounts';
import { BASE_URL } from '../support/env';

const headers = { origin: BASE_URL };

test('a visitor and a stranger see a published tab with its minor private', async ({ browser, page }) => {
  test.setTimeout(90_000);
  const run = Date.now().toString(36);
  const names = { coach: `Coach ${run}`, minor: `Mina Young${run}`, adult: `Ada Adult${run}` };
  const coachCtx = page.context();
  const [minorCtx, adultCtx, strangerCtx, visitorCtx] = await Promise.all([1, 2, 3, 4].map(() => browser.newContext()));
  await signInAs(coachCtx, uniqueEmail('minors-coach'), names.coach);
  await signInAs(minorCtx!, uniqueEmail('minors-mina'), names.minor, birthMonthForAge(16));
  await signInAs(adultCtx!, uniqueEmail('minors-ada'), names.adult);
  await signInAs(strangerCtx!, uniqueEmail('minors-stranger'), `Stranger ${run}`);

  // One team: adults meet under-18s in a tournament only on their own team. The coach approves each join.
  const teamAnswer = await coachCtx.request.post('/api/teams', {
    headers,
    data: { name: `Hawks ${run}`, school: 'Hawks High' },
  });
  expect(teamAnswer.ok(), await teamAnswer.text()).toBe(true);
  const team = (await teamAnswer.json()).team as { id: number; joinCode: string };
  for (const ctx of [minorCtx!, adultCtx!]) {
    const joined = await ctx.request.post(`/api/teams/join/${team.joinCode}`, { headers });
    expect(joined.ok(), await joined.text()).toBe(true);
    if (!(await joined.json()).isPending) continue;
    const userId = ((await (await ctx.request.get('/api/session')).json()).user as { id: string }).id;
    const approved = await coachCtx.request.post(`/api/teams/${team.id}/members/${userId}/approve`, { headers });
    expect(approved.ok(), await approved.text()).toBe(true);
  }

  const created = await coachCtx.request.post('/api/tournaments', {
    headers,
    data: {
      name: `Spring league ${run}`,
      formatId: 'ld',
      prelimRounds: 1,
      breakSize: 0,
      scheduleMode: 'fixed',
      entryMode: 'code',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id, joinCode } = (await created.json()).tournament as { id: number; joinCode: string };
  for (const ctx of [minorCtx!, adultCtx!]) {
    const entered = await ctx.request.post(`/api/tournaments/join/${joinCode}`, { headers, data: { teamId: team.id } });
    expect(entered.status(), await entered.text()).toBe(201);
  }
  const released = await coachCtx.request.post(`/api/tournaments/${id}/rounds/1/release`, { headers });
  expect(released.status(), await released.text()).toBe(201);
  const published = await coachCtx.request.post(`/api/tournaments/${id}/publish`, { headers });
  expect(published.status(), await published.text()).toBe(200);

  // A visitor, not signed in, on the public results page.
  const visitorPage = await visitorCtx!.newPage();
  await visitorPage.goto(`/tournaments/${id}/results`);
  const visitorTab = visitorPage.getByTestId('tournament-standings');
  await expect(visitorTab.getByTestId('standing-row')).toHaveCount(1);
  await expect(visitorTab.getByTestId('standing-row')).toContainText(names.adult);
  await expect(visitorTab.getByTestId('standing-private')).toHaveText(/Mina Y\./);
  await expect(visitorPage.locator('body')).not.toContainText(names.minor);
  await expect(visitorPage.getByTestId('results-pairing')).toContainText('Mina Y.');

  // A signed-in stranger on the tournament's page: the same tab, and no list of entrants.
  const strangerPage = await strangerCtx!.newPage();
  await strangerPage.goto(`/tournaments/${id}`);
  const strangerTab = strangerPage.getByTestId('tournament-standings');
  await expect(strangerTab.getByTestId('standing-private')).toHaveText(/Mina Y\./);
  await expect(strangerTab.getByTestId('standing-row')).toContainText(names.adult);
  await expect(strangerPage.getByTestId('entrants-private')).toBeVisible();
  await expect(strangerPage.getByTestId('tournament-entrants')).toHaveCount(0);
  await expect(strangerPage.locator('body')).not.toContainText(names.minor);

  // The coach (its own people) reads the minor's full name in the tab and the entrants.
  await page.goto(`/tournaments/${id}`);
  await expect(page.getByTestId('tournament-standings')).toContainText(names.minor);
  await expect(page.getByTestId('tournament-entrants')).toContainText(names.minor);
  await Promise.all([minorCtx, adultCtx, strangerCtx, visitorCtx].map((ctx) => ctx!.close()));
});

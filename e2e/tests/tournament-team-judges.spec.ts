/**
 * A team's judges, in the browser: the host asks each team for one judge per 2 entrants; the coach of a team with two
 * entrants sees "Bring 1 more judge to …" on the dashboard, follows it to the tournament, adds a member of their team
 * to the judge pool, and the card is gone. The judge they brought marks the final as a round they cannot judge, and
 * their paradigm is on their profile.
 */
import type { BrowserContext } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { signInAs, uniqueEmail } from '../support/accounts';
import { seriousViolations } from '../support/axe';
import { BASE_URL } from '../support/env';
import { toast } from '../pages/AuthPages';
import { TournamentPages } from '../pages/TournamentPages';

const headers = { origin: BASE_URL };

async function userIdOf(ctx: BrowserContext): Promise<string> {
  return ((await (await ctx.request.get('/api/session')).json()) as { user: { id: string } }).user.id;
}

test('a coach brings a judge from their team, and the dashboard’s obligation card goes away', async ({
  browser,
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const run = Date.now().toString(36);
  const names = {
    host: `Host ${run}`,
    coach: `Coach ${run}`,
    ann: `Ann ${run}`,
    ben: `Ben ${run}`,
    judge: `Parent ${run}`,
  };
  const tournamentName = `County Open ${run}`;
  const paradigm = `Flow judge ${run}: clash with the other side’s arguments and weigh at the end.`;
  const [hostCtx, annCtx, benCtx, judgeCtx] = await Promise.all([1, 2, 3, 4].map(() => browser.newContext()));
  await signInAs(page.context(), uniqueEmail('teamjudges-coach'), names.coach);
  await signInAs(hostCtx!, uniqueEmail('teamjudges-host'), names.host);
  await signInAs(annCtx!, uniqueEmail('teamjudges-ann'), names.ann);
  await signInAs(benCtx!, uniqueEmail('teamjudges-ben'), names.ben);
  await signInAs(judgeCtx!, uniqueEmail('teamjudges-judge'), names.judge);

  // The coach's team: Ann, Ben and a parent who judges (with a paradigm).
  const team = await page.request.post('/api/teams', { headers, data: { name: `East ${run}`, school: 'East High' } });
  expect(team.ok(), await team.text()).toBe(true);
  const { id: teamId, joinCode } = (await team.json()).team as { id: number; joinCode: string };
  for (const ctx of [annCtx!, benCtx!, judgeCtx!]) {
    const joined = await ctx.request.post(`/api/teams/join/${joinCode}`, { headers });
    expect(joined.ok(), await joined.text()).toBe(true);
  }
  const wrote = await judgeCtx!.request.put('/api/users/me/paradigm', { headers, data: { paradigm } });
  expect(wrote.ok(), await wrote.text()).toBe(true);

  // The host (a coach of another team) runs an open LD tournament with a break of 2, one judge per 2 entrants.
  const hostTeam = await hostCtx!.request.post('/api/teams', {
    headers,
    data: { name: `West ${run}`, school: 'West High' },
  });
  expect(hostTeam.ok(), await hostTeam.text()).toBe(true);
  const created = await hostCtx!.request.post('/api/tournaments', {
    headers,
    data: {
      name: tournamentName,
      formatId: 'ld',
      prelimRounds: 2,
      breakSize: 2,
      scheduleMode: 'fixed',
      entryMode: 'open',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()).tournament as { id: number };
  const obliged = await hostCtx!.request.put(`/api/tournaments/${id}/judge-obligation`, {
    headers,
    data: { entrantsPerJudge: 2 },
  });
  expect(obliged.ok(), await obliged.text()).toBe(true);
  for (const ctx of [annCtx!, benCtx!]) {
    const entered = await ctx.request.post(`/api/tournaments/${id}/entrants`, { headers, data: { teamId } });
    expect(entered.status(), await entered.text()).toBe(201);
  }

  // The coach's dashboard asks for the judge, linking to the tournament.
  await page.goto('/dashboard');
  const card = page.getByTestId('judges-owed');
  await expect(card).toContainText(`Bring 1 more judge to ${tournamentName}`);
  await expect(card).toContainText(`East ${run}: 0 of 1 brought`);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await card.screenshot({ path: testInfo.outputPath(`dashboard-judges-owed-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await card.getByRole('link', { name: `Bring 1 more judge to ${tournamentName}` }).click();
  await expect(page).toHaveURL(new RegExp(`/tournaments/${id}$`));

  // On the tournament page: the team owes one; the coach picks the parent (not Ann or Ben, who are entrants).
  const tournament = new TournamentPages(page);
  await expect(tournament.heading).toHaveText(tournamentName);
  const owed = page.getByRole('region', { name: 'Judges owed' });
  await expect(owed.getByTestId('judge-obligations')).toContainText('0 of 1 judge brought');
  const picker = owed.getByTestId('team-judges');
  const member = picker.getByLabel(`A member of East ${run}`);
  await expect(member.locator('option')).toHaveText([names.coach, names.judge].sort());
  await member.selectOption({ label: names.judge });
  await picker.getByRole('button', { name: 'Add to the judge pool' }).click();
  await expect(toast(page, `${names.judge} is in the judge pool for East ${run}.`)).toBeVisible();
  await expect(owed.getByTestId('judge-obligations')).toContainText('1 of 1 judge brought · met');
  await expect(picker.getByRole('button', { name: `Take ${names.judge} out of the judge pool` })).toBeVisible();
  // The pool, as the team's entrants read it, names the judge with their paradigm.
  await expect(page.getByRole('region', { name: 'Judges' })).toContainText(names.judge);
  expect(await seriousViolations(page)).toEqual([]);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await owed.screenshot({ path: testInfo.outputPath(`coach-team-judges-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  // Back on the dashboard, the card is gone (its list read afresh says nothing is owed).
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/tournaments/judges-owed') && r.ok());
  await page.goto('/dashboard');
  expect(((await (await answered).json()) as { owed: unknown[] }).owed).toEqual([]);
  await expect(page.getByTestId('total-points')).toBeVisible();
  await expect(page.getByTestId('judges-owed')).toHaveCount(0);

  // The judge marks the final (the break's one elimination round) as a round they cannot judge.
  const judgePage = await judgeCtx!.newPage();
  await new TournamentPages(judgePage).goto(id);
  const availability = judgePage.getByRole('region', { name: 'Rounds you can judge' });
  const final = availability.getByLabel('Final');
  await expect(final).toBeChecked();
  await final.click();
  await expect(final).not.toBeChecked();
  await judgePage.reload();
  await expect(judgePage.getByRole('region', { name: 'Rounds you can judge' }).getByLabel('Final')).not.toBeChecked();
  await expect(judgePage.getByRole('region', { name: 'Rounds you can judge' }).getByLabel('Round 1')).toBeChecked();
  for (const width of [1280, 375]) {
    await judgePage.setViewportSize({ width, height: 900 });
    await judgePage
      .getByRole('region', { name: 'Rounds you can judge' })
      .screenshot({ path: testInfo.outputPath(`judge-availability-${width}.png`) });
  }

  // Their paradigm is on their profile, for the debaters they will judge.
  const annPage = await annCtx!.newPage();
  await annPage.goto(`/users/${await userIdOf(judgeCtx!)}`);
  await expect(annPage.getByRole('region', { name: 'Judge’s paradigm' }).getByTestId('profile-paradigm')).toHaveText(
    paradigm,
  );
  for (const width of [1280, 375]) {
    await annPage.setViewportSize({ width, height: 900 });
    await annPage.screenshot({ path: testInfo.outputPath(`profile-paradigm-${width}.png`), fullPage: true });
  }

  await Promise.all([hostCtx!, annCtx!, benCtx!, judgeCtx!].map((ctx) => ctx.close()));
});

/**
 * Pending team members, as people meet it: an adult who joins a team with a 15-year-old on it by
 * its code waits for the coach ("waiting for your coach"), and meanwhile is not matched with that 15-year-old in the
 * queue; the coach, told live, approves them on the roster, and the two still waiting are matched at once.
 */
import type { BrowserContext } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { DebatePage } from '../pages/DebatePage';
import { TeamPage } from '../pages/TeamPage';
import { birthMonthForAge, signInAs, uniqueEmail } from '../support/accounts';
import { BASE_URL } from '../support/env';

const headers = { origin: BASE_URL };

const queueOf = async (context: BrowserContext) =>
  (await (await context.request.get('/api/debates/queue')).json()).queue as {
    waiting: { formatId: string } | null;
    activeDebateId: number | null;
  };

test('an adult joining a team with a minor waits for the coach, unmatched with the minor until approved', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const run = Date.now().toString(36);
  const [coachName, teenName, adultName] = [`Coach ${run}`, `Teen ${run}`, `Grown ${run}`];
  const contexts = await Promise.all([browser.newContext(), browser.newContext(), browser.newContext()]);
  const [coachCtx, teenCtx, adultCtx] = contexts as [BrowserContext, BrowserContext, BrowserContext];
  await signInAs(coachCtx, uniqueEmail('approval-coach'), coachName);
  await signInAs(teenCtx, uniqueEmail('approval-teen'), teenName, birthMonthForAge(15));
  await signInAs(adultCtx, uniqueEmail('approval-adult'), adultName, birthMonthForAge(30));

  // The coach's team, with a 15-year-old on it (whose own join the coach approved).
  const created = await coachCtx.request.post('/api/teams', {
    headers,
    data: { name: `Harbor ${run}`, school: 'Harbor High' },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const team = (await created.json()).team as { id: number; name: string; joinCode: string };
  const teenJoined = await teenCtx.request.post(`/api/teams/join/${team.joinCode}`, { headers });
  expect((await teenJoined.json()).isPending).toBe(true);
  const teenId = (await (await teenCtx.request.get('/api/session')).json()).user.id as string;
  const teenApproved = await coachCtx.request.post(`/api/teams/${team.id}/members/${teenId}/approve`, { headers });
  expect(teenApproved.ok(), await teenApproved.text()).toBe(true);

  const [coachPage, teenPage, adultPage] = await Promise.all(contexts.map((c) => c.newPage()));
  const coach = new TeamPage(coachPage!);
  await coach.goto(team.id);
  await expect(coach.rosterEntry(teenName)).toBeVisible();
  await expect(coach.pendingList).toHaveCount(0);

  // The adult types the code: they land on the team's page, told they wait for the coach.
  const adultTeam = new TeamPage(adultPage!);
  await adultTeam.joinWithCode(team.joinCode);
  await expect(adultTeam.heading).toHaveText(team.name);
  await expect(adultTeam.pendingNote).toContainText('waiting for your coach');
  await expect(adultPage!.getByText(`You asked to join ${team.name}. Your coach approves new members.`)).toBeVisible();
  await expect(adultTeam.roster).toHaveCount(0);

  // The coach is told at once, and the roster shows them waiting, without a reload.
  await expect(coachPage!.getByText(`${adultName} asked to join ${team.name}`)).toBeVisible();
  await expect(coach.pendingEntry(adultName)).toBeVisible();
  // The name and the date it was asked are apart in the text a screen reader reads, not run together.
  await expect(coach.pendingEntry(adultName).locator('p').first()).toHaveText(new RegExp(`^${adultName}, asked \\S+$`));
  await expect(coach.rosterEntry(adultName)).toHaveCount(0);

  // Both look for a Parliamentary round: the waiting adult is not the 15-year-old's teammate, so nobody is matched.
  const teen = new DebatePage(teenPage!);
  const adult = new DebatePage(adultPage!);
  await teen.gotoDebates();
  await teen.findOpponent('Parliamentary');
  await expect(teen.waiting).toContainText('Parliamentary');
  await adult.gotoDebates();
  await adult.findOpponent('Parliamentary');
  await expect(adult.waiting).toContainText('Parliamentary');
  await expect(teen.waiting).toContainText('Parliamentary');
  expect((await queueOf(teenCtx)).activeDebateId).toBeNull();
  expect((await queueOf(adultCtx)).activeDebateId).toBeNull();

  // The coach approves them on the roster: a member, a teammate of the 15-year-old.
  await coach.approve(adultName);
  await expect(coachPage!.getByText(`${adultName} joined the team.`)).toBeVisible();
  await expect(coach.pendingList).toHaveCount(0);
  await expect(coach.rosterEntry(adultName)).toBeVisible();

  // The approval pairs the two still waiting, with no one looking again: both land in one room.
  await expect(teenPage!).toHaveURL(/\/debates\/\d+$/, { timeout: 10_000 });
  await expect(adultPage!).toHaveURL(teenPage!.url());
  expect([await teen.mySide(), await adult.mySide()].sort()).toEqual(['Government', 'Opposition']);
  await Promise.all(contexts.map((c) => c.close()));
});

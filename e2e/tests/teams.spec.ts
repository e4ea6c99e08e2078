import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { ADULT_BIRTH_MONTH } from '../support/accounts';
import { DEBATE_POINTS, FORMATS } from '@resolved/shared';
import { DebatePage } from '../pages/DebatePage';
import { SignupForm } from '../pages/AuthPages';
import { seriousViolations } from '../support/axe';
import { letRunningSpeechRun } from '../support/database';

const PASSWORD = 'e2e team password';

async function signUp(context: BrowserContext, name: string) {
  const email = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${randomBytes(4).toString('hex')}@e2e.test`;
  const res = await context.request.post('/api/auth/sign-up/email', {
    data: { name, email, password: PASSWORD, birthMonth: ADULT_BIRTH_MONTH },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

async function joinByLink(page: Page, link: string, teamName: string) {
  await page.goto(link);
  await page.getByRole('button', { name: `Join ${teamName}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: teamName })).toBeVisible();
}

test('a coach runs a team practice: students join by link, a paired round is judged, the coach sees the result', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const run = randomBytes(3).toString('hex');
  const teamName = `Westview ${run}`;
  const names = { coach: `Coach ${run}`, ann: `Ann ${run}`, ben: `Ben ${run}`, jo: `Jo ${run}` };
  const [coachCtx, annCtx, benCtx, joCtx] = await Promise.all([1, 2, 3, 4].map(() => browser.newContext()));
  const [coach, ann, ben, jo] = await Promise.all([coachCtx, annCtx, benCtx, joCtx].map((c) => c!.newPage()));
  await signUp(coachCtx!, names.coach);
  await signUp(benCtx!, names.ben);
  await signUp(joCtx!, names.jo);

  // The coach starts the team from the account menu's Teams page.
  await coach!.goto('/dashboard');
  await coach!.getByRole('button', { name: 'Account menu' }).click();
  await coach!.getByRole('menuitem', { name: 'Teams' }).click();
  await expect(coach!).toHaveURL(/\/teams$/);
  await coach!.getByRole('button', { name: 'Create team' }).click();
  await expect(coach!.getByText('Team name must be at least 2 characters.')).toBeVisible();
  await coach!.getByLabel('Team name').fill(teamName);
  await coach!.getByLabel('School').fill('Westview High');
  await coach!.getByRole('button', { name: 'Create team' }).click();
  await expect(coach!.getByRole('heading', { level: 1, name: teamName })).toBeVisible();
  const link = (await coach!.getByTestId('join-link').textContent())!.trim();
  expect(link).toMatch(/\/teams\/join\/[A-Z2-9]{10}$/);
  expect(await seriousViolations(coach!)).toEqual([]);

  // Ann has no account: the link sends her through sign-up, which joins the team in the same step.
  await ann!.goto(link);
  await expect(ann!.getByRole('heading', { level: 1, name: `Join ${teamName}` })).toBeVisible();
  await ann!.getByRole('link', { name: 'Sign up to join' }).click();
  await new SignupForm(ann!).fill({ name: names.ann, email: `ann-${run}@e2e.test`, password: PASSWORD });
  await ann!.getByRole('button', { name: 'Sign Up' }).click();
  await expect(ann!).toHaveURL(/\/teams$/);
  await ann!.getByRole('link', { name: teamName }).click();
  await expect(ann!.getByRole('heading', { level: 1, name: teamName })).toBeVisible();
  // Ben and Jo are signed in already: the link joins them.
  await joinByLink(ben!, link, teamName);
  await joinByLink(jo!, link, teamName);

  // The coach's roster fills in live; the coach names Jo a judge and pairs Ann and Ben with Jo judging.
  for (const name of [names.ann, names.ben, names.jo]) await expect(coach!.getByTestId('roster')).toContainText(name);
  await coach!.getByTestId(`member-${names.jo}`).getByRole('button', { name: 'Name judge' }).click();
  await expect(coach!.getByTestId(`member-${names.jo}`)).toContainText('Judge');
  await coach!.getByLabel('Pair by hand').check();
  await coach!.getByLabel('Affirmative').selectOption({ label: names.ann });
  await coach!.getByLabel('Negative').selectOption({ label: names.ben });
  await coach!.getByLabel('Judge (optional)').selectOption({ label: names.jo });
  await coach!.getByRole('button', { name: 'Open the rounds' }).click();
  await expect(coach!.getByTestId('team-round')).toContainText(`${names.ann} (Affirmative) vs ${names.ben} (Negative)`);

  // Each of them is told at once, wherever they are, and goes in.
  for (const [page, text] of [
    [ann!, 'your practice round is open'],
    [ben!, 'your practice round is open'],
    [jo!, 'you judge'],
  ] as const) {
    await expect(page.getByTestId('practice-round-notice')).toContainText(text);
    await page.getByTestId('practice-round-notice').getByRole('link', { name: 'Go to the round' }).click();
    await expect(page).toHaveURL(/\/debates\/\d+$/);
  }
  const aff = new DebatePage(ann!);
  const neg = new DebatePage(ben!);
  await expect(ann!.getByTestId('judge-name')).toHaveText(names.jo);
  await expect(ann!.getByText(`Practice round · ${teamName}`)).toBeVisible();

  // Before the round: no points, no Lincoln-Douglas rating yet.
  for (const name of [names.ann, names.ben]) {
    await expect(coach!.getByTestId(`member-${name}`).getByTestId('member-points')).toHaveText('0 points');
    await expect(coach!.getByTestId(`member-${name}`).getByTestId('member-rating-ld')).toHaveCount(0);
  }

  // The round, speech by speech, to the judge's ballot. Each speech is let run its full time (the stored clock start
  // moved back), so the round counts as one that really happened: points are paid and ratings move.
  const debateId = Number(/\/debates\/(\d+)$/.exec(ann!.url())![1]);
  const endSpeech = async (speaker: DebatePage) => {
    await speaker.button('End speech').click();
    for (const p of [aff, neg]) await expect(p.clockStatus).toHaveText('Stopped');
  };
  for (const speech of FORMATS.ld.speeches) {
    const start = (p: DebatePage) => p.page.getByRole('button', { name: /^Start / });
    const speaker = (await start(aff).count()) > 0 ? aff : neg;
    await start(speaker).click();
    await expect(speaker.clockStatus).toHaveText('Running');
    letRunningSpeechRun(debateId, speech.minutes);
    await endSpeech(speaker);
  }
  await jo!.getByRole('radio', { name: /^Affirmative/ }).check();
  await jo!
    .getByLabel(/^Speaker points: /)
    .first()
    .fill('29');
  await jo!
    .getByLabel(/^Speaker points: /)
    .nth(1)
    .fill('28');
  await jo!.getByLabel('Reason for decision').fill('Ann weighed the framework clearly.');
  await jo!.getByRole('button', { name: 'Submit ballot' }).click();
  await expect(aff.ballot).toContainText('Winner: Affirmative');

  // The coach's view: the result, and Ann's progress with the ballot and its reason.
  await coach!.reload();
  await expect(coach!.getByTestId('team-round-status')).toHaveText(`${names.ann} won (Affirmative)`);
  await coach!.getByTestId(`member-${names.ann}`).getByRole('button', { name: 'Progress' }).click();
  await expect(coach!.getByTestId('progress-wins')).toHaveText('1');
  await expect(coach!.getByTestId('last-ballots')).toContainText('Ann weighed the framework clearly.');
  await expect(coach!.getByTestId('last-ballots')).toContainText(`judged by ${names.jo}`);
  await expect(coach!.getByTestId('rating-chart')).toHaveAttribute(
    'aria-label',
    new RegExp(`${FORMATS.ld.name}: \\d+`),
  );
  // Points and ratings moved: the winner's completion and win points, the loser's completion points, the judge's.
  const member = (name: string) => coach!.getByTestId(`member-${name}`);
  await expect(member(names.ann).getByTestId('member-points')).toHaveText(
    `${DEBATE_POINTS.complete + DEBATE_POINTS.win} points`,
  );
  await expect(member(names.ben).getByTestId('member-points')).toHaveText(`${DEBATE_POINTS.complete} points`);
  await expect(member(names.jo).getByTestId('member-points')).toHaveText(`${DEBATE_POINTS.judge} points`);
  const ldRating = async (name: string) =>
    Number(/(\d{3,4})/.exec(await member(name).getByTestId('member-rating-ld').innerText())![1]);
  expect(await ldRating(names.ann)).toBeGreaterThan(1500);
  expect(await ldRating(names.ben)).toBeLessThan(1500);

  // The round's replay: its seven speeches on the timeline, the ballot, and what was happening at a moment.
  await coach!.getByTestId('team-round').getByRole('link', { name: 'Replay' }).click();
  await expect(coach!.getByTestId('replay-segment')).toHaveCount(7);
  await expect(coach!.getByTestId('ballot')).toContainText('Ann weighed the framework clearly.');
  await coach!.getByTestId('replay-segment').first().click();
  await expect(coach!.getByTestId('replay-now')).toContainText('Affirmative Constructive');
  await coach!.goBack();

  // Ann sees the same about herself on her dashboard, once, in "Your debates".
  await ann!.goto('/dashboard');
  await expect(ann!.getByTestId('debate-record').getByTestId('record-wins')).toHaveText('1');
  await expect(ann!.getByTestId('debate-record').getByTestId('rating-chart')).toBeVisible();

  // On a phone the team page reads without sideways scrolling.
  await coach!.setViewportSize({ width: 375, height: 800 });
  await coach!.reload();
  await expect(coach!.getByRole('heading', { level: 1, name: teamName })).toBeVisible();
  expect(await coach!.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  await Promise.all([coachCtx, annCtx, benCtx, joCtx].map((c) => c!.close()));
});

test('a round paired for later waits for its start, then opens with a notice; a coach can cancel one', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const run = randomBytes(3).toString('hex');
  const teamName = `Eastview ${run}`;
  const [coachCtx, annCtx, benCtx] = await Promise.all([1, 2, 3].map(() => browser.newContext()));
  await signUp(coachCtx!, `Coach ${run}`);
  await signUp(annCtx!, `Ann ${run}`);
  await signUp(benCtx!, `Ben ${run}`);
  const created = await coachCtx!.request.post('/api/teams', { data: { name: teamName, school: 'Eastview High' } });
  const team = (await created.json()).team as { id: number; joinCode: string };
  const ids: string[] = [];
  for (const ctx of [annCtx!, benCtx!]) {
    expect((await ctx.request.post(`/api/teams/join/${team.joinCode}`)).ok()).toBe(true);
    ids.push((await (await ctx.request.get('/api/auth/get-session')).json()).user.id);
  }
  const ann = await annCtx!.newPage();
  await ann.goto('/dashboard');
  await expect(ann.getByTestId('practice-card')).toContainText('No practice round is waiting for you.');

  // Paired to start 25 seconds from now: Ann's dashboard shows it as scheduled at once (live), and its room waits.
  const startsAt = new Date(Date.now() + 25_000).toISOString();
  const paired = await coachCtx!.request.post(`/api/teams/${team.id}/rounds`, {
    data: { mode: 'manual', formatId: 'ld', pairs: [{ aUserId: ids[0], bUserId: ids[1] }], startsAt },
  });
  expect(paired.status()).toBe(201);
  const { debateId } = (await paired.json()).rounds[0] as { debateId: number };
  await expect(ann.getByTestId('practice-card').getByTestId('team-round-status')).toContainText('Scheduled · starts');
  await expect(ann.getByTestId('practice-round-notice')).toHaveCount(0);
  await ann.getByTestId('practice-card').getByRole('link', { name: 'Open the room' }).click();
  await expect(ann.getByTestId('round-starts-at')).toContainText('This practice round starts');
  await expect(ann.getByRole('button', { name: /^Start / })).toHaveCount(0);
  // The clock refuses commands before the start, whatever the page shows.
  const early = await annCtx!.request.post(`/api/debates/${debateId}/clock`, { data: { action: 'start_speech' } });
  expect((await early.json()).error.reason).toBe('round_not_started');

  // At the start time the clock opens for the debater to speak first, and Ann, on the dashboard, is told.
  await ann.goto('/dashboard');
  await expect(ann.getByTestId('practice-round-notice')).toContainText('your practice round is open', {
    timeout: 45_000,
  });
  await ann.getByRole('link', { name: 'Go to the round' }).click();
  await expect(ann.getByTestId('round-starts-at')).toHaveCount(0);

  // The coach calls the round off from the team page: it ends without a result.
  const coach = await coachCtx!.newPage();
  await coach.goto(`/teams/${team.id}`);
  coach.once('dialog', (dialog) => void dialog.accept());
  await coach.getByTestId('team-round').getByRole('button', { name: 'Cancel round' }).click();
  await expect(coach.getByTestId('team-round-status')).toHaveText('Cancelled by the coach');
  await expect(ann.getByTestId('debate-status')).toContainText('Cancelled by the coach');
  await Promise.all([coachCtx, annCtx, benCtx].map((c) => c!.close()));
});

/** A team of `students` (created through the API): the coach's context, each student's context and user id. */
async function apiTeam(browser: Browser, run: string, students: string[]) {
  const [coachCtx, ...studentCtxs] = await Promise.all([0, ...students].map(() => browser.newContext()));
  await signUp(coachCtx!, `Coach ${run}`);
  const created = await coachCtx!.request.post('/api/teams', { data: { name: `Team ${run}`, school: 'Northview' } });
  const team = (await created.json()).team as { id: number; joinCode: string };
  const ids: string[] = [];
  for (const [i, ctx] of studentCtxs.entries()) {
    await signUp(ctx, `${students[i]} ${run}`);
    expect((await ctx.request.post(`/api/teams/join/${team.joinCode}`)).ok()).toBe(true);
    ids.push((await (await ctx.request.get('/api/auth/get-session')).json()).user.id);
  }
  const pair = async (a: number, b: number, startsAt: Date) => {
    const res = await coachCtx!.request.post(`/api/teams/${team.id}/rounds`, {
      data: {
        mode: 'manual',
        formatId: 'ld',
        pairs: [{ aUserId: ids[a], bUserId: ids[b] }],
        startsAt: startsAt.toISOString(),
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()).rounds[0] as { debateId: number }).debateId;
  };
  return { team, coachCtx: coachCtx!, studentCtxs, pair };
}

test('a round paired for tomorrow is upcoming: no live-debate banner, and random debates stay open until they would clash', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const run = randomBytes(3).toString('hex');
  const { coachCtx, studentCtxs, pair } = await apiTeam(browser, run, ['Ann', 'Ben', 'Cal', 'Dee']);
  const tomorrow = new Date(Date.now() + 24 * 3_600_000);
  const debateId = await pair(0, 1, tomorrow);
  const ann = await studentCtxs[0]!.newPage();
  await ann.goto('/dashboard');

  // Listed with its start time; nothing says it is live, and random matchmaking is open.
  await expect(ann.getByTestId('practice-card').getByTestId('team-round-status')).toContainText('Scheduled · starts');
  const findCard = ann.getByRole('region', { name: 'Debate a random opponent' });
  await expect(findCard.getByRole('button', { name: 'Find an opponent' })).toBeVisible();
  await expect(ann.getByTestId('live-debate-banner')).toHaveCount(0);
  await expect(findCard).not.toContainText('You are in a live debate');
  await expect(ann.getByText('In progress')).toHaveCount(0);
  await expect(findCard.getByTestId('upcoming-round-note')).toContainText('Your practice round starts');
  await expect(
    ann
      .getByText(/^Starts /)
      .filter({ visible: true })
      .first(),
  ).toBeVisible();

  // Its room says when it starts, not that it is live; leaving it asks nothing.
  await findCard.getByRole('link', { name: 'Open the practice round' }).click();
  await expect(ann).toHaveURL(new RegExp(`/debates/${debateId}$`));
  await expect(ann.getByTestId('debate-status')).toContainText('Upcoming · starts');
  await expect(ann.getByTestId('debate-status')).not.toContainText('Live');
  await expect(ann.getByTestId('round-starts-at')).toContainText('This practice round starts');
  await ann.goto('/dashboard');

  // A random round would be over long before tomorrow: Ann waits for an opponent.
  await findCard.getByRole('button', { name: 'Find an opponent' }).click();
  await expect(ann.getByTestId('queue-waiting')).toContainText('Waiting for an opponent…');
  await findCard.getByRole('button', { name: 'Cancel' }).click();
  await expect(ann.getByTestId('queue-waiting')).toHaveCount(0);

  // Cal's round starts in half an hour: a random Lincoln Douglas round could run into it, and the card says so.
  const soon = new Date(Date.now() + 30 * 60_000);
  await pair(2, 3, soon);
  const cal = await studentCtxs[2]!.newPage();
  await cal.goto('/dashboard');
  await expect(cal.getByTestId('live-debate-banner')).toHaveCount(0);
  await cal
    .getByRole('region', { name: 'Debate a random opponent' })
    .getByRole('button', { name: 'Find an opponent' })
    .click();
  const refusal = cal.getByTestId('queue-refusal');
  await expect(refusal).toContainText('Your practice round starts');
  await expect(refusal).toContainText(`${soon.getHours() % 12 || 12}:${String(soon.getMinutes()).padStart(2, '0')}`);
  await expect(refusal).toContainText('would run into it');
  await expect(cal.getByTestId('queue-waiting')).toHaveCount(0);
  await Promise.all([coachCtx, ...studentCtxs].map((c) => c.close()));
});

test('the coach picks any member not debating as the judge; a cancelled round says the coach cancelled it', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const run = randomBytes(3).toString('hex');
  const { team, coachCtx, studentCtxs } = await apiTeam(browser, run, ['Ann', 'Ben', 'Jo']);
  const coach = await coachCtx.newPage();
  await coach.goto(`/teams/${team.id}`);
  await coach.getByLabel('Pair by hand').check();
  await coach.getByLabel('Affirmative').selectOption({ label: `Ann ${run}` });
  await coach.getByLabel('Negative').selectOption({ label: `Ben ${run}` });
  // Jo, a member nobody named a judge, can be chosen; the round's debaters cannot.
  const judge = coach.getByLabel('Judge (optional)');
  await expect(judge.getByRole('option', { name: `Ann ${run}` })).toHaveCount(0);
  await judge.selectOption({ label: `Jo ${run}` });
  await expect(coach.getByTestId('judge-hint')).toContainText('Any member who is not debating');
  await coach.getByRole('button', { name: 'Open the rounds' }).click();
  await expect(coach.getByTestId('team-round')).toContainText(`judge: Jo ${run}`);

  coach.once('dialog', (dialog) => void dialog.accept());
  await coach.getByTestId('team-round').getByRole('button', { name: 'Cancel round' }).click();
  await expect(coach.getByTestId('team-round-status')).toHaveText('Cancelled by the coach');
  const ann = await studentCtxs[0]!.newPage();
  await ann.goto('/debates');
  await expect(ann.getByText('Cancelled by the coach').filter({ visible: true }).first()).toBeVisible();
  const replay = await coach.getByTestId('team-round').getByRole('link', { name: 'Replay' }).getAttribute('href');
  await coach.goto(replay!.replace(/\/replay$/, ''));
  await expect(coach.getByTestId('debate-status')).toHaveText(
    'Cancelled by the coach. Nobody wins and no points are given.',
  );
  await Promise.all([coachCtx, ...studentCtxs].map((c) => c.close()));
});

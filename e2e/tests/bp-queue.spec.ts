/**
 * The queue card offers British Parliamentary (issue 41): teams of two or "find me a partner", no one-on-one and no
 * challenge, a line that the room opens when four teams are waiting, and a waiting state that says so.
 */
import { randomBytes } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { ADULT_BIRTH_MONTH } from '../support/accounts';
import { DebatePage } from '../pages/DebatePage';
import { seriousViolations } from '../support/axe';

// Both tests queue for British Parliamentary on one server: run in parallel, one's solo debater could fill the
// other's room.
test.describe.configure({ mode: 'serial' });

async function signUp(request: APIRequestContext, name: string) {
  const email = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${randomBytes(4).toString('hex')}@e2e.test`;
  const res = await request.post('/api/auth/sign-up/email', {
    data: { name, email, password: 'e2e bp password', birthMonth: ADULT_BIRTH_MONTH },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await (await request.get('/api/session')).json()) as { user: { id: string } }).user.id;
}

test('two teams of partners and four "find me a partner" debaters open one room', async ({ browser, page }) => {
  test.setTimeout(120_000);
  const run = randomBytes(3).toString('hex');
  const contexts = await Promise.all([0, 1, 2, 3, 4, 5, 6].map(() => browser.newContext()));
  const ids: string[] = [];
  for (const [i, context] of contexts.entries()) ids.push(await signUp(context.request, `Bp${i} ${run}`));
  const queue = (i: number, data: object) => contexts[i]!.request.post('/api/debates/queue', { data });
  for (const [a, b] of [
    [0, 1],
    [2, 3],
  ] as const) {
    const made = await contexts[a]!.request.post('/api/debates/partner-links', { data: { formatId: 'bp' } });
    expect(made.status(), await made.text()).toBe(201);
    const token = ((await made.json()) as { link: { token: string } }).link.token;
    expect((await contexts[b]!.request.post(`/api/debates/partner-links/${token}/accept`)).status()).toBe(200);
    expect((await queue(a, { formatId: 'bp', mode: 'team', partnerIds: [ids[b]] })).status()).toBe(200);
    expect((await queue(b, { formatId: 'bp', mode: 'team', partnerIds: [ids[a]] })).status()).toBe(200);
  }
  for (const i of [4, 5, 6]) expect((await queue(i, { formatId: 'bp', mode: 'solo' })).status()).toBe(200);

  await signUp(page.request, `Bp7 ${run}`);
  const debates = new DebatePage(page);
  await debates.gotoDebates();
  await debates.chooseFormat('British Parliamentary');
  await page.getByRole('radio', { name: 'Find me a partner', exact: true }).check();
  await debates.findButton.click();
  await expect(page).toHaveURL(/\/debates\/\d+$/);
  const debateId = Number(new URL(page.url()).pathname.split('/').at(-1));
  const round = (await (await page.request.get(`/api/debates/${debateId}`)).json()) as {
    debate: { formatId: string; seats: { userId: string }[] };
  };
  expect(round.debate.formatId).toBe('bp');
  expect(round.debate.seats).toHaveLength(8);
  // The room names the four teams and the speaking order starts with the Prime Minister.
  // (Visible ones: the phone's pinned clock, hidden at this width, names the next speech's team too.)
  await expect(page.getByText('Opening Government').filter({ visible: true }).first()).toBeVisible();
  await expect(page.getByText('Closing Opposition').filter({ visible: true }).first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('bp-room-1280.png'), fullPage: true });
  const schedule = page.getByTestId('speech-schedule');
  await schedule.screenshot({ path: test.info().outputPath('bp-schedule-1280.png') });
  // Every speech's row has the same shape at 1280 px: its name, who and the minutes on one line, the names below.
  const rowHeights = await schedule.locator('li').evaluateAll((rows) => rows.map((row) => row.clientHeight));
  expect(rowHeights).toHaveLength(8);
  expect(new Set(rowHeights).size, `row heights ${rowHeights.join(', ')}`).toBe(1);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: test.info().outputPath('bp-room-375.png'), fullPage: true });
  for (const context of contexts) await context.close();
});

test('a debater queues for British Parliamentary without a partner and waits for four teams', async ({ page }) => {
  const run = randomBytes(3).toString('hex');
  const res = await page.request.post('/api/auth/sign-up/email', {
    data: {
      name: `Bo ${run}`,
      email: `bo-${run}@e2e.test`,
      password: 'e2e bp password',
      birthMonth: ADULT_BIRTH_MONTH,
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const debates = new DebatePage(page);
  await debates.gotoDebates();
  await debates.chooseFormat('British Parliamentary');
  await expect(page.getByText('British Parliamentary is debated in teams of two, four teams a room')).toBeVisible();
  await expect(page.getByRole('radio', { name: 'With my partner', exact: true })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'One-on-one: you give every speech of your side' })).toHaveCount(0);
  await expect(page.getByTestId('bp-queue-note')).toContainText('opens when four teams of two are waiting');
  await expect(page.getByRole('button', { name: /Challenge a friend/ })).toHaveCount(0);
  await page.getByRole('radio', { name: 'Find me a partner', exact: true }).check();
  expect(await seriousViolations(page)).toEqual([]);
  await debates.findButton.click();
  await expect(debates.waiting).toContainText('Waiting for the other teams…');
  await expect(debates.waiting).toContainText('The room opens when four teams are there.');
  // The count is the server's queue state: this debater is one without a partner (others' rooms may be forming).
  await expect(page.getByTestId('queue-room-count')).toHaveText(/^\d of 4 teams waiting, and \d debaters? waiting/);
  await expect(debates.waiting).toContainText('Find me a partner');
  await debates.waiting.getByRole('button', { name: 'Cancel' }).click();
  await expect(debates.findButton).toBeVisible();
});

/**
 * Trust and safety end to end: an admin makes a moderator in the admin dashboard; A reports B from their
 * live round for harassment; the moderator claims the case, reads the round's chat excerpt and bans B; B's open tab
 * is signed out within 5 s and B's sign-in is refused with a clear message; A's notices say action was taken.
 * Screenshots of the queue, the case and the notices at 1280 and 375 px wide.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { BASE_URL, TEST_ADMIN_EMAILS } from '../support/env';
import { E2E_PASSWORD, signInAs, uniqueEmail } from '../support/accounts';
import { LoginForm, toast } from '../pages/AuthPages';

/**
 * Fails the test on a console error in any of its pages (the fixture guards only the default page). `expected`:
 * the one the test causes on purpose (Chromium logs the refused sign-in's 403 as a failed resource).
 */
function guardConsole(page: Page, seen: string[], expected?: RegExp) {
  page.on('console', (message) => {
    if (message.type() === 'error' && !expected?.test(message.text())) seen.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => seen.push(`${page.url()}: ${error.message}`));
}

async function userId(context: BrowserContext): Promise<string> {
  const session = await context.request.get('/api/session');
  return (await session.json()).user.id as string;
}

test('a moderator made by an admin bans a reported user everywhere; the reporter hears action was taken', async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const seen: string[] = [];
  const contexts = await Promise.all([1, 2, 3, 4].map(() => browser.newContext()));
  const [adminContext, modContext, aContext, bContext] = contexts as [
    BrowserContext,
    BrowserContext,
    BrowserContext,
    BrowserContext,
  ];
  const suffix = Date.now().toString(36).slice(-5);
  const modName = `Mod Morgan ${suffix}`;
  const bName = `Rude Riley ${suffix}`;
  const bEmail = uniqueEmail('reported');
  await signInAs(adminContext, TEST_ADMIN_EMAILS[0], 'Admin');
  await signInAs(modContext, uniqueEmail('moderator'), modName);
  await signInAs(aContext, uniqueEmail('reporter'), `Alex Reporter ${suffix}`);
  await signInAs(bContext, bEmail, bName);
  const bId = await userId(bContext);

  // The admin makes the moderator in the admin dashboard.
  const admin = await adminContext.newPage();
  guardConsole(admin, seen);
  await admin.goto('/admin-dashboard');
  const roleSelect = admin.getByLabel(`Role for ${modName}`);
  const loadMore = admin.getByRole('button', { name: 'Load more' });
  // New accounts come last; on a long list they are behind "Load more".
  await expect(roleSelect.or(loadMore).first()).toBeVisible();
  while (!(await roleSelect.isVisible())) {
    await loadMore.click();
    await expect(roleSelect.or(loadMore).first()).toBeVisible();
  }
  await roleSelect.selectOption('moderator');
  await expect(toast(admin, `${modName} is now moderator.`)).toBeVisible();

  // A and B debate; B writes in the round chat; B's tab stays open on the room.
  const origin = { origin: BASE_URL };
  await aContext.request.post('/api/debates/queue', { headers: origin, data: { formatId: 'ld' } });
  const joined = await bContext.request.post('/api/debates/queue', { headers: origin, data: { formatId: 'ld' } });
  const { debateId } = (await joined.json()) as { debateId: number };
  expect(debateId).toBeGreaterThan(0);
  const insult = `You are pathetic ${suffix}`;
  const said = await bContext.request.post(`/api/debates/${debateId}/messages`, {
    headers: origin,
    data: { text: insult },
  });
  expect(said.status()).toBe(201);
  const b = await bContext.newPage();
  guardConsole(b, seen, /status of 403 \(Forbidden\)/);
  await b.goto(`/debates/${debateId}`);
  await expect(b.getByRole('button', { name: 'Account menu' })).toBeVisible();

  // A reports B from the room.
  const a = await aContext.newPage();
  guardConsole(a, seen);
  await a.goto(`/debates/${debateId}`);
  await a.getByRole('button', { name: `Report ${bName}` }).click();
  const dialog = a.getByRole('dialog', { name: `Report ${bName}` });
  await dialog.getByLabel('Harassment or bullying').check();
  await dialog.getByLabel(/What happened/).fill('Insults in the round chat.');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(toast(a, `Your report was sent to the moderators, and you blocked ${bName}`)).toBeVisible();
  // A harassment report also blocks: the round ends for both, alike, and B is on A's block list (A can undo it).
  const endedWords = 'This round ended early. Nobody wins and no points are given.';
  for (const page of [a, b]) {
    await expect(page).toHaveURL(/\/debates$/);
    await expect(page.getByRole('alert').filter({ hasText: endedWords })).toBeVisible();
  }
  const blocks = (await (await aContext.request.get('/api/blocks')).json()) as { blocks: { userId: string }[] };
  expect(blocks.blocks.map((x) => x.userId)).toEqual([bId]);

  // The moderator finds the case in the queue, claims it, reads the context and bans B.
  const mod = await modContext.newPage();
  guardConsole(mod, seen);
  await mod.goto('/moderation');
  await expect(mod.getByRole('heading', { level: 1, name: 'Moderation' })).toBeVisible();
  const queue = mod.getByTestId('moderation-queue');
  await expect(queue).toContainText(bName);
  for (const width of [1280, 375]) {
    await mod.setViewportSize({ width, height: 800 });
    await mod.screenshot({ path: testInfo.outputPath(`moderation-queue-${width}.png`), fullPage: true });
  }
  await mod.setViewportSize({ width: 1280, height: 800 });
  await queue.getByRole('link', { name: bName }).click();
  await mod.getByRole('button', { name: 'Claim this case' }).click();
  await expect(mod.getByTestId('claim-status')).toContainText('Claimed by you');
  await expect(mod.getByTestId('case-round-chat')).toContainText(insult);
  await mod.getByLabel('Action to take').selectOption('ban');
  await mod.getByLabel('Reason (the user sees it)').fill('Harassing another debater.');
  for (const width of [1280, 375]) {
    await mod.setViewportSize({ width, height: 800 });
    await mod.screenshot({ path: testInfo.outputPath(`moderation-case-${width}.png`), fullPage: true });
  }
  await mod.setViewportSize({ width: 1280, height: 800 });
  await mod.getByRole('button', { name: 'Apply: Banned' }).click();
  await expect(toast(mod, 'The case is closed and logged.')).toBeVisible();
  // The case page now offers to lift the ban (an unban is an action of its own, logged).
  await expect(mod.getByRole('button', { name: 'Lift the ban' })).toBeVisible();

  // B's open tab is signed out within 5 s, saying why; signing in again is refused with a clear message.
  await expect(toast(b, 'This account has been banned.')).toBeVisible({ timeout: 5_000 });
  await expect(b.getByRole('button', { name: 'Account menu' })).toHaveCount(0, { timeout: 5_000 });
  const login = new LoginForm(b);
  await login.open();
  await login.login(bEmail, E2E_PASSWORD);
  await expect(b.getByText('This account has been banned.').first()).toBeVisible();
  // B cannot sign in to read notices, so the refused sign-in offers the appeal itself, once.
  const appeal = b.getByTestId('ban-appeal');
  await expect(appeal).toContainText('The moderator’s reason: Harassing another debater.');
  await appeal.getByLabel(/Why should the ban be lifted/).fill('I was angry and I am sorry.');
  await appeal.getByRole('button', { name: 'Send appeal' }).click();
  await expect(appeal.getByRole('status')).toContainText('Your appeal was sent.');
  const modQueue = (await (await modContext.request.get('/api/moderation/cases')).json()) as {
    cases: { kind: string; reportedUser: { id: string } }[];
  };
  expect(modQueue.cases.some((c) => c.kind === 'appeal' && c.reportedUser.id === bId)).toBe(true);
  const check = await bContext.request.get('/api/session');
  expect((await check.json()).user).toBeNull();
  expect(bId).toBeTruthy();

  // A's notices say action was taken (not which).
  await a.goto('/dashboard');
  const bell = a.getByRole('button', { name: /^Notices, 1 new$/ });
  await expect(bell).toBeVisible();
  await bell.click();
  const list = a.getByTestId('notices-list');
  await expect(list).toContainText('Action taken');
  await expect(list).not.toContainText(/banned/i);
  for (const width of [1280, 375]) {
    await a.setViewportSize({ width, height: 800 });
    await a.screenshot({ path: testInfo.outputPath(`notices-${width}.png`) });
  }

  expect(seen, 'the pages logged errors').toEqual([]);
  await Promise.all(contexts.map((c) => c.close()));
});

test('a warned user sees the warning with its reason on the next page and appeals it once', async ({ page }) => {
  const adminContext = await page.context().browser()!.newContext();
  const reporterContext = await page.context().browser()!.newContext();
  await signInAs(adminContext, TEST_ADMIN_EMAILS[0], 'Admin');
  await signInAs(reporterContext, uniqueEmail('reporter2'), 'Reporting Robin');
  await signInAs(page.context(), uniqueEmail('warned'), 'Warned Wren');
  const warnedId = await userId(page.context());
  const origin = { origin: BASE_URL };
  const filed = await reporterContext.request.post('/api/reports', {
    headers: origin,
    data: { target: 'user', userId: warnedId, reason: 'spam' },
  });
  const { caseId } = (await filed.json()) as { caseId: number };
  const warned = await adminContext.request.post(`/api/moderation/cases/${caseId}/actions`, {
    headers: origin,
    data: { action: 'warn', reason: 'Posting the same link again and again.' },
  });
  expect(warned.status()).toBe(200);

  await page.goto('/dashboard');
  const banner = page.getByRole('status').filter({ hasText: 'Warning.' });
  await expect(banner).toContainText('Posting the same link again and again.');
  await banner.getByRole('button', { name: 'I understand' }).click();
  await expect(banner).toHaveCount(0);

  await page.getByRole('button', { name: 'Notices' }).click();
  const notice = page.getByTestId('notices-list').getByRole('listitem').filter({ hasText: 'Warning' });
  await notice.getByRole('button', { name: 'Appeal' }).click();
  await notice.getByLabel('Why should this be reconsidered?').fill('That was a tournament sign-up link.');
  await notice.getByRole('button', { name: 'Send appeal' }).click();
  await expect(toast(page, 'Your appeal was sent.')).toBeVisible();
  await expect(notice.getByRole('button', { name: 'Appeal' })).toHaveCount(0);

  // The appeal is back in the queue for the admin.
  const queue = await adminContext.request.get('/api/moderation/cases');
  const cases = (await queue.json()).cases as { kind: string; reportedUser: { id: string } }[];
  expect(cases.some((c) => c.kind === 'appeal' && c.reportedUser.id === warnedId)).toBe(true);
  await Promise.all([adminContext.close(), reporterContext.close()]);
});

test('a moderator deletes a reported piece of evidence from the case page', async ({ page }) => {
  const browser = page.context().browser()!;
  const [adminContext, aContext, bContext] = await Promise.all([1, 2, 3].map(() => browser.newContext()));
  await signInAs(adminContext!, TEST_ADMIN_EMAILS[0], 'Admin');
  await signInAs(aContext!, uniqueEmail('evidence-reporter'), 'Evidence Reporter');
  const suffix = Date.now().toString(36).slice(-5);
  await signInAs(bContext!, uniqueEmail('evidence-sharer'), `Sharer Sam ${suffix}`);
  const bId = await userId(bContext!);
  const origin = { origin: BASE_URL };
  await aContext!.request.post('/api/debates/queue', { headers: origin, data: { formatId: 'ld' } });
  const joined = await bContext!.request.post('/api/debates/queue', { headers: origin, data: { formatId: 'ld' } });
  const { debateId } = (await joined.json()) as { debateId: number };
  const note = `An abusive note ${suffix}`;
  const shared = await bContext!.request.post(`/api/debates/${debateId}/evidence/notes`, {
    headers: origin,
    data: { kind: 'text', text: note },
  });
  expect(shared.status(), await shared.text()).toBe(201);
  const { evidence } = (await shared.json()) as { evidence: { id: number } };
  const filed = await aContext!.request.post('/api/reports', {
    headers: origin,
    data: { target: 'evidence', targetId: evidence.id, debateId, userId: bId, reason: 'spam' },
  });
  expect(filed.status(), await filed.text()).toBe(201);
  const { caseId } = (await filed.json()) as { caseId: number };

  const admin = await adminContext!.newPage();
  await admin.goto(`/moderation/cases/${caseId}`);
  await admin.getByRole('button', { name: 'Claim this case' }).click();
  await admin.getByLabel('Action to take').selectOption('delete_evidence');
  await expect(admin.getByRole('combobox', { name: 'Evidence', exact: true })).toContainText(note);
  await admin.getByLabel('Reason (the user sees it)').fill('Abuse in a shared note.');
  await admin.getByRole('button', { name: 'Apply: Evidence deleted' }).click();
  await expect(toast(admin, 'The case is closed and logged.')).toBeVisible();

  // The round's evidence list no longer has it.
  const list = await aContext!.request.get(`/api/debates/${debateId}/evidence`);
  const items = ((await list.json()) as { evidence: { id: number }[] }).evidence;
  expect(items.map((e) => e.id)).not.toContain(evidence.id);
  await Promise.all([adminContext!, aContext!, bContext!].map((c) => c.close()));
});

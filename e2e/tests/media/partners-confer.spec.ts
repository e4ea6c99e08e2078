/**
 * Partners confer (issue 40, item 4) in the built app: two teams of two and a judge in a Public Forum round. A partner
 * message reaches the partner's page and never the other team's or the judge's; the team flow one partner types in
 * shows on the other's; and while prep runs, neither the other team nor the judge receives a team's audio (read from
 * `getStats()`), and after it everyone hears everyone again. The second partners are seated in the database (the
 * challenge makes a round of one a side); every seat is a peer of the call, so each of the five connects to the four
 * others once.
 */
import type { BrowserContext, Page } from '@playwright/test';
import {
  audible,
  audioGrowth,
  callStates,
  openConnections,
  recordingPage,
  SILENT,
  videoCaps,
} from '../../support/call-stats';
import type { TDebate } from '@resolved/shared';
import { test, expect } from '../../support/fixtures';
import { signInAs, uniqueEmail } from '../../support/accounts';
import { seatPartners } from '../../support/database';
import { BASE_URL } from '../../support/env';
import { FAKE_MEDIA_LAUNCH } from '../../support/fake-media';
import { startChallengeRound, userIdOf } from '../../support/rounds';

test.use({ launchOptions: FAKE_MEDIA_LAUNCH });

/**
 * How long a page may take to show what another page did (a message, a flow cell, the huddle), or a call to settle:
 * five browsers with fake cameras on a loaded two-core machine answer in seconds, not in the suite's 10 s. A margin,
 * not a budget.
 */
const SLOW = 30_000;

test('partners share a chat and a flow the others never see, and huddle in prep', async ({ browser }) => {
  test.setTimeout(420_000); // five browsers with fake media on a shared two-core machine: a margin, not a budget
  const names = ['Confer A1', 'Confer A2', 'Confer B1', 'Confer B2', 'Confer Judge'];
  const contexts = await Promise.all(names.map(() => browser.newContext()));
  await Promise.all(contexts.map((ctx, i) => signInAs(ctx, uniqueEmail(`confer-${i}`), names[i])));
  const [hostCtx, hostPartnerCtx, guestCtx, guestPartnerCtx, judgeCtx] = contexts as [
    BrowserContext,
    BrowserContext,
    BrowserContext,
    BrowserContext,
    BrowserContext,
  ];
  const debateId = await startChallengeRound(hostCtx, guestCtx, 'pf');
  const { debate } = (await (await hostCtx.request.get(`/api/debates/${debateId}`)).json()) as { debate: TDebate };
  const hostSide = debate.debaters.a.userId === (await userIdOf(hostCtx)) ? 'a' : 'b';
  // The host's team is side a's below: a1 (host) and a2 (partner); the guest's b1 and b2.
  const [a1Ctx, a2Ctx, b1Ctx, b2Ctx] =
    hostSide === 'a'
      ? [hostCtx, hostPartnerCtx, guestCtx, guestPartnerCtx]
      : [guestCtx, guestPartnerCtx, hostCtx, hostPartnerCtx];
  seatPartners(debateId, [
    { userId: await userIdOf(a2Ctx), side: 'a' },
    { userId: await userIdOf(b2Ctx), side: 'b' },
  ]);
  const seated = await judgeCtx.request.post(`/api/debates/${debateId}/judge`, { headers: { origin: BASE_URL } });
  expect(seated.ok(), await seated.text()).toBe(true);
  const [a1, a2, b1, b2, judge] = await Promise.all([a1Ctx, a2Ctx, b1Ctx, b2Ctx, judgeCtx].map(recordingPage));
  for (const page of [a1, a2, b1, b2, judge]) await page!.goto(`/debates/${debateId}`);

  // The partner chat: a1's message reaches a2, never the other team or the judge.
  const message = 'Lead with the jobs turn in summary.';
  await a1!.getByRole('tab', { name: 'Partner' }).click();
  await a1!.getByPlaceholder('Message your partner…').fill(message);
  await a1!.getByTestId('partner-chat').locator('..').getByRole('button', { name: 'Send' }).click();
  await a2!.getByRole('tab', { name: 'Partner' }).click();
  await expect(a2!.getByTestId('partner-chat')).toContainText(message, { timeout: SLOW });
  await expect(b1!.getByRole('tab', { name: 'Partner' })).toBeVisible();
  await expect(judge!.getByRole('tab', { name: 'Partner' })).toHaveCount(0);
  // The team flow: what a1 types shows on a2's page, and not in the other team's.
  await a1!.getByRole('tab', { name: 'Team flow' }).click();
  const firstCell = (page: Page) => page.getByTestId('team-flow-sheet').getByRole('textbox').first();
  await firstCell(a1!).fill('C1: jobs');
  await a2!.getByRole('tab', { name: 'Team flow' }).click();
  await expect(firstCell(a2!)).toHaveValue('C1: jobs', { timeout: SLOW });
  await b1!.getByRole('tab', { name: 'Team flow' }).click();
  await expect(firstCell(b1!)).toHaveValue('');
  for (const page of [b1!, b2!, judge!]) await expect(page.getByText(message)).toHaveCount(0);
  await expect(judge!.getByTestId('team-flow-sheet')).toHaveCount(0);

  // The call is up: everyone is connected to the four others, once, and the judge hears the four debaters.
  // (Five calls on a loaded two-core machine can take a while to come up: a margin, not a budget.)
  const pages = { a1: a1!, a2: a2!, b1: b1!, b2: b2!, judge: judge! };
  for (const [name, page] of Object.entries(pages)) {
    await expect
      .poll(() => openConnections(page), { timeout: 90_000 })
      .toBe(4)
      .catch(async (error: unknown) => {
        throw new Error(`${name} is not connected to the four others. Every page's calls: ${await callStates(pages)}`, {
          cause: error,
        });
      });
  }
  await expect.poll(() => audible(judge!, 1000), { timeout: 30_000 }).toBe(4);
  // Five people publish on the mesh: every video sender is held to half its resolution and a quarter of 1.6 Mbit/s
  // per connection (`videoCapFor(5)`), the judge's too.
  for (const page of [a1!, b2!, judge!]) {
    await expect
      .poll(() => videoCaps(page), { timeout: SLOW })
      .toEqual(Array.from({ length: 4 }, () => ({ scale: 2, maxBitrate: 400_000 })));
  }
  await a1!.getByTestId('room-clock-area').getByRole('button', { name: 'Take prep' }).click();
  await expect(a1!.getByTestId('huddle-note')).toHaveText('Prep huddle: only your partner hears you', {
    timeout: SLOW,
  });
  await expect(b1!.getByTestId('huddle-note')).toHaveText('Prep huddle: only your partner hears you', {
    timeout: SLOW,
  });
  await expect(judge!.getByTestId('huddle-note')).toHaveText(
    'Prep huddle: each team hears only itself until prep ends.',
    { timeout: SLOW },
  );
  await a1!.screenshot({ path: test.info().outputPath('partners-confer-1280.png'), fullPage: true });
  await a1!.setViewportSize({ width: 375, height: 800 });
  await a1!.screenshot({ path: test.info().outputPath('partners-confer-375.png'), fullPage: true });
  await a1!.setViewportSize({ width: 1280, height: 800 });
  // In the huddle: the judge receives no debater's audio; a1 and b1 send theirs to their partner alone; a2 hears a1
  // and the judge (heard by everyone), and b1 likewise b2 and the judge.
  await expect.poll(async () => Math.max(...(await audioGrowth(judge!, 2000))), { timeout: SLOW }).toBeLessThan(SILENT);
  expect(await audible(a1!, 2000, 'out')).toBe(1);
  expect(await audible(b1!, 2000, 'out')).toBe(1);
  expect(await audible(a2!, 2000)).toBe(2);
  expect(await audible(b1!, 2000)).toBe(2);

  // Prep ends: everyone hears everyone again.
  await a1!.getByTestId('room-clock-area').getByRole('button', { name: 'End prep' }).click();
  await expect(a1!.getByTestId('huddle-note')).toHaveCount(0, { timeout: SLOW });
  await expect.poll(() => audible(judge!, 1000), { timeout: SLOW }).toBe(4);
  expect(await audible(a1!, 2000, 'out')).toBe(4);
  expect(await audible(b1!, 2000)).toBe(4);
  expect(await audible(a2!, 2000)).toBe(4);
  await Promise.all(contexts.map((ctx) => ctx.close()));
});

/**
 * Partners confer (issue 40, item 4) in the built app: two teams of two and a judge in a Public Forum round. A partner
 * message reaches the partner's page and never the other team's or the judge's; the team flow one partner types in
 * shows on the other's; and while prep runs, neither the other team nor the judge receives a team's audio (read from
 * `getStats()`), and after it everyone hears everyone again. The second partners are seated in the database (no path
 * of the app makes a team round yet); the call gives them a listener's place until rounds seat teams in the call.
 */
import type { BrowserContext, Page } from '@playwright/test';
import type { TDebate } from '@resolved/shared';
import { test, expect } from '../support/fixtures';
import { signInAs, uniqueEmail } from '../support/accounts';
import { seatPartners } from '../support/database';
import { BASE_URL } from '../support/env';
import { FAKE_MEDIA_LAUNCH } from '../support/fake-media';
import { startChallengeRound, userIdOf } from '../support/rounds';

test.use({ launchOptions: FAKE_MEDIA_LAUNCH });

type TCallWindow = Window & { peerConnections: RTCPeerConnection[] };

/** A page that records the RTCPeerConnections its call makes, so the test can read their stats. */
async function recordingPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.addInitScript(() => {
    const Original = window.RTCPeerConnection;
    const made: RTCPeerConnection[] = [];
    (window as unknown as TCallWindow).peerConnections = made;
    window.RTCPeerConnection = class extends Original {
      constructor(config?: RTCConfiguration) {
        super(config);
        made.push(this);
      }
    } as typeof RTCPeerConnection;
  });
  return page;
}

/**
 * The audio bytes received on each open connection of the page; `answered`: only those this page answered (a side-b
 * debater answers side a's debater alone: every other peer is offered to by it, or offers to spectators).
 */
function audioBytes(page: Page, only: 'all' | 'answered' = 'all'): Promise<number[]> {
  return page.evaluate(async (which) => {
    const open = (window as unknown as TCallWindow).peerConnections.filter(
      (pc) => pc.connectionState !== 'closed' && (which === 'all' || pc.remoteDescription?.type === 'offer'),
    );
    return Promise.all(
      open.map(async (pc) => {
        let bytes = 0;
        (await pc.getStats()).forEach((s: { type: string; kind?: string; bytesReceived?: number }) => {
          if (s.type === 'inbound-rtp' && s.kind === 'audio') bytes += s.bytesReceived ?? 0;
        });
        return bytes;
      }),
    );
  }, only);
}

/** How much audio each connection received over `ms` (in bytes; in the order `audioBytes` lists them). */
async function audioGrowth(page: Page, ms: number, only: 'all' | 'answered' = 'all'): Promise<number[]> {
  const before = await audioBytes(page, only);
  await page.waitForTimeout(ms);
  const after = await audioBytes(page, only);
  return after.map((bytes, i) => bytes - (before[i] ?? 0));
}

/** Under this many bytes in two seconds, nothing is sent (a microphone's audio is several kilobytes a second). */
const SILENT = 600;

// Parked at the merge of 2026-12-06: it passed on its own branch, where a second partner joined the call as a
// listener. After h-round's seats made every partner a debater of the call (`mediaRoleOf`), two partners share one
// media role, and the call's connection count the test reads came out 4 where it expects 2. The call of a round of
// teams is issue 40's item 7 (a media identity per seat); un-park it with that work.
test.fixme('partners share a chat and a flow the others never see, and huddle in prep', async ({ browser }) => {
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
  await expect(a2!.getByTestId('partner-chat')).toContainText(message, { timeout: 15_000 });
  await expect(b1!.getByRole('tab', { name: 'Partner' })).toBeVisible();
  await expect(judge!.getByRole('tab', { name: 'Partner' })).toHaveCount(0);
  // The team flow: what a1 types shows on a2's page, and not in the other team's.
  await a1!.getByRole('tab', { name: 'Team flow' }).click();
  const firstCell = (page: Page) => page.getByTestId('team-flow-sheet').getByRole('textbox').first();
  await firstCell(a1!).fill('C1: jobs');
  await a2!.getByRole('tab', { name: 'Team flow' }).click();
  await expect(firstCell(a2!)).toHaveValue('C1: jobs', { timeout: 15_000 });
  await b1!.getByRole('tab', { name: 'Team flow' }).click();
  await expect(firstCell(b1!)).toHaveValue('');
  for (const page of [b1!, b2!, judge!]) await expect(page.getByText(message)).toHaveCount(0);
  await expect(judge!.getByTestId('team-flow-sheet')).toHaveCount(0);

  // The call is up: the judge hears both debaters.
  // (Four calls on a loaded two-core machine can take a while to come up: a margin, not a budget.)
  await expect
    .poll(async () => (await audioGrowth(judge!, 1000)).filter((b) => b > SILENT).length, { timeout: 60_000 })
    .toBe(2);
  await a1!.getByTestId('room-clock-area').getByRole('button', { name: 'Take prep' }).click();
  await expect(a1!.getByTestId('huddle-note')).toHaveText('Prep huddle: only your partner hears you');
  await expect(b1!.getByTestId('huddle-note')).toHaveText('Prep huddle: only your partner hears you');
  await expect(judge!.getByTestId('huddle-note')).toHaveText(
    'Prep huddle: each team hears only itself until prep ends.',
  );
  await a1!.screenshot({ path: test.info().outputPath('partners-confer-1280.png'), fullPage: true });
  await a1!.setViewportSize({ width: 375, height: 800 });
  await a1!.screenshot({ path: test.info().outputPath('partners-confer-375.png'), fullPage: true });
  await a1!.setViewportSize({ width: 1280, height: 800 });
  // In the huddle: the judge receives no debater's audio, b1 none of a1's, and a2 a1's (and the judge's), not b1's.
  await expect
    .poll(async () => Math.max(...(await audioGrowth(judge!, 2000))), { timeout: 15_000 })
    .toBeLessThan(SILENT);
  expect(Math.max(...(await audioGrowth(b1!, 2000, 'answered')))).toBeLessThan(SILENT);
  expect((await audioGrowth(a2!, 2000)).filter((b) => b > SILENT)).toHaveLength(2);

  // Prep ends: everyone hears everyone again.
  await a1!.getByTestId('room-clock-area').getByRole('button', { name: 'End prep' }).click();
  await expect(a1!.getByTestId('huddle-note')).toHaveCount(0);
  await expect
    .poll(async () => (await audioGrowth(judge!, 1000)).filter((b) => b > SILENT).length, { timeout: 15_000 })
    .toBe(2);
  expect(Math.min(...(await audioGrowth(b1!, 2000, 'answered')))).toBeGreaterThan(SILENT);
  expect((await audioGrowth(a2!, 2000)).filter((b) => b > SILENT)).toHaveLength(3);
  await Promise.all(contexts.map((ctx) => ctx.close()));
});

/**
 * A British Parliamentary room end to end (issue 41, "Done when"): eight debaters and a judge. Two teams queue as
 * partners and four debaters press "Find me a partner" (two of them in the page, where the waiting card counts the
 * teams), and the queue opens the room. A room of nine meets through the media server (issue 41, item 5): the app runs
 * on its own instance with JANUS_URL set to a real Janus started for this file, and each page publishes once and
 * receives the eight others from it (nine connections, all to Janus); the cameras are off but for two debaters', as
 * the room remembers a debater's choice. In prep each team huddles, held by the server on each subscription: read
 * from `getStats()`, a team's members hear each other and nobody else does. The clock walks PM, LO, DPM, DLO, MG, MO,
 * GW, OW, each speech run by its speaker only; a point of information is refused in the protected first minute (the
 * page's button, and the server when asked anyway) and taken after it; the judge ranks the four teams in the ballot
 * form, and every debater's dashboard shows their team points and BP rating.
 */
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import type { BrowserContext, Page } from '@playwright/test';
import type { TDebate } from '@resolved/shared';
import { test, expect } from '../../support/fixtures';
import { signInAs, uniqueEmail } from '../../support/accounts';
import {
  audible,
  audioGrowth,
  callStates,
  connectionTimelines,
  mediaServerConnections,
  openConnections,
  recordCalls,
  SILENT,
} from '../../support/call-stats';
import { letRunningSpeechRun, putPausedSpeechAt } from '../../support/database';
import { useJanusApp } from '../../support/janus-app';
import { FAKE_MEDIA_LAUNCH } from '../../support/fake-media';
import { tapSocket, type TSocketTap } from '../../support/socket-tap';
import { userIdOf } from '../../support/rounds';
import { DebatePage } from '../../pages/DebatePage';

const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
const APP_PORT = E2E_PORT + 50;
/**
 * Janus's media ports: nine publications and 72 subscriptions need a port each. The block is sfu-teams.spec.ts's and
 * beyond; the two never run at once (the media project runs one file at a time).
 */
const JANUS_PORTS: [number, number] = [65_000, 65_499];
// An action that cannot happen fails within a minute, not at the test's end.
test.use({ launchOptions: FAKE_MEDIA_LAUNCH, actionTimeout: 60_000 });

const own = useJanusApp({
  port: APP_PORT,
  rtpPorts: JANUS_PORTS,
  authSecret: 'e2e-bp-room-auth-secret-0123456789abcdef0123456',
});

/** The speaking order, each position's short name and team. */
const ORDER = ['pm', 'lo', 'dpm', 'dlo', 'mg', 'mo', 'gw', 'ow'] as const;
type TPosition = (typeof ORDER)[number];
const TEAM: Record<TPosition, string> = {
  pm: 'Opening Government',
  dpm: 'Opening Government',
  lo: 'Opening Opposition',
  dlo: 'Opening Opposition',
  mg: 'Closing Government',
  gw: 'Closing Government',
  mo: 'Closing Opposition',
  ow: 'Closing Opposition',
};
const TEAMS = [
  ['pm', 'dpm'],
  ['lo', 'dlo'],
  ['mg', 'gw'],
  ['mo', 'ow'],
] as const;
/** The judge's ranking and points below: Closing Government first, then OO, OG, CO; the points agree with it. */
const PLACE: Record<string, { place: string; teamPoints: number; points: [number, number] }> = {
  'Closing Government': { place: 'First (3 team points)', teamPoints: 3, points: [78, 77] },
  'Opening Opposition': { place: 'Second (2 team points)', teamPoints: 2, points: [76, 76] },
  'Opening Government': { place: 'Third (1 team points)', teamPoints: 1, points: [75, 74] },
  'Closing Opposition': { place: 'Fourth (0 team points)', teamPoints: 0, points: [72, 71] },
};

/**
 * How long a page may take to show what another did, or a call to settle, with nine pages in one call on a shared
 * two-core machine. A margin, not a budget.
 */
const SLOW = 45_000;

/** Every page's connected connections, for a failure's message. */
async function connectionCounts(pages: Record<string, Page>): Promise<string> {
  const counts = await Promise.all(Object.entries(pages).map(async ([n, p]) => `${n} ${await openConnections(p)}`));
  return counts.join(', ');
}

/**
 * A page's call through the media server: its open, connected and media-server connections, and how many only send
 * (its publication) and only receive (a subscription to each other person).
 */
async function throughTheServer(page: Page) {
  const { open, connected, toJanus, directions } = await mediaServerConnections(page, JANUS_PORTS);
  const only = (way: string) => directions.filter((d) => d.split(',').every((t) => t === way)).length;
  return { open, connected, toJanus, publications: only('sendonly'), subscriptions: only('recvonly') };
}
const NINE_THROUGH_THE_SERVER = { open: 9, connected: 9, toJanus: 9, publications: 1, subscriptions: 8 };

test('eight debaters and a judge run a British Parliamentary room from the queue to the dashboards', async ({
  browser,
}) => {
  test.setTimeout(600_000); // nine browsers in one call on a shared two-core machine: a margin, not a budget
  const run = randomBytes(3).toString('hex');
  const names = [...Array.from({ length: 8 }, (_, i) => `Bp${i} ${run}`), `Bp Judge ${run}`];
  const headers = { origin: own.app().baseUrl };
  const databasePath = `${own.app().dataDir}/resolved.db`;
  const contexts: BrowserContext[] = await Promise.all(
    names.map(() => browser.newContext({ baseURL: own.app().baseUrl })),
  );
  await Promise.all(
    contexts.map((ctx, i) => signInAs(ctx, uniqueEmail(`bproom-${i}`), names[i], undefined, own.app().baseUrl)),
  );
  const ids = await Promise.all(contexts.map((ctx) => userIdOf(ctx)));
  // Cameras off for all but two debaters (Bp0 and Bp2): the choice the room remembers from a debater's "Camera off",
  // set before any page opens. Every page records its call's connections.
  const withCamera = new Set([0, 2]);
  for (const [i, ctx] of contexts.entries()) {
    await recordCalls(ctx);
    if (!withCamera.has(i)) await ctx.addInitScript(() => localStorage.setItem('resolved.camera', 'off'));
  }
  const queue = (i: number, data: object) => contexts[i]!.request.post('/api/debates/queue', { headers, data });

  // Two teams of partners: a partner link accepted, and both join naming each other.
  for (const [a, b] of [
    [0, 1],
    [2, 3],
  ] as const) {
    const made = await contexts[a]!.request.post('/api/debates/partner-links', { headers, data: { formatId: 'bp' } });
    expect(made.status(), await made.text()).toBe(201);
    const { token } = ((await made.json()) as { link: { token: string } }).link;
    const accepted = await contexts[b]!.request.post(`/api/debates/partner-links/${token}/accept`, { headers });
    expect(accepted.status(), await accepted.text()).toBe(200);
    expect((await queue(a, { formatId: 'bp', mode: 'team', partnerIds: [ids[b]] })).status()).toBe(200);
    expect((await queue(b, { formatId: 'bp', mode: 'team', partnerIds: [ids[a]] })).status()).toBe(200);
  }
  // Every debater waits on the queue card, so the match takes each page to the room at once (a debater who has not
  // come within a minute of the match forfeits). The test sends on three of their sockets too (`tapSocket`, before
  // the page opens it): three debaters of three teams, so at least one sits on the Opposition bench.
  const taps = new Map<number, TSocketTap>();
  const queuePage = async (i: number) => {
    const page = await contexts[i]!.newPage();
    if (i === 0 || i === 2 || i === 4) taps.set(i, await tapSocket(page));
    const debates = new DebatePage(page);
    await page.goto('/debates');
    await expect(page.getByRole('heading', { level: 1, name: 'Debates' })).toBeVisible({ timeout: SLOW });
    return { page, debates };
  };
  // Four "find me a partner" debaters: the first and the last in the page, the two between through the same route.
  const findPartner = async (i: number) => {
    const { page, debates } = await queuePage(i);
    await debates.chooseFormat('British Parliamentary');
    await page.getByRole('radio', { name: 'Find me a partner', exact: true }).check();
    await debates.findButton.click();
    return page;
  };
  const firstSolo = await findPartner(4);
  const count = firstSolo.getByTestId('queue-room-count');
  await expect(count).toHaveText('2 of 4 teams waiting, and 1 debater waiting for a partner.', { timeout: SLOW });
  expect((await queue(5, { formatId: 'bp', mode: 'solo' })).status()).toBe(200);
  // The card asks the server again while it waits: the two solo debaters are a team now.
  await expect(count).toHaveText('3 of 4 teams waiting.', { timeout: SLOW });
  expect((await queue(6, { formatId: 'bp', mode: 'solo' })).status()).toBe(200);
  await expect(count).toHaveText('3 of 4 teams waiting, and 1 debater waiting for a partner.', { timeout: SLOW });
  const waiting = await Promise.all(
    [0, 1, 2, 3, 5, 6].map(async (i) => {
      const { page, debates } = await queuePage(i);
      await expect(debates.waiting).toContainText('Waiting for the other teams…', { timeout: SLOW });
      return [i, page] as const;
    }),
  );
  const lastSolo = await findPartner(7);
  const pages: Page[] = [];
  for (const [i, page] of [...waiting, [4, firstSolo] as const, [7, lastSolo] as const]) pages[i] = page;
  for (const page of pages) await expect(page).toHaveURL(/\/debates\/\d+$/, { timeout: SLOW });
  const debateId = Number(new URL(lastSolo.url()).pathname.split('/').at(-1));
  for (const page of pages) expect(page.url()).toBe(lastSolo.url());
  const { debate } = (await (await contexts[0]!.request.get(`/api/debates/${debateId}`)).json()) as { debate: TDebate };
  expect(debate.formatId).toBe('bp');
  expect(debate.seats.map((s) => s.userId).sort()).toEqual(ids.slice(0, 8).sort());
  // Who holds which position (drawn at random), and the partners sit in one team.
  const at = {} as Record<TPosition, number>;
  for (const seat of debate.seats) at[seat.position as TPosition] = ids.indexOf(seat.userId);
  const teamOf = (i: number) => TEAM[ORDER.find((p) => at[p] === i)!];
  expect(teamOf(0)).toBe(teamOf(1));
  expect(teamOf(2)).toBe(teamOf(3));
  const judgeIndex = 8;
  const tap = [...taps].find(([i]) => teamOf(i).endsWith('Opposition'))![1];
  pages[judgeIndex] = await contexts[judgeIndex]!.newPage();
  await new DebatePage(pages[judgeIndex]).gotoRoom(debateId, { timeout: 90_000 });
  for (const page of pages) await expect(new DebatePage(page).clock).toBeVisible({ timeout: SLOW });
  const errors: string[] = [];
  const warnings = new Map<string, number>();
  for (const [i, page] of pages.entries()) {
    page.on('pageerror', (error) => errors.push(`${names[i]}: ${error.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(`${names[i]}: ${m.text()}`);
      if (m.type() === 'warning') warnings.set(m.text().slice(0, 300), (warnings.get(m.text().slice(0, 300)) ?? 0) + 1);
    });
  }
  const pageAt = (position: TPosition) => pages[at[position]]!;
  const judge = pages[judgeIndex]!;
  // Nobody forfeited on the way in: the round is live with all eight.
  const live = (await (await contexts[0]!.request.get(`/api/debates/${debateId}`)).json()) as { debate: TDebate };
  expect(live.debate.status).toBe('live');
  // The judge takes the seat (through the route the page's "Judge this debate" calls: on a loaded machine the page's
  // click can come before its handler is ready, which other specs test), and every page shows it.
  const seated = await contexts[judgeIndex]!.request.post(`/api/debates/${debateId}/judge`, { headers });
  expect(seated.ok(), await seated.text()).toBe(true);
  await expect(new DebatePage(pageAt('pm')).judgeName).toContainText(names[judgeIndex]!, { timeout: SLOW });

  // The call: each of the nine publishes once to the media server and receives the eight others from it.
  const named = Object.fromEntries(
    pages.map((page, i) => [i === judgeIndex ? 'judge' : ORDER.find((p) => at[p] === i)!, page]),
  );
  for (const [name, page] of Object.entries(named)) {
    await expect
      .poll(() => throughTheServer(page), { timeout: 150_000 })
      .toEqual(NINE_THROUGH_THE_SERVER)
      .catch(async (error: unknown) => {
        writeFileSync(test.info().outputPath(`${name}-connections.txt`), (await connectionTimelines(page)).join('\n'));
        throw new Error(
          `${name} does not publish once and receive the eight others through the media server (${await connectionCounts(named)}). ` +
            `Every page's calls: ${await callStates(named)}. Warnings: ${JSON.stringify([...warnings])}`,
          { cause: error },
        );
      });
  }
  // Tiles name each seat by team and position; a debater's partner is the one of their own team.
  await expect(judge.locator('figcaption', { hasText: `Opening Government · PM · ${names[at.pm]}` })).toBeVisible();
  await expect(pageAt('pm').locator('figure').filter({ hasText: `Opening Government · DPM` })).toContainText(
    names[at.dpm]!,
  );
  await expect(pageAt('pm').getByLabel('Your partner', { exact: true })).toHaveCount(1);
  await expect(
    pageAt('mg').locator('figcaption', { hasText: `Closing Government · GW · ${names[at.gw]}` }),
  ).toBeVisible();

  // Prep: the motion is out, and each team huddles.
  await pageAt('dlo').getByTestId('room-clock-area').getByRole('button', { name: 'Take prep' }).click();
  for (const position of ORDER) {
    await expect(pageAt(position).getByTestId('huddle-note')).toHaveText('Prep huddle: only your partner hears you', {
      timeout: SLOW,
    });
  }
  await expect(judge.getByTestId('huddle-note')).toHaveText(
    'Prep huddle: each team hears only itself until prep ends.',
  );
  // The judge receives no debater's audio; each debater hears two (their partner, the judge): the server holds the
  // rest of the subscriptions' audio.
  await expect.poll(async () => Math.max(...(await audioGrowth(judge, 2000))), { timeout: SLOW }).toBeLessThan(SILENT);
  const debaterPages = ORDER.map((p) => pageAt(p));
  const heard = () => Promise.all(debaterPages.map((page) => audible(page, 2000)));
  await expect.poll(heard, { timeout: SLOW }).toEqual(ORDER.map(() => 2));
  // Which peer: with everyone muted but one team, only that team's two hear anyone (each other), team by team.
  const muteButton = (page: Page, name: 'Mute' | 'Unmute') => page.getByRole('button', { name, exact: true }).click();
  for (const page of pages) await muteButton(page, 'Mute');
  for (const team of TEAMS) {
    for (const position of team) await muteButton(pageAt(position), 'Unmute');
    const expected = [...ORDER.map((p) => ((team as readonly string[]).includes(p) ? 1 : 0)), 0];
    await expect
      .poll(() => Promise.all([...debaterPages, judge].map((page) => audible(page, 2000))), {
        timeout: SLOW,
        message: `only ${TEAM[team[0]]} hears ${TEAM[team[0]]} (debaters in speaking order, then the judge)`,
      })
      .toEqual(expected);
    for (const position of team) await muteButton(pageAt(position), 'Mute');
  }
  for (const page of pages) await muteButton(page, 'Unmute');
  await pageAt('dlo').getByTestId('room-clock-area').getByRole('button', { name: 'End prep' }).click();
  for (const page of pages) await expect(page.getByTestId('huddle-note')).toHaveCount(0, { timeout: SLOW });
  // Prep over: the judge hears all eight again.
  await expect.poll(() => audible(judge, 2000), { timeout: SLOW }).toBe(8);

  // The speeches, in BP's order, each run by its speaker alone.
  const clockArea = (page: Page) => page.getByTestId('room-clock-area');
  for (const [index, position] of ORDER.entries()) {
    const short = position.toUpperCase();
    const speaker = pageAt(position);
    const next = ORDER[index + 1];
    // Only this speech's speaker may start it (the next one's page has no such button) and end it.
    await expect(clockArea(speaker).getByRole('button', { name: `Start ${short}`, exact: true })).toBeVisible({
      timeout: SLOW,
    });
    if (next) await expect(clockArea(pageAt(next)).getByRole('button', { name: `Start ${short}` })).toHaveCount(0);
    await clockArea(speaker)
      .getByRole('button', { name: `Start ${short}`, exact: true })
      .click();
    await expect(clockArea(speaker).getByRole('button', { name: 'End speech' })).toBeVisible({ timeout: SLOW });
    await expect(judge.getByTestId('current-speakers')).toHaveText(
      `Speaking: ${names[at[position]]} (${TEAM[position]}, ${short})`,
      { timeout: SLOW },
    );
    await expect(judge.getByTestId('speech-schedule').locator('li[aria-current="step"]')).toContainText(`${short} · `);
    if (next) await expect(clockArea(pageAt(next)).getByRole('button', { name: 'End speech' })).toHaveCount(0);
    if (position === 'pm') await pointsOfInformation();
    if (at[position] === 0) {
      // The room in a speech, from the judge's page, while a debater with the camera on speaks.
      for (const width of [1280, 375]) {
        await judge.setViewportSize({ width, height: 800 });
        await judge.screenshot({ path: test.info().outputPath(`bp-speech-${width}.png`), fullPage: true });
      }
      await judge.setViewportSize({ width: 1280, height: 800 });
    }
    letRunningSpeechRun(debateId, 7, databasePath);
    await clockArea(speaker).getByRole('button', { name: 'End speech' }).click();
    await expect(clockArea(speaker).getByRole('button', { name: 'End speech' })).toHaveCount(0, { timeout: SLOW });
  }

  /**
   * In the PM's speech: the first minute is protected (the Opposition's button is off and the server refuses the
   * offer); past it the Opposition offers and the PM accepts; the Government bench has no button at all.
   */
  async function pointsOfInformation() {
    const lo = new DebatePage(pageAt('lo'));
    await expect(lo.poiWindow).toHaveText('Protected time: points of information are not allowed now.', {
      timeout: SLOW,
    });
    await expect(lo.offerPoiButton).toBeDisabled();
    const refused = await tap.request('debate.offer_poi', { debateId, kind: 'poi' });
    expect(refused).toMatchObject({
      ok: false,
      error: { message: 'Protected time: points of information are not allowed now.' },
    });
    await expect(new DebatePage(pageAt('mg')).offerPoiButton).toHaveCount(0);
    // A minute and a half in: the clock moved on (paused, set, resumed by the PM, as the server reads it).
    await clockArea(pageAt('pm')).getByRole('button', { name: 'Pause' }).click();
    await expect(clockArea(pageAt('pm')).getByRole('button', { name: 'Resume' })).toBeVisible({ timeout: SLOW });
    putPausedSpeechAt(debateId, 90, databasePath);
    await clockArea(pageAt('pm')).getByRole('button', { name: 'Resume' }).click();
    await expect(lo.poiWindow).toHaveText('Points of information are open.', { timeout: SLOW });
    await lo.offerPoiButton.click();
    const pm = new DebatePage(pageAt('pm'));
    await expect(pm.poiOffer).toBeVisible({ timeout: SLOW });
    await pm.poiOffer.getByRole('button', { name: 'Accept' }).click();
    await expect(new DebatePage(judge).poiCount).toHaveText('Points of information: 1 offered, 1 accepted', {
      timeout: SLOW,
    });
  }

  // The ballot: the judge ranks the four teams and gives eight speakers points, in the form.
  const form = judge.getByTestId('bp-ballot-form');
  await expect(form).toBeVisible({ timeout: SLOW });
  for (const [team, { place, points }] of Object.entries(PLACE)) {
    await form.getByLabel(`Place: ${team}`).selectOption({ label: place });
    const [first, second] = TEAMS.find(([p]) => TEAM[p] === team)!;
    await form.getByLabel(`Speaker points: ${names[at[first]]} (${first.toUpperCase()})`).fill(String(points[0]));
    await form.getByLabel(`Speaker points: ${names[at[second]]} (${second.toUpperCase()})`).fill(String(points[1]));
  }
  await form.getByLabel('Reason for decision').fill('Closing Government extended the debate with the best analysis.');
  for (const width of [1280, 375]) {
    await judge.setViewportSize({ width, height: 800 });
    await judge.screenshot({ path: test.info().outputPath(`bp-ballot-${width}.png`), fullPage: true });
  }
  await judge.setViewportSize({ width: 1280, height: 800 });
  await form.getByRole('button', { name: 'Submit ballot' }).click();
  await expect(judge.getByTestId('bp-place-1')).toContainText('First: Closing Government · 3 team points', {
    timeout: SLOW,
  });
  await expect(pageAt('ow').getByTestId('bp-place-4')).toContainText('Fourth: Closing Opposition · 0 team points', {
    timeout: SLOW,
  });

  // Every debater's dashboard: their team's points from this room and a British Parliamentary rating.
  for (const position of ORDER) {
    const page = pageAt(position);
    const { teamPoints, points } = PLACE[TEAM[position]]!;
    await page.goto('/dashboard');
    const record = page.getByTestId('debate-record');
    await expect(record.getByTestId('record-bp-team-points')).toHaveText(
      `${teamPoints} team ${teamPoints === 1 ? 'point' : 'points'} in 1 room`,
      { timeout: SLOW },
    );
    await expect(record.getByTestId('record-bp-last')).toContainText(
      `as ${TEAM[position]}, ${teamPoints} team ${teamPoints === 1 ? 'point' : 'points'}`,
    );
    const team: readonly TPosition[] = TEAMS.find((t) => (t as readonly TPosition[]).includes(position))!;
    const mine = points[team.indexOf(position)];
    await expect(record.getByTestId('record-bp-last')).toContainText(`${mine} speaker points`);
    await expect(record.getByTestId('record-ratings')).toContainText(/British Parliamentary: \d+/);
  }
  expect(errors).toEqual([]);
  await Promise.all(contexts.map((ctx) => ctx.close()));
});

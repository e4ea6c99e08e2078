/**
 * A British Parliamentary tournament in the browser (issue 41, item 4): a coach creates one in the form (teams of two,
 * a break of four, five-minute speeches) and sets the final's motion (a motion for each round up to the final, by its
 * name), eight teams of two enter by its code through the API, three judges make the pool, and the host releases round
 * 1 from the page: two rooms of four teams, each card named by its position, with its chair and the way in; an entrant
 * sees their own room and position; the host seats the spare judge as a room's chair before it starts, and is told why
 * room 1's chair may not take it too. Each room is judged through the API (the
 * chair's ranked ballot, as the room's form sends it); the places and points show in the rooms, and the team tab reads
 * team points, rooms and firsts. Round 2 and the final follow; the final's first is the champion, on the host's page
 * and, once published, on the public results page a visitor reads. Screenshots at 1280 and 375 wide.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { signInAs, uniqueEmail } from '../support/accounts';
import { bringRoundToBallot } from '../support/database';
import { BASE_URL } from '../support/env';
import { userIdOf } from '../support/rounds';
import { toast } from '../pages/AuthPages';
import { TournamentPages } from '../pages/TournamentPages';

const headers = { origin: BASE_URL };
const SIDES = ['og', 'oo', 'cg', 'co'] as const;
type TSide = (typeof SIDES)[number];
const POSITIONS: Record<TSide, [string, string]> = {
  og: ['pm', 'dpm'],
  oo: ['lo', 'dlo'],
  cg: ['mg', 'gw'],
  co: ['mo', 'ow'],
};
const SIDE_NAMES: Record<TSide, string> = {
  og: 'Opening Government',
  oo: 'Opening Opposition',
  cg: 'Closing Government',
  co: 'Closing Opposition',
};
type TRoom = {
  debateId: number | null;
  teams: Record<TSide, { entrantId: number; displayName: string } | null>;
  panel: { userId: string | null; displayName: string }[];
};

async function post(ctx: BrowserContext, url: string, data: object = {}) {
  const response = await ctx.request.post(url, { headers, data });
  expect(response.ok(), `${url}: ${await response.text()}`).toBe(true);
  return response.status() === 204 ? null : response.json();
}

/** Screenshots of one region of `page` at a desktop's and a phone's width. */
async function shoot(page: Page, region: string, name: string, outputPath: (name: string) => string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page
      .getByRole('region', { name: region, exact: true })
      .screenshot({ path: outputPath(`${name}-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a British Parliamentary tournament: rooms of four, placed and pointed, a team tab and a champion', async ({
  browser,
  consoleErrors,
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  const shot = (name: string) => testInfo.outputPath(name);
  const run = Date.now().toString(36);
  const hostCtx = page.context();
  await signInAs(hostCtx, uniqueEmail('bp-host'), `Host ${run}`);
  await post(hostCtx, '/api/teams', { name: `BP North ${run}`, school: 'North' });

  // The form offers British Parliamentary: teams of two only, its breaks with how they run, and the speech length.
  const host = new TournamentPages(page);
  await page.goto('/tournaments');
  const form = page.getByRole('region', { name: 'Create a tournament' });
  await form.getByLabel('Format').selectOption({ label: 'British Parliamentary' });
  await expect(form.getByLabel('Entrants').locator('option')).toHaveText(['Teams of 2']);
  await expect(form.getByLabel('Break').locator('option')).toHaveText([
    'No elimination rounds',
    'Top 4 teams (a final of 4)',
    'Top 8 teams (2 rooms)',
    'Top 16 teams (4 rooms)',
    'Top 32 teams (8 rooms)',
    'Top 64 teams (16 rooms)',
  ]);
  await form.getByLabel('Break').selectOption({ label: 'Top 8 teams (2 rooms)' });
  await expect(form.getByTestId('bp-break-help')).toHaveText(
    'Rooms of four: the top two of each room go through. Semifinals, then Final.',
  );
  await expect(form.getByLabel('Speech length').locator('option')).toHaveText([
    '7 minutes (universities)',
    '5 minutes (schools)',
  ]);
  await shoot(page, 'Create a tournament', 'bp-create', shot);
  const name = `BP Cup ${run}`;
  const id = await host.create({
    name,
    format: 'British Parliamentary',
    entrants: 'Teams of 2',
    prelimRounds: 2,
    breakLabel: 'Top 4 teams (a final of 4)',
    speechLength: '5 minutes (schools)',
  });
  await expect(page.getByRole('main')).toContainText(
    'British Parliamentary · teams of 2 · 2 preliminary rounds · break of 4 · 5-minute speeches',
  );
  const code = (await host.joinCode.innerText()).replace(/\s/g, '');

  // The host sets a motion for every round up to the final, each named as the pairings name it.
  const motions = page.getByRole('region', { name: 'Motions' });
  await expect(motions.getByRole('textbox')).toHaveCount(3);
  for (const label of ['Round 1 motion', 'Round 2 motion', 'Final motion']) {
    await expect(motions.getByLabel(label)).toBeVisible();
  }
  const finalMotion = `This House would abolish homework ${run}`;
  await motions.getByLabel('Final motion').fill(finalMotion);
  await motions.getByRole('button', { name: 'Save motion' }).last().click();
  await expect(toast(page, 'The motion for the final is saved.')).toBeVisible();

  // Three judges in the pool: one chair for each room of a preliminary round, and one to spare.
  const byUserId = new Map<string, BrowserContext>();
  const account = async (label: string, displayName: string) => {
    const ctx = await browser.newContext();
    await signInAs(ctx, uniqueEmail(label), displayName);
    byUserId.set(await userIdOf(ctx), ctx);
    return ctx;
  };
  for (const n of [1, 2, 3]) {
    const judge = await account(`bp-judge-${n}`, `Judge ${n} ${run}`);
    await post(hostCtx, `/api/tournaments/${id}/judges`, { userId: await userIdOf(judge) });
  }

  // Eight teams of two enter by the code, each partner confirming. Team 1 is the strongest, team 8 the weakest.
  const teams: { entrantId: number; name: string; captain: BrowserContext }[] = [];
  for (let n = 1; n <= 8; n++) {
    const [captainName, partnerName] = [`Cap${n} ${run}`, `Mate${n} ${run}`];
    const captain = await account(`bp-cap-${n}`, captainName);
    const partner = await account(`bp-mate-${n}`, partnerName);
    const entered = await post(captain, `/api/tournaments/join/${code}`, { partnerIds: [await userIdOf(partner)] });
    const entrantId = (entered.entrant as { id: number }).id;
    await post(partner, `/api/tournaments/${id}/entrants/${entrantId}/confirm`);
    teams.push({ entrantId, name: `${captainName} & ${partnerName}`, captain });
  }
  const strength = (entrantId: number) => teams.findIndex((t) => t.entrantId === entrantId);

  const roomsOf = async (number: number): Promise<TRoom[]> => {
    const body = await (await hostCtx.request.get(`/api/tournaments/${id}/rounds`)).json();
    return (body.rounds as { number: number; bpRooms: TRoom[] }[]).find((r) => r.number === number)!.bpRooms;
  };
  /** The chair ranks the room's teams by strength (the stronger placed higher), each speaker's points following. */
  const judgeRoom = async (room: TRoom) => {
    bringRoundToBallot(room.debateId!);
    const order = [...SIDES].sort((a, b) => strength(room.teams[a]!.entrantId) - strength(room.teams[b]!.entrantId));
    const ranks = Object.fromEntries(order.map((side, i) => [side, i + 1]));
    const speakerPoints = Object.fromEntries(
      order.flatMap((side, i) => [
        [POSITIONS[side][0], 80 - 3 * i],
        [POSITIONS[side][1], 79 - 3 * i],
      ]),
    );
    const chair = byUserId.get(room.panel[0]!.userId!)!;
    await post(chair, `/api/debates/${room.debateId}/ballots`, {
      ranks,
      speakerPoints,
      reason: 'Closing Government extended the debate furthest.',
    });
    return order.map((side) => room.teams[side]!.displayName);
  };

  // The host releases round 1: two rooms of four teams by position, each with its chair and the way in.
  await host.releaseButton(1).click();
  const rounds = page.getByRole('region', { name: 'Rounds', exact: true });
  const roundOne = rounds.getByTestId('round-1');
  await expect(roundOne.getByRole('heading', { name: /Round 1/ })).toBeVisible();
  const rooms = roundOne.getByTestId('bp-room');
  await expect(rooms).toHaveCount(2);
  const drawn = await roomsOf(1);
  expect(drawn).toHaveLength(2);
  for (const [i, room] of drawn.entries()) {
    const shown = rooms.nth(i);
    await expect(shown.getByRole('heading', { name: `Room ${i + 1}` })).toBeVisible();
    await expect(shown.getByTestId('bp-team')).toHaveCount(4);
    for (const side of SIDES) {
      const card = shown.locator(`[data-testid="bp-team"][data-side="${side}"]`);
      await expect(card).toContainText(SIDE_NAMES[side]);
      await expect(card).toContainText(room.teams[side]!.displayName);
    }
    await expect(shown.getByTestId('bp-panel')).toHaveText(`Chair: ${room.panel[0]!.displayName}`);
    await expect(shown.getByRole('link', { name: 'Open the room' })).toHaveAttribute(
      'href',
      `/debates/${room.debateId}`,
    );
  }
  const named = drawn.flatMap((room) => SIDES.map((side) => room.teams[side]!.displayName)).sort();
  expect(named).toEqual(teams.map((t) => t.name).sort());
  await shoot(page, 'Rounds', 'bp-round-1', shot);

  // Team 1's captain sees their own room: their position, the other teams, and the way into it.
  const entrantPage = await teams[0]!.captain.newPage();
  await entrantPage.goto(`/tournaments/${id}`);
  const ownRooms = entrantPage.getByRole('region', { name: 'Your rounds' }).getByTestId('bp-room');
  await expect(ownRooms).toHaveCount(1);
  const ownRoom = drawn.find((room) => SIDES.some((side) => room.teams[side]!.entrantId === teams[0]!.entrantId))!;
  const ownSide = SIDES.find((side) => ownRoom.teams[side]!.entrantId === teams[0]!.entrantId)!;
  await expect(ownRooms.getByTestId('bp-own-position')).toHaveText(`You are ${SIDE_NAMES[ownSide]}.`);
  await expect(ownRooms.getByRole('link', { name: 'Go to your room' })).toHaveAttribute(
    'href',
    `/debates/${ownRoom.debateId}`,
  );
  await expect(ownRooms.locator(`[data-side="${ownSide}"]`)).toContainText('(you)');
  await shoot(entrantPage, 'Your rounds', 'bp-own-room', shot);

  // The chair of room 1 sees the room they judge, and says so.
  const chairPage = await byUserId.get(drawn[0]!.panel[0]!.userId!)!.newPage();
  await chairPage.goto(`/tournaments/${id}`);
  const judgedRooms = chairPage.getByRole('region', { name: 'Your rounds' }).getByTestId('bp-room');
  await expect(judgedRooms).toHaveCount(1);
  await expect(judgedRooms).toContainText('You judge this room.');
  await expect(judgedRooms.getByRole('link', { name: 'Go to the room' })).toHaveAttribute(
    'href',
    `/debates/${drawn[0]!.debateId}`,
  );
  await chairPage.close();

  // Before room 2 starts, the host seats the spare judge as its chair (as for a chair who never came).
  const spareName = [1, 2, 3]
    .map((n) => `Judge ${n} ${run}`)
    .find((name) => !drawn.some((room) => room.panel[0]!.displayName === name))!;
  const roomTwo = rooms.nth(1);
  await roomTwo.getByRole('button', { name: 'Change chair' }).click();
  await roomTwo.getByLabel('Judge').selectOption({ label: spareName });
  await roomTwo.getByRole('button', { name: 'Seat this judge' }).click();
  await expect(toast(page, 'The chair is changed.')).toBeVisible();
  await expect(roomTwo.getByTestId('bp-panel')).toHaveText(`Chair: ${spareName}`);
  // Room 1's chair may not chair room 2 as well: the page says why (the refused request is the browser's error).
  consoleErrors.allow(/status of 409 \(Conflict\).*\/bp-rooms\//);
  await roomTwo.getByRole('button', { name: 'Change chair' }).click();
  await roomTwo.getByLabel('Judge').selectOption({ label: drawn[0]!.panel[0]!.displayName });
  await roomTwo.getByRole('button', { name: 'Seat this judge' }).click();
  await expect(roomTwo.getByRole('alert')).toHaveText(
    `${drawn[0]!.panel[0]!.displayName} judges another room of this round.`,
  );
  drawn.splice(0, drawn.length, ...(await roomsOf(1)));

  // Each room judged: its places and points show on the host's page, and the team tab reads team points.
  for (const room of drawn) await judgeRoom(room);
  for (const i of [0, 1]) {
    // The places follow the cards (by position), so they are read as a set: one of each.
    await expect(rooms.nth(i).getByTestId('bp-place')).toHaveCount(4);
    expect((await rooms.nth(i).getByTestId('bp-place').allInnerTexts()).sort()).toEqual(['1st', '2nd', '3rd', '4th']);
  }
  await expect(rooms.first().getByTestId('bp-result').first()).toContainText(/\d team points? · \d+\.0 speaker points/);
  const tab = page.getByRole('region', { name: 'Standings' });
  await expect(tab.getByRole('columnheader', { name: 'Team points' })).toBeVisible();
  await expect(tab.getByRole('columnheader', { name: 'Firsts' })).toBeVisible();
  await expect(tab.getByRole('columnheader', { name: 'Wins' })).toHaveCount(0);
  const rows = tab.getByTestId('tournament-standings').first().getByTestId('standing-row');
  await expect(rows).toHaveCount(8);
  await expect(rows.getByTestId('standing-team-points')).toHaveText(['3', '3', '2', '2', '1', '1', '0', '0']);
  await expect(rows.first().getByTestId('standing-firsts')).toHaveText('1');
  await expect(rows.first().getByTestId('standing-rooms')).toHaveText('1');
  await expect(tab.getByTestId('speaker-tab').getByTestId('speaker-row')).toHaveCount(16);
  await shoot(page, 'Standings', 'bp-tab', shot);

  // Round 2, then the final: the top four's room, whose first is the champion.
  await host.releaseButton(2).click();
  await expect(rounds.getByTestId('round-2').getByTestId('bp-room')).toHaveCount(2);
  for (const room of await roomsOf(2)) await judgeRoom(room);
  await host.releaseButton('the final').click();
  const finalRooms = rounds.getByTestId('round-3').getByTestId('bp-room');
  await expect(rounds.getByTestId('round-3').getByRole('heading', { name: /^Final/ })).toBeVisible();
  await expect(finalRooms).toHaveCount(1);
  await expect(rounds.getByTestId('round-3').getByTestId('round-motion')).toHaveText(`Motion: ${finalMotion}`);
  const [champion] = await judgeRoom((await roomsOf(3))[0]!);
  await expect(page.getByTestId('tournament-status')).toHaveText('Finished');
  await expect(page.getByTestId('tournament-champion')).toContainText(`Champion: ${champion}`);
  await expect(page.getByRole('region', { name: 'Elimination bracket' })).toHaveCount(0);
  await shoot(page, 'Champion team', 'bp-champion', shot);

  // Published, the results page shows a visitor the champion, the team tab and every room with its places.
  await page.getByRole('button', { name: 'Publish the results' }).click();
  await expect(page.getByRole('link', { name: 'The published results' })).toBeVisible();
  const visitorCtx = await browser.newContext();
  const visitor = await visitorCtx.newPage();
  await visitor.goto(`/tournaments/${id}/results`);
  await expect(visitor.getByTestId('results-champion')).toHaveText(champion!);
  await expect(visitor.getByRole('region', { name: 'Rounds' }).getByTestId('bp-room')).toHaveCount(5);
  await expect(visitor.getByRole('region', { name: 'Rounds' }).getByTestId('bp-place')).toHaveCount(20);
  await expect(visitor.getByRole('region', { name: 'Rounds' }).getByRole('link')).toHaveCount(0);
  await expect(visitor.getByRole('columnheader', { name: 'Team points' })).toBeVisible();
  for (const width of [1280, 375]) {
    await visitor.setViewportSize({ width, height: 900 });
    await visitor.screenshot({ path: shot(`bp-results-${width}.png`), fullPage: true });
  }
  await Promise.all([visitorCtx, ...byUserId.values()].map((ctx) => ctx.close()));
});

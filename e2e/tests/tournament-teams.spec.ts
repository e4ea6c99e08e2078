/**
 * A tournament of teams in the browser (issue 40, item 6): a coach creates a Public Forum tournament of teams of 2;
 * Ann enters by its code naming her teammate Ben, who confirms on the tournament's page; a second team enters and the
 * host replaces one of its members (audited); two rounds are judged (each debater scored); the host's standings show
 * the team tab and the speaker tab; the host corrects a round from the form, every debater's points, and both tabs
 * follow; the published results page shows the team and speaker awards.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { signInAs, uniqueEmail } from '../support/accounts';
import { seriousViolations } from '../support/axe';
import { bringRoundToBallot, seatsOfRound } from '../support/database';
import { BASE_URL } from '../support/env';
import { userIdOf } from '../support/rounds';
import { toast } from '../pages/AuthPages';
import { TournamentPages } from '../pages/TournamentPages';

const headers = { origin: BASE_URL };

/** Screenshots of `page` (or one region of it) at a desktop's and a phone's width. */
async function shoot(page: Page, name: string, outputPath: (name: string) => string, region?: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    const target = region ? page.getByRole('region', { name: region }) : page;
    await target.screenshot({ path: outputPath(`${name}-${width}.png`), ...(region ? {} : { fullPage: true }) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('two teams enter a Public Forum tournament, a member is replaced, and the tabs and awards name every debater', async ({
  browser,
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const shot = (name: string) => testInfo.outputPath(name);
  const run = Date.now().toString(36);
  const names = {
    host: `Host ${run}`,
    ann: `Ann ${run}`,
    ben: `Ben ${run}`,
    cy: `Cy ${run}`,
    dee: `Dee ${run}`,
    eve: `Eve ${run}`,
    judge: `Judge ${run}`,
  };
  const tournamentName = `Partner Cup ${run}`;
  const hostCtx = page.context();
  const [annCtx, benCtx, cyCtx, deeCtx, eveCtx, judgeCtx] = await Promise.all(
    [1, 2, 3, 4, 5, 6].map(() => browser.newContext()),
  );
  const people: [BrowserContext, string][] = [
    [hostCtx, names.host],
    [annCtx!, names.ann],
    [benCtx!, names.ben],
    [cyCtx!, names.cy],
    [deeCtx!, names.dee],
    [eveCtx!, names.eve],
    [judgeCtx!, names.judge],
  ];
  for (const [ctx, name] of people) await signInAs(ctx, uniqueEmail('tteams'), name);

  // The host coaches a team the five debaters join: they are each other's teammates, and the host's.
  const team = await hostCtx.request.post('/api/teams', { headers, data: { name: `North ${run}`, school: 'North' } });
  expect(team.ok(), await team.text()).toBe(true);
  const { joinCode: teamCode } = (await team.json()).team as { joinCode: string };
  for (const ctx of [annCtx!, benCtx!, cyCtx!, deeCtx!, eveCtx!]) {
    const joined = await ctx.request.post(`/api/teams/join/${teamCode}`, { headers });
    expect(joined.ok(), await joined.text()).toBe(true);
  }

  // The host creates a Public Forum tournament of teams of 2, entered by code.
  const host = new TournamentPages(page);
  const id = await host.create({
    name: tournamentName,
    format: 'Public Forum',
    entrants: 'Teams of 2',
    prelimRounds: 2,
    breakLabel: 'No elimination rounds',
  });
  await expect(page.getByRole('main')).toContainText('Public Forum · teams of 2 · 2 preliminary rounds');
  const code = (await host.joinCode.innerText()).trim();
  const judged = await hostCtx.request.post(`/api/tournaments/${id}/judges`, {
    headers,
    data: { userId: await userIdOf(judgeCtx!) },
  });
  expect(judged.ok(), await judged.text()).toBe(true);

  // Ann enters by the code: the form asks for her partner, from her teammates, and she names Ben.
  const annPage = await annCtx!.newPage();
  const ann = new TournamentPages(annPage);
  await ann.joinWithCode(code);
  const joinForm = annPage.getByRole('form', { name: 'Join with a code' });
  await expect(joinForm).toContainText('This Public Forum tournament is entered by teams of 2: name your partner.');
  // The code was right: the code field is not marked wrong. Entering with no partner chosen says what is missing.
  await expect(joinForm.getByLabel('Tournament code')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(joinForm.getByLabel('Your partner')).toBeVisible();
  await joinForm.getByRole('button', { name: 'Enter with my team' }).click();
  await expect(joinForm.getByRole('alert')).toHaveText('Name your partner.');
  await joinForm.getByLabel('Your partner').selectOption({ label: `${names.ben} (teammate)` });
  await expect(joinForm.getByRole('alert')).toHaveCount(0);
  await shoot(annPage, 'join-with-partner', shot, undefined);
  await joinForm.getByRole('button', { name: 'Enter with my team' }).click();
  await expect(annPage).toHaveURL(new RegExp(`/tournaments/${id}$`));
  await expect(toast(annPage, `You entered ${tournamentName}: your team waits for your partners.`)).toBeVisible();
  const annTeam = annPage.getByTestId('own-team');
  await expect(annTeam.getByTestId('team-waiting')).toHaveText(
    `Waiting for ${names.ben} to confirm. Your team is drawn once they have.`,
  );

  // Ben finds the tournament among his own and confirms.
  const benPage = await benCtx!.newPage();
  await benPage.goto('/tournaments');
  await benPage.getByRole('link', { name: tournamentName }).first().click();
  await expect(benPage).toHaveURL(new RegExp(`/tournaments/${id}$`));
  const benTeam = benPage.getByTestId('own-team');
  await expect(benTeam.getByTestId('team-waiting')).toHaveText('Your team is drawn once you confirm.');
  await shoot(benPage, 'partner-confirms', shot, undefined);
  await benTeam.getByRole('button', { name: 'Confirm' }).click();
  await expect(toast(benPage, `You confirmed your team for ${tournamentName}.`)).toBeVisible();
  await expect(benTeam.getByRole('button', { name: 'Confirm' })).toHaveCount(0);
  await expect(benTeam.getByTestId('team-waiting')).toHaveCount(0);
  await expect(annTeam.getByTestId('team-waiting')).toHaveCount(0);

  // Cy enters with Dee through the API; Dee confirms.
  const cyEntered = await cyCtx!.request.post(`/api/tournaments/join/${code.replace(/\s/g, '')}`, {
    headers,
    data: { partnerIds: [await userIdOf(deeCtx!)] },
  });
  expect(cyEntered.status(), await cyEntered.text()).toBe(201);
  const cyEntrantId = ((await cyEntered.json()).entrant as { id: number }).id;
  const deeConfirmed = await deeCtx!.request.post(`/api/tournaments/${id}/entrants/${cyEntrantId}/confirm`, {
    headers,
  });
  expect(deeConfirmed.status(), await deeConfirmed.text()).toBe(204);

  // The host's entrants list: each team's members, confirmed; Dee cannot come, and Eve takes her place.
  await page.reload();
  const entrants = host.entrants;
  await expect(entrants).toContainText(`${names.ann} & ${names.ben}`);
  await expect(entrants).toContainText(`${names.cy} & ${names.dee}`);
  await expect(entrants.getByText('to confirm')).toHaveCount(0);
  await entrants.getByRole('button', { name: `Replace ${names.dee}` }).click();
  const replace = entrants.getByTestId('replace-member');
  // Only debaters in no team of the tournament are offered.
  await expect(replace.getByLabel(`Who takes ${names.dee}’s place`).locator('option')).toHaveText([
    'Choose who',
    names.eve,
  ]);
  await replace.getByLabel(`Who takes ${names.dee}’s place`).selectOption({ label: names.eve });
  await shoot(page, 'host-replaces', shot, 'Entrants (2)');
  await replace.getByRole('button', { name: `Replace ${names.dee}` }).click();
  await expect(toast(page, `${names.eve} takes ${names.dee}’s place once they confirm the team.`)).toBeVisible();
  await expect(entrants).toContainText(`${names.cy} & ${names.eve}`);
  // Eve is named, not entered: the team is drawn again once she confirms it herself.
  const eveConfirmed = await eveCtx!.request.post(`/api/tournaments/${id}/entrants/${cyEntrantId}/confirm`, {
    headers,
  });
  expect(eveConfirmed.status(), await eveConfirmed.text()).toBe(204);
  await expect(host.audit).toContainText('Team member replaced');
  await expect(host.audit).toContainText(`Before: ${names.cy} & ${names.dee}`);
  await expect(host.audit).toContainText(`After: ${names.cy} & ${names.eve}`);
  expect(await seriousViolations(page)).toEqual([]);

  // Two rounds, each judged with every debater's own points: a side's first speaker half a point above the second.
  const judgeRound = async (number: number, points: { a: number; b: number }) => {
    // The release click answers before the round is in the list: wait for its debate rather than read too soon.
    const debateOf = async () => {
      const response = await hostCtx.request.get(`/api/tournaments/${id}/rounds`);
      const rounds = (await response.json()).rounds as { number: number; pairings: { debateId: number | null }[] }[];
      return rounds.find((r) => r.number === number)?.pairings.find((p) => p.debateId !== null)?.debateId ?? null;
    };
    await expect.poll(debateOf).not.toBeNull();
    const debateId = (await debateOf())!;
    const seats = seatsOfRound(debateId);
    expect(seats).toHaveLength(4);
    bringRoundToBallot(debateId);
    const ballot = await judgeCtx!.request.post(`/api/debates/${debateId}/ballots`, {
      headers,
      data: {
        winnerSide: points.a > points.b ? 'a' : 'b',
        debaterPoints: seats.map((s) => ({ userId: s.userId, points: points[s.side] - (s.seat - 1) * 0.5 })),
        reason: 'The better weighing in the final focus.',
      },
    });
    expect(ballot.status(), await ballot.text()).toBe(201);
  };
  await host.releaseButton(1).click();
  await expect(page.getByTestId('tournament-status')).toHaveText('Running');
  await judgeRound(1, { a: 29, b: 27 });
  await expect(host.releaseButton(2)).toBeEnabled();
  await host.releaseButton(2).click();
  await expect(page.getByTestId('tournament-status')).toHaveText('Running');
  await judgeRound(2, { a: 28.5, b: 27.5 });

  // The host's standings: the team tab names each team by its members; the speaker tab each of the four speakers
  // who spoke, with their team.
  const standings = page.getByRole('region', { name: 'Standings' });
  await expect(standings.getByTestId('standing-row')).toHaveCount(2);
  await expect(standings.getByTestId('tournament-standings')).toContainText(`${names.ann} & ${names.ben}`);
  await expect(standings.getByTestId('tournament-standings')).toContainText(`${names.cy} & ${names.eve}`);
  await expect(standings.getByRole('columnheader', { name: 'Team', exact: true }).first()).toBeVisible();
  const speakers = standings.getByTestId('speaker-tab');
  await expect(speakers.getByTestId('speaker-row')).toHaveCount(4);
  for (const name of [names.ann, names.ben, names.cy, names.eve]) await expect(speakers).toContainText(name);
  await expect(speakers).not.toContainText(names.dee);
  await expect(standings.getByRole('link', { name: 'Download the speaker tab (CSV)' })).toHaveAttribute(
    'href',
    `/api/tournaments/${id}/export/speakers.csv`,
  );
  const csv = await hostCtx.request.get(`/api/tournaments/${id}/export/speakers.csv`);
  expect(csv.status()).toBe(200);
  expect((await csv.text()).split('\r\n')[0]).toBe(
    'Division,Rank,Name,Team,Speaker points,High-low dropped,Average,Rounds',
  );
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'host-standings', shot, 'Standings');

  // The PF coin flip of round 2, on the host's line: each team named by its members, as the room names them.
  const roundTwo = page.getByTestId('round-2').getByTestId('tournament-pairing');
  const teamWords = [`${names.ann} and ${names.ben}`, `${names.cy} and ${names.eve}`];
  await expect(roundTwo).toContainText(new RegExp(`(${teamWords.join('|')}) won the coin flip and (choose|chose)`));

  // The host corrects round 2 from the form: every debater's points, starting from the judge's, and the other winner.
  type TPairingRead = {
    id: number;
    aff: { entrantId: number };
    neg: { entrantId: number };
    winnerEntrantId: number | null;
    debaters: { userId: string; displayName: string; side: 'aff' | 'neg'; position: string | null; points: number }[];
  };
  const roundsRead = (await (await hostCtx.request.get(`/api/tournaments/${id}/rounds`)).json()).rounds as {
    number: number;
    pairings: TPairingRead[];
  }[];
  const second = roundsRead.find((r) => r.number === 2)!.pairings[0]!;
  expect(second.debaters.map((d) => d.displayName).sort()).toEqual([names.ann, names.ben, names.cy, names.eve].sort());
  const eveId = await userIdOf(eveCtx!);
  const eveBefore = second.debaters.find((d) => d.userId === eveId)!;
  const cyWon = second.winnerEntrantId === cyEntrantId;
  const newWinner = (second.aff.entrantId === second.winnerEntrantId ? 'neg' : 'aff') as 'aff' | 'neg';
  const standingsRead = async () =>
    (await (await hostCtx.request.get(`/api/tournaments/${id}/standings`)).json()).standings as {
      divisions: {
        standings: { entrantId: number; wins: number }[];
        speakers: { userId: string; speakerPoints: number }[];
      }[];
    };
  const before = (await standingsRead()).divisions[0]!;
  const eveTotal = before.speakers.find((sp) => sp.userId === eveId)!.speakerPoints;
  const cyWins = before.standings.find((st) => st.entrantId === cyEntrantId)!.wins;

  await roundTwo.getByRole('button', { name: 'Correct result' }).click();
  const form = roundTwo.getByRole('form', { name: 'Correct the result' });
  const sideWord = eveBefore.side === 'aff' ? 'Aff' : 'Neg';
  const eveField = form.getByLabel(`Speaker points: ${names.eve} (${sideWord}, Second speaker)`);
  await expect(eveField).toHaveValue(eveBefore.points.toFixed(1));
  await expect(form.getByTestId('correction-debater-points').getByRole('textbox')).toHaveCount(4);
  await eveField.fill('29.9');
  const winnerTeam = (newWinner === 'aff') === (eveBefore.side === 'aff') ? teamWords[1]! : teamWords[0]!;
  await form.getByLabel(`${winnerTeam} (${newWinner === 'aff' ? 'Aff' : 'Neg'}) won`).check();
  await form.getByLabel('Reason').fill('The judge swapped the ballots of two rooms.');
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await form.screenshot({ path: shot(`host-corrects-team-round-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  expect(await seriousViolations(page)).toEqual([]);
  await form.getByRole('button', { name: 'Save the correction' }).click();
  await expect(toast(page, 'The result is corrected; the standings follow.')).toBeVisible();
  await expect(form).toHaveCount(0);

  // The speaker tab reads Eve's corrected points, the team tab the other winner.
  // Her own row: the one whose name is hers (her team's name, on every member's row, holds it too).
  const eveRow = speakers.getByTestId('speaker-row').filter({ has: page.getByText(names.eve, { exact: true }) });
  await expect(eveRow.getByTestId('speaker-total')).toHaveText((eveTotal - eveBefore.points + 29.9).toFixed(1));
  const cyRow = standings.getByTestId('standing-row').filter({ hasText: `${names.cy} & ${names.eve}` });
  await expect(cyRow.getByTestId('standing-wins')).toHaveText(String(cyWins + (cyWon ? -1 : 1)));
  await expect(host.audit).toContainText('Result corrected');
  await expect(host.audit).toContainText(`${names.eve} 29.9`);

  // Published, the results page (read by a visitor) shows the team awards and the speaker awards.
  await page.getByRole('button', { name: 'Publish the results' }).click();
  await expect(toast(page, 'The results are published.')).toBeVisible();
  const visitorCtx = await browser.newContext();
  const visitor = await visitorCtx.newPage();
  await visitor.goto(`/tournaments/${id}/results`);
  const teamAwards = visitor.getByTestId('team-awards');
  await expect(teamAwards.locator('li')).toHaveCount(2);
  const speakerAwards = visitor.getByTestId('speaker-awards');
  await expect(speakerAwards.locator('li')).toHaveCount(4);
  await expect(speakerAwards.locator('li').first()).toContainText('(');
  await expect(visitor.getByTestId('speaker-tab').getByTestId('speaker-row')).toHaveCount(4);
  // Only the hosts download the speaker tab.
  await expect(visitor.getByRole('link', { name: 'Download the speaker tab (CSV)' })).toHaveCount(0);
  expect(await seriousViolations(visitor)).toEqual([]);
  await shoot(visitor, 'results', shot, undefined);

  await Promise.all([annCtx!, benCtx!, cyCtx!, deeCtx!, eveCtx!, judgeCtx!, visitorCtx].map((ctx) => ctx.close()));
});

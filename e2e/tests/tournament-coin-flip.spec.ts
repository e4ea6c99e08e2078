/**
 * A Public Forum tournament round's coin flip in the room: the clock waits while the winner chooses Con and the other
 * debater chooses to speak second; both rooms follow each choice live, the seats move, and the clock then starts with
 * Con's constructive.
 */
import { test, expect } from '../support/fixtures';
import { signInAs, uniqueEmail } from '../support/accounts';
import { seriousViolations } from '../support/axe';
import { BASE_URL } from '../support/env';
import { DebatePage } from '../pages/DebatePage';

const headers = { origin: BASE_URL };

test('both debaters make their coin flip choices in the room, and the clock then runs Con first', async ({
  browser,
  page,
}) => {
  test.setTimeout(90_000);
  const run = Date.now().toString(36);
  // Names with " & " in them are one person each: the tournament's page names the entrant from its members' list, never
  // by splitting a joined team name (which read "Ann & Co" as two people, "Ann and Co").
  const names = { coach: `Host ${run}`, ann: `Ann & Co ${run}`, ben: `Ben & Jo ${run}` };
  const coachCtx = await browser.newContext();
  const annCtx = page.context();
  const benCtx = await browser.newContext();
  await signInAs(coachCtx, uniqueEmail('flip-coach'), names.coach);
  await signInAs(annCtx, uniqueEmail('flip-ann'), names.ann);
  await signInAs(benCtx, uniqueEmail('flip-ben'), names.ben);
  const team = await coachCtx.request.post('/api/teams', { headers, data: { name: `East ${run}`, school: 'East' } });
  expect(team.ok(), await team.text()).toBe(true);
  const created = await coachCtx.request.post('/api/tournaments', {
    headers,
    data: {
      name: `Coin Cup ${run}`,
      formatId: 'pf',
      prelimRounds: 1,
      breakSize: 0,
      scheduleMode: 'fixed',
      entryMode: 'open',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = (await created.json()).tournament.id as number;
  for (const ctx of [annCtx, benCtx]) {
    const entered = await ctx.request.post(`/api/tournaments/${id}/entrants`, { headers, data: {} });
    expect(entered.status(), await entered.text()).toBe(201);
  }
  const released = await coachCtx.request.post(`/api/tournaments/${id}/rounds/1/release`, { headers });
  expect(released.status(), await released.text()).toBe(201);
  const pairing = (await released.json()).round.pairings[0] as {
    debateId: number;
    coinFlipWinner: { displayName: string };
  };
  // Whoever the seeded coin named: the winner's page and the other debater's.
  const annWon = pairing.coinFlipWinner.displayName === names.ann;
  const [winnerName, loserName] = annWon ? [names.ann, names.ben] : [names.ben, names.ann];
  const annPage = page;
  const benPage = await benCtx.newPage();
  const winner = new DebatePage(annWon ? annPage : benPage);
  const loser = new DebatePage(annWon ? benPage : annPage);
  await winner.gotoRoom(pairing.debateId);
  await loser.gotoRoom(pairing.debateId);
  // The room is tagged with its tournament and round, a link to the tournament.
  const tag = winner.page.getByTestId('tournament-room-tag');
  await expect(tag).toHaveText(`Coin Cup ${run} · Round 1`);
  await expect(tag.getByRole('link', { name: `Coin Cup ${run}` })).toHaveAttribute('href', `/tournaments/${id}`);

  // The clock waits; only the winner has choices, all four of them.
  await expect(winner.coinFlipText).toHaveText('You won the coin flip and choose a side or the speaking order.');
  await expect(loser.coinFlipText).toHaveText(
    `${winnerName} won the coin flip and chooses a side or the speaking order.`,
  );
  for (const room of [winner, loser]) {
    await expect(room.page.getByTestId('clock-waits-for-coin-flip')).toHaveText(
      'The clock starts once both debaters have made their coin flip choices.',
    );
    await expect(room.button(/^Start /)).toHaveCount(0);
  }
  const winnerChoices = winner.page.getByRole('group', { name: 'Your coin flip choice' });
  await expect(winnerChoices.getByRole('button')).toHaveText(['Pro', 'Con', 'Speak first', 'Speak second']);
  await expect(loser.page.getByRole('group', { name: 'Your coin flip choice' })).toHaveCount(0);
  for (const width of [1280, 375]) {
    await winner.page.setViewportSize({ width, height: 900 });
    await winner.page.screenshot({ path: test.info().outputPath(`coin-flip-winner-${width}.png`), fullPage: true });
  }
  await winner.page.setViewportSize({ width: 1280, height: 900 });

  // The winner takes Con: both rooms say so, and the winner now sits on Con.
  await winnerChoices.getByRole('button', { name: 'Con', exact: true }).click();
  await expect(loser.coinFlipText).toHaveText(
    `${winnerName} won the coin flip and chose Con; you choose the speaking order next.`,
  );
  await expect(winner.coinFlipText).toHaveText(
    `You won the coin flip and chose Con; ${loserName} chooses the speaking order next.`,
  );
  expect(await winner.mySide()).toBe('Con');
  expect(await loser.mySide()).toBe('Pro');
  // The other debater now makes the other kind of choice only.
  const loserChoices = loser.page.getByRole('group', { name: 'Your coin flip choice' });
  await expect(loserChoices.getByRole('button')).toHaveText(['Speak first', 'Speak second']);
  for (const width of [1280, 375]) {
    await loser.page.setViewportSize({ width, height: 900 });
    await loser.page.screenshot({ path: test.info().outputPath(`coin-flip-loser-${width}.png`), fullPage: true });
  }
  await loser.page.setViewportSize({ width: 1280, height: 900 });
  expect(await seriousViolations(loser.page)).toEqual([]);
  await loserChoices.getByRole('button', { name: 'Speak second' }).click();

  const settled = `${winnerName} won the coin flip and chose Con; you chose to speak second.`;
  await expect(loser.coinFlipText).toHaveText(settled);
  await expect(winner.coinFlipText).toHaveText(
    `You won the coin flip and chose Con; ${loserName} chose to speak second.`,
  );
  // The speeches run Con first: Con's constructive is next, and only Con may start it.
  for (const room of [winner, loser]) {
    await expect(room.schedule.locator('li').first()).toContainText('Con Constructive');
    await expect(room.schedule.locator('li').nth(1)).toContainText('Pro Constructive');
  }
  await expect(winner.button('Start Con C')).toBeVisible();
  await expect(loser.button('Take prep')).toBeVisible();
  await expect(loser.button(/^Start /)).toHaveCount(0);
  await winner.button('Start Con C').click();
  await expect(winner.clockStatus).toHaveText('Running');
  await expect(loser.clockStatus).toHaveText('Running');
  await expect(loser.schedule.locator('li[aria-current="step"]')).toContainText('Con Constructive');
  for (const width of [1280, 375]) {
    await winner.page.setViewportSize({ width, height: 900 });
    await winner.page.screenshot({ path: test.info().outputPath(`coin-flip-running-${width}.png`), fullPage: true });
  }
  // The tournament's page says the same of the loser's own pairing.
  await loser.page.goto(`/tournaments/${id}`);
  await expect(loser.page.getByTestId('tournament-pairing')).toContainText(settled);
  await Promise.all([coachCtx.close(), benCtx.close()]);
});

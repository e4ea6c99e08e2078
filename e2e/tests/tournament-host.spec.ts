/**
 * A host corrects a running tournament from its page: swaps a pairing's sides before the debate starts (the entrant's
 * own page follows live), then corrects a forfeited round's winner with a reason, which the audit lists.
 */
import { test, expect } from '../support/fixtures';
import { signInAs, uniqueEmail } from '../support/accounts';
import { seriousViolations } from '../support/axe';
import { BASE_URL } from '../support/env';
import { TournamentPages } from '../pages/TournamentPages';

const headers = { origin: BASE_URL };

test('a host swaps sides before the round starts and corrects a result with a reason', async ({ browser, page }) => {
  test.setTimeout(90_000);
  const run = Date.now().toString(36);
  const names = { coach: `Host ${run}`, ann: `Ann ${run}`, ben: `Ben ${run}` };
  const coachCtx = page.context();
  const [annCtx, benCtx] = await Promise.all([1, 2].map(() => browser.newContext()));
  await signInAs(coachCtx, uniqueEmail('host-coach'), names.coach);
  await signInAs(annCtx!, uniqueEmail('host-ann'), names.ann);
  await signInAs(benCtx!, uniqueEmail('host-ben'), names.ben);
  const team = await coachCtx.request.post('/api/teams', {
    headers,
    data: { name: `West ${run}`, school: 'West High' },
  });
  expect(team.ok(), await team.text()).toBe(true);
  const created = await coachCtx.request.post('/api/tournaments', {
    headers,
    data: {
      name: `Corrections ${run}`,
      formatId: 'ld',
      prelimRounds: 2,
      breakSize: 0,
      scheduleMode: 'fixed',
      entryMode: 'open',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = (await created.json()).tournament.id as number;
  for (const ctx of [annCtx!, benCtx!]) {
    const entered = await ctx.request.post(`/api/tournaments/${id}/entrants`, { headers, data: {} });
    expect(entered.status(), await entered.text()).toBe(201);
  }
  const released = await coachCtx.request.post(`/api/tournaments/${id}/rounds/1/release`, { headers });
  expect(released.status(), await released.text()).toBe(201);
  const pairing = (await released.json()).round.pairings[0] as {
    debateId: number;
    aff: { displayName: string };
    neg: { displayName: string };
  };
  const annWasAff = pairing.aff.displayName === names.ann;

  const host = new TournamentPages(page);
  await host.goto(id);
  const annPage = await annCtx!.newPage();
  const ann = new TournamentPages(annPage);
  await ann.goto(id);
  await expect(ann.pairings).toContainText(`You are ${annWasAff ? 'Affirmative' : 'Negative'}`);

  // Before the clock starts: swap the sides. The host's line and Ann's own line both follow.
  const line = host.pairingOf(names.ann);
  await line.getByRole('button', { name: 'Swap sides' }).click();
  await expect(page.getByText('The sides are swapped.')).toBeVisible();
  const [newAff, newNeg] = annWasAff ? [names.ben, names.ann] : [names.ann, names.ben];
  await expect(line).toContainText(`${newAff} (Aff) vs ${newNeg} (Neg)`);
  await expect(ann.pairings).toContainText(`You are ${annWasAff ? 'Negative' : 'Affirmative'}`);
  await expect(host.audit).toContainText('Sides swapped');

  // Ben resigns (Ann wins); the host corrects it: the resignation was a dropped connection the host rules for Ben.
  const resigned = await benCtx!.request.post(`/api/debates/${pairing.debateId}/forfeit`, { headers });
  expect(resigned.status(), await resigned.text()).toBe(200);
  await expect(line).toContainText('Forfeited');
  await line.getByRole('button', { name: 'Correct result' }).click();
  const form = line.getByRole('form', { name: 'Correct the result' });
  await expect(form).toContainText('A forfeited round has no ballot: only its winner can change.');
  await form.getByRole('button', { name: 'Save the correction' }).click();
  await expect(form).toContainText('Choose who won.');
  await expect(form).toContainText('Say why the result is corrected.');
  await form.getByLabel(`${names.ben} (${annWasAff ? 'Aff' : 'Neg'}) won`).check();
  await form.getByLabel('Reason').fill('Ben’s connection dropped; the tab room rules for Ben.');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: test.info().outputPath('host-correction-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: test.info().outputPath('host-correction-375.png'), fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 900 });
  await form.getByRole('button', { name: 'Save the correction' }).click();
  await expect(page.getByText('The result is corrected; the standings follow.')).toBeVisible();
  await expect(host.audit.getByRole('listitem').first()).toContainText('Result corrected');
  await expect(host.audit.getByRole('listitem').first()).toContainText(
    `${names.ben} (${annWasAff ? 'aff' : 'neg'}) won`,
  );
  await expect(host.audit.getByRole('listitem').first()).toContainText('Ben’s connection dropped');
  await expect(host.audit.getByRole('listitem').first()).toContainText(names.coach);
  const standings = await (await annCtx!.request.get(`/api/tournaments/${id}/standings`)).json();
  const lines = standings.standings.divisions.flatMap((d: { standings: unknown[] }) => d.standings) as {
    displayName: string;
    wins: number;
  }[];
  expect(lines.find((s) => s.displayName === names.ben)?.wins).toBe(1);
  expect(lines.find((s) => s.displayName === names.ann)?.wins).toBe(0);
  await page.screenshot({ path: test.info().outputPath('host-audit-1280.png'), fullPage: true });
  await Promise.all([annCtx!.close(), benCtx!.close()]);
});

/**
 * A host corrects an elimination round's walkover from the tournament's page (issue 39): a debater suspended at the
 * semifinals' release gave their opponent a walkover; the suspension is lifted and the host puts them through with a
 * reason. The pairing then says so, and the audit keeps it. Results are forfeits (a debater resigns).
 */
import { test, expect } from '../support/fixtures';
import { signInAs, uniqueEmail } from '../support/accounts';
import { BASE_URL } from '../support/env';
import { setSuspendedUntil } from '../support/database';
import { userIdOf } from '../support/rounds';
import { TournamentPages } from '../pages/TournamentPages';

const headers = { origin: BASE_URL };

test('a host puts the entrant of a walkover through once they may take part', async ({ browser, page }) => {
  test.setTimeout(120_000);
  const run = Date.now().toString(36);
  const hostCtx = page.context();
  await signInAs(hostCtx, uniqueEmail('walkover-host'), `Host ${run}`);
  const names = ['Ann', 'Ben', 'Cy', 'Dee'].map((n) => `${n} ${run}`);
  const contexts = await Promise.all(names.map(() => browser.newContext()));
  const byName = new Map(names.map((name, i) => [name, contexts[i]!]));
  for (const [index, name] of names.entries()) await signInAs(contexts[index]!, uniqueEmail('walkover-entrant'), name);
  const team = await hostCtx.request.post('/api/teams', {
    headers,
    data: { name: `West ${run}`, school: 'West High' },
  });
  expect(team.ok(), await team.text()).toBe(true);
  const created = await hostCtx.request.post('/api/tournaments', {
    headers,
    data: {
      name: `Walkover ${run}`,
      formatId: 'ld',
      prelimRounds: 1,
      breakSize: 4,
      scheduleMode: 'fixed',
      entryMode: 'open',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = (await created.json()).tournament.id as number;
  for (const ctx of contexts) {
    const entered = await ctx.request.post(`/api/tournaments/${id}/entrants`, { headers, data: {} });
    expect(entered.status(), await entered.text()).toBe(201);
  }
  type TPairing = {
    id: number;
    debateId: number | null;
    aff: { displayName: string } | null;
    neg: { displayName: string } | null;
    bye: { displayName: string } | null;
    walkoverFrom: { displayName: string } | null;
  };
  const round1 = await hostCtx.request.post(`/api/tournaments/${id}/rounds/1/release`, { headers });
  expect(round1.status(), await round1.text()).toBe(201);
  for (const p of ((await round1.json()).round.pairings as TPairing[]).filter((x) => x.debateId !== null)) {
    const resigned = await byName.get(p.neg!.displayName)!.request.post(`/api/debates/${p.debateId}/forfeit`, {
      headers,
    });
    expect(resigned.status(), await resigned.text()).toBe(200);
  }
  // Ann is suspended at the semifinals' release: her opponent goes through by walkover. Then it is lifted.
  const ann = await userIdOf(byName.get(names[0]!)!);
  setSuspendedUntil(ann, new Date(Date.now() + 3_600_000).toISOString());
  const semis = await hostCtx.request.post(`/api/tournaments/${id}/rounds/2/release`, { headers });
  expect(semis.status(), await semis.text()).toBe(201);
  const walkover = ((await semis.json()).round.pairings as TPairing[]).find((p) => p.walkoverFrom !== null)!;
  expect(walkover.walkoverFrom!.displayName).toBe(names[0]);
  const other = walkover.bye!.displayName;
  setSuspendedUntil(ann, null);

  const host = new TournamentPages(page);
  await host.goto(id);
  const line = page.getByTestId('tournament-pairing').filter({ hasText: '(walkover)' });
  await expect(line).toContainText(`${other} goes through: ${names[0]} cannot take part (walkover)`);
  await line.getByRole('button', { name: 'Correct the walkover' }).click();
  const form = line.getByRole('form', { name: 'Correct the walkover' });
  await form.getByLabel('Reason').fill('Her suspension was lifted: it was a mistake.');
  await form.getByRole('button', { name: `Put ${names[0]} through` }).click();
  await expect(page.getByText('The walkover is corrected; the bracket follows.')).toBeVisible();
  await expect(
    page.getByText(`${names[0]} goes through: a host corrected the walkover, and ${other} does not go on`),
  ).toBeVisible();
  const audit = (await (await hostCtx.request.get(`/api/tournaments/${id}/audit`)).json()).audit as {
    action: string;
    reason: string;
  }[];
  expect(audit[0]).toMatchObject({
    action: 'result_corrected',
    reason: 'Her suspension was lifted: it was a mistake.',
  });
  for (const ctx of contexts) await ctx.close();
});

/**
 * Points of information in a Parliamentary round: refused in protected time, offered once the window
 * opens, accepted by the speaker, timed for both, counted with the round.
 */
import { test, expect } from '../support/fixtures';
import { signInAs, uniqueEmail } from '../support/accounts';
import { BASE_URL } from '../support/env';
import { DebatePage } from '../pages/DebatePage';

test('a point of information waits for the open window, is accepted and timed', async ({ browser }) => {
  // The first minute of a constructive is protected: the test waits it out.
  test.setTimeout(150_000);
  const [hostCtx, friendCtx] = await Promise.all([browser.newContext(), browser.newContext()]);
  await signInAs(hostCtx, uniqueEmail('gov'), 'Gov Gail');
  await signInAs(friendCtx, uniqueEmail('opp'), 'Opp Otto');
  const created = await hostCtx.request.post('/api/debates/challenges', {
    headers: { origin: BASE_URL },
    data: { formatId: 'parli', prepMinutes: 15 },
  });
  const { token } = (await created.json()).challenge;
  const { debateId } = await (
    await friendCtx.request.post(`/api/debates/challenges/${token}/accept`, { headers: { origin: BASE_URL } })
  ).json();
  const [hostPage, friendPage] = await Promise.all([hostCtx.newPage(), friendCtx.newPage()]);
  for (const page of [hostPage, friendPage]) await page.goto(`/debates/${debateId}`);
  const [first, second] = [new DebatePage(hostPage), new DebatePage(friendPage)];
  const gov = (await first.mySide()) === 'Government' ? first : second;
  const opp = gov === first ? second : first;

  await gov.button(/^Start PMC$/).click();
  const offer = opp.page.getByRole('button', { name: 'Offer a point of information' });
  await expect(opp.page.getByTestId('poi-window')).toHaveText(
    'Protected time: points of information are not allowed now.',
  );
  await expect(offer).toBeDisabled();
  // Past the protected first minute the window opens for the other side only.
  await expect(opp.page.getByTestId('poi-window')).toHaveText('Points of information are open.', { timeout: 75_000 });
  await expect(gov.page.getByRole('button', { name: 'Offer a point of information' })).toHaveCount(0);
  await offer.click();
  await expect(gov.page.getByTestId('poi-panel')).toContainText('The other side offers a point of information.');
  await gov.page.getByTestId('poi-panel').getByRole('button', { name: 'Accept' }).click();
  for (const p of [gov, opp]) {
    await expect(p.page.getByTestId('poi-timer')).toContainText(/Point of information: 1[0-5] s to ask and answer/);
    await expect(p.page.getByTestId('poi-count')).toHaveText('Points of information: 1 offered, 1 accepted');
  }
  await Promise.all([hostCtx.close(), friendCtx.close()]);
});

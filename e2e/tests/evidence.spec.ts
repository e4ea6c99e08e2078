/**
 * Evidence and flows in the room: a PDF shared by one debater appears at once for the other debater and the judge,
 * who download it byte for byte; a spectator sees it only once the debaters allow.
 */
import fs from 'node:fs/promises';
import { test, expect } from '../support/fixtures';
import { signInAs, uniqueEmail } from '../support/accounts';
import { BASE_URL } from '../support/env';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

test('evidence opens for the other debater and the judge; each keeps a private flow; spectators see evidence when allowed', async ({
  browser,
}) => {
  // Four browsers, uploads, downloads and reloads: about 26 s alone, more beside the call tests.
  test.setTimeout(120_000);
  const [hostCtx, friendCtx, judgeCtx, watcherCtx] = await Promise.all([1, 2, 3, 4].map(() => browser.newContext()));
  await signInAs(hostCtx!, uniqueEmail('host'), 'Host Hana');
  await signInAs(friendCtx!, uniqueEmail('friend'), 'Friend Fay');
  await signInAs(judgeCtx!, uniqueEmail('judge'), 'Judge Jun');
  await signInAs(watcherCtx!, uniqueEmail('watcher'), 'Watcher Wes');
  const created = await hostCtx!.request.post('/api/debates/challenges', {
    headers: { origin: BASE_URL },
    data: { formatId: 'ld' },
  });
  const { token } = (await created.json()).challenge;
  const accepted = await friendCtx!.request.post(`/api/debates/challenges/${token}/accept`, {
    headers: { origin: BASE_URL },
  });
  const { debateId } = await accepted.json();
  await judgeCtx!.request.post(`/api/debates/${debateId}/judge`, { headers: { origin: BASE_URL }, data: {} });
  const [host, friend, judge, watcher] = await Promise.all(
    [hostCtx, friendCtx, judgeCtx, watcherCtx].map((c) => c!.newPage()),
  );
  for (const page of [host, friend, judge, watcher]) await page!.goto(`/debates/${debateId}`);
  await expect(watcher!.getByText('The debaters keep this round’s evidence to the round.')).toBeVisible();

  await host!
    .getByLabel(/^Share a file/)
    .setInputFiles({ name: 'Smith 2024.pdf', mimeType: 'application/pdf', buffer: PDF });
  await host!.getByRole('button', { name: 'Share file' }).click();
  for (const page of [friend!, judge!]) {
    const link = page.getByTestId('evidence-list').getByRole('link', { name: /Smith 2024\.pdf/ });
    await expect(link).toBeVisible();
    const download = page.waitForEvent('download');
    await link.click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('Smith 2024.pdf');
    expect((await fs.readFile((await file.path())!)).equals(PDF)).toBe(true);
  }
  // A card from the judge, and a refused file type with a clear message.
  await judge!.getByLabel('Share a card or a link').fill('https://example.org/smith-2024');
  await judge!.getByRole('button', { name: 'Share', exact: true }).click();
  await expect(host!.getByTestId('evidence-list')).toContainText('example.org/smith-2024');
  await host!.getByLabel(/^Share a file/).setInputFiles({
    name: 'page.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('<!DOCTYPE html><script>alert(1)</script>'),
  });
  await host!.getByRole('button', { name: 'Share file' }).click();
  await expect(host!.getByText(/Share a PDF, a Word document \(\.docx\), a text file or an image/)).toBeVisible();

  // Each flows two speeches: saved as they type, kept on reload, private to each, exported as CSV.
  await host!.getByLabel('Affirmative Constructive, row 1').fill('V: justice');
  await host!.getByLabel('Affirmative Constructive, row 1').press('Enter');
  await expect(host!.getByLabel('Affirmative Constructive, row 2')).toBeFocused();
  await host!.keyboard.type('C1: fair process');
  await host!.getByLabel('Affirmative Constructive, row 1').press('Control+Enter');
  await expect(host!.getByLabel('Cross-Examination of the Affirmative, row 1')).toHaveValue('V: justice');
  await host!.getByLabel('Negative Constructive, row 1').fill('V: safety outweighs');
  await judge!.getByLabel('Affirmative Constructive, row 1').fill('Aff: justice, fair process');
  await judge!.getByLabel('Negative Constructive, row 1').fill('Neg: safety first');
  for (const page of [host!, judge!]) await expect(page.getByTestId('flow-save-state')).toHaveText('Saved');
  await host!.reload();
  await expect(host!.getByLabel('Affirmative Constructive, row 2')).toHaveValue('C1: fair process');
  await expect(host!.getByLabel('Negative Constructive, row 1')).toHaveValue('V: safety outweighs');
  await judge!.reload();
  await expect(judge!.getByLabel('Affirmative Constructive, row 1')).toHaveValue('Aff: justice, fair process');
  await expect(friend!.getByLabel('Affirmative Constructive, row 1')).toHaveValue('');
  await expect(watcher!.getByTestId('flow-sheet')).toHaveCount(0);
  const csv = host!.waitForEvent('download');
  await host!.getByRole('button', { name: 'Export CSV' }).click();
  const exported = await fs.readFile((await (await csv).path())!, 'utf8');
  expect(exported).toContain('"Affirmative Constructive"');
  expect(exported).toContain('"V: justice","→ V: justice","V: safety outweighs"');

  // The debaters open the evidence to spectators.
  await friend!.getByLabel('Spectators can see the evidence').check();
  await watcher!.reload();
  await expect(watcher!.getByTestId('evidence-item')).toHaveCount(2);
  await expect(watcher!.getByLabel(/^Share a file/)).toHaveCount(0);

  await Promise.all([hostCtx, friendCtx, judgeCtx, watcherCtx].map((c) => c!.close()));
});

/**
 * "Download my data": Settings → Download my data saves a JSON file holding the user's rounds and
 * messages — and not the opponent's messages.
 */
import { readFile } from 'node:fs/promises';
import { test, expect } from '../support/fixtures';
import { liveChallengeRound } from '../support/rounds';
import { BASE_URL } from '../support/env';

const SHOTS = process.env.MY_DATA_SHOTS;

test('Settings → Download my data gives a JSON file of the user’s rounds and messages', async ({ browser }) => {
  const { hostCtx, friendCtx, debateId } = await liveChallengeRound(browser, 'Data');
  const headers = { origin: BASE_URL };
  for (const [ctx, text] of [
    [hostCtx, 'My own round line'],
    [friendCtx, 'The friend’s round line'],
  ] as const) {
    const sent = await ctx.request.post(`/api/debates/${debateId}/messages`, { headers, data: { text } });
    expect(sent.ok(), await sent.text()).toBe(true);
  }
  const page = await hostCtx.newPage();
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'My data' });
  await expect(section).toBeVisible();
  if (SHOTS) {
    await page.setViewportSize({ width: 1280, height: 900 });
    await section.screenshot({ path: `${SHOTS}/my-data-1280.png` });
    await page.setViewportSize({ width: 375, height: 812 });
    await section.screenshot({ path: `${SHOTS}/my-data-375.png` });
  }
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    section.getByRole('link', { name: 'Download my data' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^resolved-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await readFile((await download.path())!, 'utf8'));
  expect(data.account.displayName).toBe('Data Host');
  expect(data.rounds.map((round: { id: number }) => round.id)).toEqual([debateId]);
  expect(data.roundMessages.map((message: { text: string }) => message.text)).toEqual(['My own round line']);
  expect(JSON.stringify(data)).not.toContain('The friend’s round line');
  await Promise.all([hostCtx.close(), friendCtx.close()]);
});

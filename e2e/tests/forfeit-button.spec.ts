/**
 * The README's Forfeit button exists. A debater resigns with it (after a confirm): the other side
 * wins, and both debaters and a spectator see it at once. (The spectator switches: spectator-switches.spec.ts.)
 */
import { test, expect } from '../support/fixtures';
import type { DebatePage } from '../pages/DebatePage';
import { roundWithWatcher } from '../support/rounds';

test('a debater forfeits with the Forfeit button: the other side wins, seen live by all', async ({ browser }) => {
  test.setTimeout(120_000);
  const { contexts, host, friend, watcher } = await roundWithWatcher(browser, 'Resign');
  const forfeit = (room: DebatePage) => room.page.getByRole('button', { name: 'Forfeit' });
  await expect(forfeit(host)).toBeVisible();
  await expect(forfeit(watcher)).toHaveCount(0);
  const friendSide = (await friend.page.getByTestId('debater-a').textContent())?.includes('(you)') ? 'a' : 'b';
  const hostSideName = friendSide === 'a' ? 'Negative' : 'Affirmative';

  // Dismissing the confirm changes nothing.
  friend.page.once('dialog', (dialog) => void dialog.dismiss());
  await forfeit(friend).click();
  await expect(friend.status).toHaveText('Live');

  // Accepting it ends the round: the question says who wins and that it is no strike.
  let question = '';
  friend.page.once('dialog', (dialog) => {
    question = dialog.message();
    void dialog.accept();
  });
  await forfeit(friend).click();
  const result = `Resign Friend forfeited: ${hostSideName} wins`;
  for (const room of [friend, host, watcher]) await expect(room.status).toHaveText(result);
  expect(question).toContain('Forfeit this round? Resign Host wins it');
  expect(question).toContain('never a strike');
  await expect(forfeit(host)).toHaveCount(0);
  await expect(forfeit(friend)).toHaveCount(0);
  await Promise.all(contexts.map((c) => c.close()));
});

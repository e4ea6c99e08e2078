import { FORMATS, type TFormatId } from '../../packages/shared/src/formats';
import { test, expect } from '../support/fixtures';

/**
 * Spec §9, written out: the minutes of each speech in order. The guide must agree with both this and the shared
 * FORMATS module it renders from, so a wrong number in either one fails here.
 */
const SPEC_MINUTES: Record<TFormatId, number[]> = {
  ld: [6, 3, 7, 3, 4, 6, 3],
  pf: [4, 4, 3, 4, 4, 3, 3, 3, 3, 2, 2],
  parli: [7, 8, 8, 8, 4, 5],
};

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

for (const format of Object.values(FORMATS)) {
  test(`${format.guidePath} shows every ${format.name} speech with its minutes and the prep time`, async ({
    shell,
  }) => {
    await shell.goto(format.guidePath);
    await expect(shell.heading).toContainText(format.name);
    const table = shell.main.getByRole('table');
    await expect(table).toHaveCount(1);

    const speechRows = table
      .getByRole('row')
      .filter({ has: shell.page.getByRole('rowheader') })
      .filter({ hasNotText: /prep/i });
    await expect(speechRows).toHaveCount(format.speeches.length);
    expect(format.speeches.map((s) => s.minutes)).toEqual(SPEC_MINUTES[format.id]);

    for (const [index, speech] of format.speeches.entries()) {
      const row = speechRows.nth(index);
      await expect(row.getByRole('rowheader'), `speech ${index + 1}`).toContainText(speech.name);
      await expect(row.getByRole('cell', { name: `${speech.minutes} min`, exact: true })).toHaveCount(1);
    }

    const { minMinutes, maxMinutes, defaultMinutes } = format.prep;
    const prepRow = table.getByRole('row').filter({ hasText: /prep/i });
    await expect(prepRow).toHaveCount(1);
    await expect(prepRow.getByRole('cell', { name: `${minMinutes}–${maxMinutes} min`, exact: true })).toHaveCount(1);
    await expect(prepRow).toContainText(`${defaultMinutes} minutes by default`);
  });
}

test('the Lincoln Douglas guide gives 3 to 5 minutes of prep (spec §9)', async ({ shell }) => {
  await shell.goto('/parliamentary');
  await expect(shell.main.getByRole('table').getByRole('row').filter({ hasText: /prep/i })).toContainText('3–5 min');
});

test('the Public Forum guide gives 3 to 4 minutes of prep per team (spec §9)', async ({ shell }) => {
  await shell.goto('/oxford');
  await expect(shell.main).toContainText(/3 to 4 minutes of prep/);
});

test('the Parliamentary guide shows 15–20 min prep, the 30 s grace and the protected first and last minute', async ({
  shell,
}) => {
  const { graceSeconds, poi } = FORMATS.parli;
  expect(graceSeconds).toBe(30);
  expect(poi).toMatchObject({ protectedFirstSeconds: 60, protectedLastSeconds: 60 });

  await shell.goto('/parli');
  await expect(shell.main.getByRole('table').getByRole('row').filter({ hasText: /prep/i })).toContainText('15–20 min');
  const grace = shell.main.getByRole('definition').filter({ hasText: /after time expires/i });
  await expect(grace).toContainText(new RegExp(`\\b${graceSeconds} seconds\\b`));
  await expect(shell.main.getByRole('term').filter({ hasText: /^Grace time$/ })).toBeVisible();
  const protectedTime = shell.main.getByRole('definition').filter({ hasText: /no points of information/i });
  await expect(protectedTime).toContainText(/first minute/i);
  await expect(protectedTime).toContainText(/last minute/i);
  await expect(shell.main).toContainText(new RegExp(escape('15 to 30 seconds')));
});

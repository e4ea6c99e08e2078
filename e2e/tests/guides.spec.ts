import { FORMATS, GUIDE_FORMATS, type TGuideFormatId } from '../../packages/shared/src/formats';
import type { AppShell } from '../pages/AppShell';
import { test, expect } from '../support/fixtures';

/**
 * Spec §9 (and, for Policy and World Schools, issue 40 after NSDA's rules; for British Parliamentary, issue 41 after
 * the WUDC's), written out: the minutes of each speech in
 * order. The guide must agree with both this and the shared module it renders from, so a wrong number in either one
 * fails here.
 */
const SPEC_MINUTES: Record<TGuideFormatId, number[]> = {
  ld: [6, 3, 7, 3, 4, 6, 3],
  pf: [4, 4, 3, 4, 4, 3, 3, 3, 3, 2, 2],
  parli: [7, 8, 8, 8, 4, 5],
  policy: [8, 3, 8, 3, 8, 3, 8, 3, 5, 5, 5, 5],
  ws: [8, 8, 8, 8, 8, 8, 4, 4],
  bp: [7, 7, 7, 7, 7, 7, 7, 7],
};

/** The prep row's heading ("Prep time"); speech purposes may mention preparing, so rows are told by it. */
const prepHeader = (shell: AppShell) => shell.page.getByRole('rowheader', { name: /^Prep Prep time$/ });
const prepRowOf = (shell: AppShell) =>
  shell.main
    .getByRole('table')
    .getByRole('row')
    .filter({ has: prepHeader(shell) });

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

for (const format of Object.values(GUIDE_FORMATS)) {
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
      .filter({ hasNot: prepHeader(shell) });
    await expect(speechRows).toHaveCount(format.speeches.length);
    expect(format.speeches.map((s) => s.minutes)).toEqual(SPEC_MINUTES[format.id]);

    for (const [index, speech] of format.speeches.entries()) {
      const row = speechRows.nth(index);
      await expect(row.getByRole('rowheader'), `speech ${index + 1}`).toContainText(speech.name);
      await expect(row.getByRole('cell', { name: `${speech.minutes} min`, exact: true })).toHaveCount(1);
    }

    const { minMinutes, maxMinutes, defaultMinutes } = format.prep;
    const prepRow = table.getByRole('row').filter({ has: prepHeader(shell) });
    await expect(prepRow).toHaveCount(1);
    const prepRange = minMinutes === maxMinutes ? `${minMinutes} min` : `${minMinutes}–${maxMinutes} min`;
    await expect(prepRow.getByRole('cell', { name: prepRange, exact: true })).toHaveCount(1);
    await expect(prepRow).toContainText(`${defaultMinutes} minutes by default`);
  });
}

test('the Lincoln Douglas guide gives 3 to 5 minutes of prep (spec §9)', async ({ shell }) => {
  await shell.goto('/parliamentary');
  await expect(prepRowOf(shell)).toContainText('3–5 min');
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
  await expect(prepRowOf(shell)).toContainText('15–20 min');
  const grace = shell.main.getByRole('definition').filter({ hasText: /after time expires/i });
  await expect(grace).toContainText(new RegExp(`\\b${graceSeconds} seconds\\b`));
  await expect(shell.main.getByRole('term').filter({ hasText: /^Grace time$/ })).toBeVisible();
  const protectedTime = shell.main.getByRole('definition').filter({ hasText: /no points of information/i });
  await expect(protectedTime).toContainText(/first minute/i);
  await expect(protectedTime).toContainText(/last minute/i);
  await expect(shell.main).toContainText(new RegExp(escape('15 to 30 seconds')));
});

/** The "Who speaks" cell of the row whose heading is `speech`. */
const whoSpeaks = (shell: AppShell, speech: string) =>
  shell.main
    .getByRole('row')
    .filter({ has: shell.page.getByRole('rowheader', { name: speech }) })
    .getByRole('cell')
    .first();

test('the Public Forum and Parliamentary guides say which partner gives each speech', async ({ shell }) => {
  await shell.goto('/oxford');
  await expect(whoSpeaks(shell, 'Pro Rebuttal')).toHaveText('Second speaker (Pro)');
  await expect(whoSpeaks(shell, 'Con Summary')).toHaveText('First speaker (Con)');
  await expect(whoSpeaks(shell, 'First Crossfire')).toHaveText('Both first speakers');
  await expect(whoSpeaks(shell, 'Grand Crossfire')).toHaveText('All four debaters');

  await shell.goto('/parli');
  await expect(whoSpeaks(shell, 'Prime Minister Rebuttal')).toHaveText('Prime Minister (Government)');
  await expect(whoSpeaks(shell, 'Member of the Opposition Constructive')).toHaveText('Member of the Opposition');
});

test('the Policy guide names every cross-examiner and gives 8 minutes of prep per team', async ({ shell }) => {
  await shell.goto('/policy');
  await expect(shell.heading).toHaveText('Policy Debate');
  await expect(whoSpeaks(shell, 'Cross-Examination of the 1A')).toHaveText(
    'Second Negative asks, First Affirmative answers',
  );
  await expect(whoSpeaks(shell, 'Cross-Examination of the 2N')).toHaveText(
    'Second Affirmative asks, Second Negative answers',
  );
  await expect(prepRowOf(shell).getByRole('cell', { name: '8 min', exact: true })).toHaveCount(1);
});

test('the World Schools guide gives the reply to the first or second speaker and protects the POI minutes', async ({
  shell,
}) => {
  await shell.goto('/world-schools');
  await expect(shell.heading).toHaveText('World Schools Debate');
  await expect(whoSpeaks(shell, 'Opposition Reply')).toHaveText('First speaker or second speaker (Opposition)');
  await expect(whoSpeaks(shell, 'Third Proposition')).toHaveText('Third speaker (Proposition)');
  const protectedTime = shell.main.getByRole('definition').filter({ hasText: /no points of information/i });
  await expect(protectedTime).toHaveText(
    'The first minute and the last minute of each 8-minute speech: no points of information',
  );
});

test('the British Parliamentary guide shows four teams, eight positions in order, 7 or 5 minutes and the POI bench', async ({
  page,
  shell,
}, testInfo) => {
  await shell.goto('/british-parliamentary');
  await expect(shell.heading).toHaveText('British Parliamentary Debate');
  const facts = shell.main.getByRole('definition').filter({ hasText: /teams of 2/ });
  await expect(facts).toHaveText(
    '4 teams of 2: Opening Government, Opening Opposition, Closing Government, Closing Opposition',
  );
  const order = ['PM', 'LO', 'DPM', 'DLO', 'MG', 'MO', 'GW', 'OW'];
  const headers = shell.main.getByRole('table').getByRole('rowheader').filter({ hasNotText: 'Prep time' });
  await expect(headers).toHaveText(order.map((short) => new RegExp(`^${short}\\s*[A-Z][a-z]`)));
  await expect(whoSpeaks(shell, 'Prime Minister')).toHaveText('Prime Minister (Opening Government)');
  await expect(whoSpeaks(shell, 'Government Whip')).toHaveText('Government Whip (Closing Government)');
  await expect(whoSpeaks(shell, 'Deputy Leader of the Opposition')).toHaveText(
    'Deputy Leader of the Opposition (Opening Opposition)',
  );
  await expect(shell.main).toContainText('the host or the room may choose 5-minute speeches instead');
  await expect(prepRowOf(shell)).toContainText('Each team apart, before the first speech');
  await expect(prepRowOf(shell).getByRole('cell', { name: '15 min', exact: true })).toHaveCount(1);
  const poi = shell.main.getByRole('definition').filter({ hasText: /Offered only from the other bench/ });
  await expect(poi).toContainText(
    'Opening Government and Closing Government never to each other, nor Opening Opposition and Closing Opposition',
  );
  const protectedTime = shell.main.getByRole('definition').filter({ hasText: /no points of information/i });
  await expect(protectedTime).toHaveText(
    'The first minute and the last minute of each speech: no points of information',
  );
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    await page.screenshot({ path: testInfo.outputPath(`bp-guide-${width}.png`), fullPage: true });
  }
});

/**
 * The whole round, as one: two debaters and a judge in a Parliamentary round that is recorded (fake
 * camera and microphone). A PDF shared by one debater opens for the other and the judge; each of the three flows
 * two speeches, privately; a POI is refused in protected time (by the page and by the server), then offered in the
 * open window, accepted and timed; the round ends with the judge's ballot; the replay shows the timeline, the chat,
 * the evidence, the ballot, the viewer's own flow, and plays a recording.
 */
import { FORMATS, POI_ANSWER_SECONDS } from '@resolved/shared';
import { test, expect as baseExpect } from '../../support/fixtures';
import { signInAs, uniqueEmail } from '../../support/accounts';
import { seriousViolations } from '../../support/axe';
import { putPausedSpeechAt, readTestDatabase } from '../../support/database';
import { BASE_URL } from '../../support/env';
import { FAKE_MEDIA_LAUNCH } from '../../support/fake-media';
import { tapSocket, type TSocketTap } from '../../support/socket-tap';
import { DebatePage, type TTestFile } from '../../pages/DebatePage';

test.use({ launchOptions: FAKE_MEDIA_LAUNCH });

/** Three browsers with fake cameras share the machine (and, in CI, two cores) with the server: let each step take longer. */
const expect = baseExpect.configure({ timeout: 15_000 });

/** A small, well-formed one-page PDF (objects, cross-reference table and trailer with their real byte offsets). */
function onePagePdf(text: string): Buffer {
  const content = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(content)} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((body, i) => {
    const offset = Buffer.byteLength(pdf);
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return offset;
  });
  const xref = Buffer.byteLength(pdf);
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

const PROTECTED = 'Protected time: points of information are not allowed now.';
const OPEN = 'Points of information are open.';

test('a recorded Parliamentary round with a judge: evidence, private flows, POIs, ballot, and its replay', async ({
  browser,
}) => {
  // Six speeches clicked through, two clock jumps, a 15-second POI answer, uploads and two replays, on a loaded machine.
  test.setTimeout(300_000);
  const parli = FORMATS.parli;
  const [pmc, loc] = parli.speeches;
  const run = Date.now().toString(36);
  const names = { host: `Host ${run}`, friend: `Friend ${run}`, judge: `Judge ${run}` };
  const [hostCtx, friendCtx, judgeCtx] = await Promise.all([1, 2, 3].map(() => browser.newContext()));
  await signInAs(hostCtx!, uniqueEmail('round-host'), names.host);
  await signInAs(friendCtx!, uniqueEmail('round-friend'), names.friend);
  await signInAs(judgeCtx!, uniqueEmail('round-judge'), names.judge);
  const created = await hostCtx!.request.post('/api/debates/challenges', {
    headers: { origin: BASE_URL },
    data: { formatId: 'parli', prepMinutes: 15 },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const { token } = (await created.json()).challenge;
  const accepted = await friendCtx!.request.post(`/api/debates/challenges/${token}/accept`, {
    headers: { origin: BASE_URL },
  });
  expect(accepted.ok(), await accepted.text()).toBe(true);
  const { debateId } = (await accepted.json()) as { debateId: number };

  const [hostPage, friendPage, judgePage] = await Promise.all([hostCtx, friendCtx, judgeCtx].map((c) => c!.newPage()));
  // Either debater may turn out to be the Opposition, whose socket the test uses to go around the page's checks.
  const taps = new Map<DebatePage, TSocketTap>();
  const host = new DebatePage(hostPage!);
  const friend = new DebatePage(friendPage!);
  const judge = new DebatePage(judgePage!);
  for (const debater of [host, friend]) taps.set(debater, await tapSocket(debater.page));
  for (const p of [host, friend, judge]) await p.gotoRoom(debateId);

  // The judge takes the free seat; the debaters see who judges.
  await judge.judgeButton.click();
  for (const p of [host, friend, judge]) await expect(p.judgeName).toHaveText(names.judge);
  const gov = (await host.mySide()) === parli.sides.a ? host : friend;
  const opp = gov === host ? friend : host;
  const oppSocket = taps.get(opp)!;

  // Both debaters agree to record; each browser records its own fake camera and microphone.
  await gov.recordingConsent.check();
  await expect(opp.recordingState).toHaveText('One debater agreed to record; waiting for the other.');
  await opp.recordingConsent.check();
  for (const p of [gov, opp]) await expect(p.recordingState).toContainText('Recording:', { timeout: 30_000 });

  // Evidence: a PDF shared by the Government opens at once for the Opposition and the judge, byte for byte, as an
  // attachment (never rendered in the app's origin).
  const pdf: TTestFile = { name: `Smith ${run}.pdf`, mimeType: 'application/pdf', buffer: onePagePdf('Smith 2024') };
  await gov.shareFile(pdf);
  for (const p of [opp, judge]) {
    const file = await p.downloadEvidence(p.evidenceList, pdf.name);
    expect(file.suggestedName).toBe(pdf.name);
    expect(file.bytes.equals(pdf.buffer)).toBe(true);
    const direct = await p.page.request.get(file.href);
    expect(direct.headers()['content-type']).toBe('application/pdf');
    expect(direct.headers()['content-disposition']).toMatch(/^attachment;/);
  }

  // The PMC starts. Its first minute is protected: the Opposition's offer button is disabled with the reason shown…
  await gov.button(`Start ${pmc!.short}`).click();
  for (const p of [gov, opp, judge]) await expect(p.clockStatus).toHaveText(/^Running/);
  await expect(opp.poiWindow).toHaveText(PROTECTED);
  await expect(opp.offerPoiButton).toBeDisabled();
  await expect(gov.offerPoiButton).toHaveCount(0);
  // …and the server refuses the offer too, sent over the Opposition's own socket without the page's check.
  const refused = await oppSocket.request('debate.offer_poi', { debateId, kind: 'poi' });
  expect(refused).toEqual({ ok: false, error: expect.objectContaining({ code: 'conflict', message: PROTECTED }) });
  for (const p of [gov, opp, judge])
    await expect(p.poiCount).toHaveText('Points of information: 0 offered, 0 accepted');

  // Each flows the PMC; the Opposition says something in the round's chat.
  const flows = {
    gov: { pmc: `Gov ${run}: plan, two advantages`, loc: `Gov ${run}: they drop the second advantage` },
    opp: { pmc: `Opp ${run}: no solvency`, loc: `Opp ${run}: counterplan, net benefit` },
    judge: { pmc: `Judge ${run}: PM clear on the plan`, loc: `Judge ${run}: LO runs a counterplan` },
  };
  await gov.flowCell(pmc!.name).fill(flows.gov.pmc);
  await opp.flowCell(pmc!.name).fill(flows.opp.pmc);
  await judge.flowCell(pmc!.name).fill(flows.judge.pmc);
  const chatLine = `Opp ${run}: can you hear me?`;
  await opp.sendChatMessage(chatLine);
  for (const p of [gov, judge]) await expect(p.chat).toContainText(chatLine);

  // Two minutes in (the judge pauses, the test moves the paused speech, the judge resumes): the window is open.
  await judge.pauseClock();
  putPausedSpeechAt(debateId, 120);
  await judge.resumeClock();
  await expect(opp.poiWindow).toHaveText(OPEN);
  await opp.offerPoiButton.click();
  await expect(gov.poiOffer).toBeVisible();
  await expect(opp.page.getByText('Point of information offered: waiting for the speaker.')).toBeVisible();
  await gov.poiOffer.getByRole('button', { name: 'Accept' }).click();
  for (const p of [gov, opp, judge]) {
    await expect(p.poiTimer).toContainText(/^Point of information: 1[0-5] s to ask and answer$/);
    await expect(p.poiCount).toHaveText('Points of information: 1 offered, 1 accepted');
  }
  // The answer timer runs out, and the window shows again.
  await expect(opp.poiWindow).toHaveText(OPEN, { timeout: (POI_ANSWER_SECONDS + 15) * 1000 });
  await expect(opp.poiTimer).toHaveCount(0);

  // The last minute is protected too.
  await judge.pauseClock();
  putPausedSpeechAt(debateId, pmc!.minutes * 60 - 50);
  await judge.resumeClock();
  await expect(opp.poiWindow).toHaveText(PROTECTED);
  await expect(opp.offerPoiButton).toBeDisabled();
  const lateOffer = await oppSocket.request('debate.offer_poi', { debateId, kind: 'poi' });
  expect(lateOffer).toEqual({ ok: false, error: expect.objectContaining({ code: 'conflict', message: PROTECTED }) });

  const endSpeech = async (speaker: DebatePage) => {
    await speaker.button('End speech').click();
    for (const p of [gov, opp, judge]) await expect(p.clockStatus).toHaveText(/^Stopped/);
  };
  await endSpeech(gov);

  // The LOC: each flows it too.
  await opp.button(`Start ${loc!.short}`).click();
  for (const p of [gov, opp, judge]) await expect(p.clockStatus).toHaveText(/^Running/);
  await gov.flowCell(loc!.name).fill(flows.gov.loc);
  await opp.flowCell(loc!.name).fill(flows.opp.loc);
  await judge.flowCell(loc!.name).fill(flows.judge.loc);
  for (const p of [gov, opp, judge]) await expect(p.flowSaveState).toHaveText('Saved');
  // Flows are private: the judge's sheet, loaded afresh from the server, holds the judge's notes and no one else's.
  await judge.page.reload();
  await expect(judge.flowCell(pmc!.name)).toHaveValue(flows.judge.pmc);
  await expect(judge.flowCell(loc!.name)).toHaveValue(flows.judge.loc);
  await expect(opp.flowCell(pmc!.name)).toHaveValue(flows.opp.pmc);
  await expect(gov.flowCell(pmc!.name)).toHaveValue(flows.gov.pmc);
  await endSpeech(opp);

  // The other four speeches, to the end of the round. Both recordings have reached the server before it ends.
  for (const speech of parli.speeches.slice(2)) {
    const speaker = speech.speaker === 'a' ? gov : opp;
    await speaker.button(`Start ${speech.short}`).click();
    for (const p of [gov, opp, judge]) await expect(p.clockStatus).toHaveText(/^Running/);
    if (speech === parli.speeches.at(-1)) {
      await expect
        .poll(
          () =>
            readTestDatabase(
              (db) =>
                db
                  .prepare('select count(*) as n from debateRecordings where debateId = ? and chunks > 1')
                  .get(debateId) as { n: number },
            ).n,
          { timeout: 30_000 },
        )
        .toBe(2);
    }
    await endSpeech(speaker);
  }
  for (const p of [gov, opp, judge]) await expect(p.status).toContainText('Round over: waiting for the judge');

  // The judge's ballot: the Opposition wins, with speaker points and a reason.
  const rfd = `Opp ${run} won on the counterplan; Gov never answered the net benefit.`;
  await judge.page.getByRole('radio', { name: new RegExp(`^${parli.sides.b}`) }).check();
  await judge.page.getByLabel(`Speaker points: ${names.host}`).fill(gov === host ? '27.5' : '29.5');
  await judge.page.getByLabel(`Speaker points: ${names.friend}`).fill(gov === friend ? '27.5' : '29.5');
  await judge.page.getByLabel('Reason for decision').fill(rfd);
  await judge.page.getByRole('button', { name: 'Submit ballot' }).click();
  const oppName = opp === host ? names.host : names.friend;
  const govName = gov === host ? names.host : names.friend;
  for (const p of [gov, opp, judge]) {
    await expect(p.ballot).toContainText(`Winner: ${parli.sides.b} (${oppName})`);
    await expect(p.status).toHaveText(`Decided: ${parli.sides.b} wins`);
  }

  // The replay, as a debater and as the judge. What the replay shows up to a moment follows the timeline (and a
  // playing recording moves it), so everything else is checked at the end of the round, before anything plays.
  const others = { gov: [flows.opp, flows.judge], judge: [flows.gov, flows.opp] };
  for (const [viewer, own, notMine] of [
    [gov, flows.gov, others.gov],
    [judge, flows.judge, others.judge],
  ] as const) {
    await viewer.gotoReplay(debateId);
    await expect(viewer.replaySegments).toHaveText(parli.speeches.map((s) => s.short));
    await expect(viewer.page.getByTestId('replay-now')).toContainText('the round is over');
    await expect(viewer.page.getByText('Points of information so far: 1 offered, 1 accepted')).toBeVisible();
    await expect(viewer.replayChat).toContainText(chatLine);
    const file = await viewer.downloadEvidence(viewer.replayEvidence, pdf.name);
    expect(file.bytes.equals(pdf.buffer)).toBe(true);
    await expect(viewer.ballot).toContainText(`Winner: ${parli.sides.b} (${oppName})`);
    await expect(viewer.ballot).toContainText(`${oppName}: 29.5 speaker points`);
    await expect(viewer.ballot).toContainText(`${govName}: 27.5 speaker points`);
    await expect(viewer.ballot).toContainText(rfd);
    await expect(viewer.replayFlow).toContainText(own.pmc);
    await expect(viewer.replayFlow).toContainText(own.loc);
    for (const theirs of notMine) {
      await expect(viewer.replayFlow).not.toContainText(theirs.pmc);
      await expect(viewer.replayFlow).not.toContainText(theirs.loc);
    }
    expect(await seriousViolations(viewer.page)).toEqual([]);

    // Both debaters' recordings are there, and one plays.
    await expect(viewer.replayRecordings).toHaveCount(2);
    const video = viewer.replayRecordings.first();
    await video.evaluate((v: HTMLVideoElement) => void v.play());
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 })
      .toBeGreaterThan(0.5);
    expect(await video.evaluate((v: HTMLVideoElement) => v.videoWidth)).toBeGreaterThan(0);
  }

  await Promise.all([hostCtx, friendCtx, judgeCtx].map((c) => c!.close()));
});

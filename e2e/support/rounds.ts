/**
 * Rounds made through the real HTTP API, for tests about what a finished or live round leaves on other pages (the
 * dashboard's record and rating chart): a challenge link accepted, a judge seated, every speech run and a ballot.
 */
import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { DebatePage } from '../pages/DebatePage';
import { FORMATS, type TDebate, type TFormatId } from '@resolved/shared';
import { signInAs, uniqueEmail } from './accounts';
import { letRunningSpeechRun } from './database';
import { BASE_URL } from './env';

const headers = { origin: BASE_URL };

export async function userIdOf(context: BrowserContext): Promise<string> {
  const session = await (await context.request.get('/api/session')).json();
  return session.user.id as string;
}

/** `host` makes a challenge link and `guest` accepts it: a live round between them. Returns its id. */
export async function startChallengeRound(
  host: BrowserContext,
  guest: BrowserContext,
  formatId: TFormatId = 'ld',
): Promise<number> {
  const created = await host.request.post('/api/debates/challenges', { headers, data: { formatId } });
  expect(created.ok(), await created.text()).toBe(true);
  const { token } = (await created.json()).challenge;
  const accepted = await guest.request.post(`/api/debates/challenges/${token}/accept`, { headers });
  expect(accepted.ok(), await accepted.text()).toBe(true);
  return (await accepted.json()).debateId as number;
}

/**
 * Two new accounts in two new browser contexts (named `<label> Host` and `<label> Friend`), in a live Lincoln Douglas
 * round made through a challenge link.
 */
export async function liveChallengeRound(browser: Browser, label: string) {
  const [hostCtx, friendCtx] = await Promise.all([browser.newContext(), browser.newContext()]);
  const slug = label.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  await signInAs(hostCtx, uniqueEmail(`${slug}-host`), `${label} Host`);
  await signInAs(friendCtx, uniqueEmail(`${slug}-friend`), `${label} Friend`);
  const debateId = await startChallengeRound(hostCtx, friendCtx);
  return { hostCtx, friendCtx, debateId };
}

/**
 * A whole judged round between `winner` and `loser`, with `judge` seated before the first speech: every speech runs
 * its full scheduled time (moved back in the database, as the other browser tests do), so the round counts, pays
 * points and moves both debaters' ratings. With `isCut`, every speech ends as soon as it starts: the round is judged
 * but does not count for points (its speeches ran under half their time). Returns the round's id.
 */
export async function playJudgedRound(
  winner: BrowserContext,
  loser: BrowserContext,
  judge: BrowserContext,
  formatId: TFormatId = 'ld',
  options: { isCut?: boolean } = {},
): Promise<number> {
  const debateId = await startChallengeRound(winner, loser, formatId);
  const seated = await judge.request.post(`/api/debates/${debateId}/judge`, { headers });
  expect(seated.ok(), await seated.text()).toBe(true);
  const { debate } = (await (await winner.request.get(`/api/debates/${debateId}`)).json()) as { debate: TDebate };
  const winnerId = await userIdOf(winner);
  const winnerSide = debate.debaters.a.userId === winnerId ? 'a' : 'b';
  const bySide = winnerSide === 'a' ? { a: winner, b: loser } : { a: loser, b: winner };
  for (const speech of FORMATS[formatId].speeches) {
    const speaker = bySide[speech.speaker === 'b' ? 'b' : 'a'];
    const start = await speaker.request.post(`/api/debates/${debateId}/clock`, {
      headers,
      data: { action: 'start_speech' },
    });
    expect(start.ok(), await start.text()).toBe(true);
    if (!options.isCut) letRunningSpeechRun(debateId, speech.minutes);
    const end = await speaker.request.post(`/api/debates/${debateId}/clock`, {
      headers,
      data: { action: 'end_speech' },
    });
    expect(end.ok(), await end.text()).toBe(true);
  }
  const ballot = await judge.request.post(`/api/debates/${debateId}/ballots`, {
    headers,
    data: {
      winnerSide,
      speakerPoints: { a: winnerSide === 'a' ? 29 : 27, b: winnerSide === 'b' ? 29 : 27 },
      reason: 'Clearer weighing.',
    },
  });
  expect(ballot.ok(), await ballot.text()).toBe(true);
  return debateId;
}

/** A live round between `<label> Host` and `<label> Friend`, and `<label> Watcher` watching it; all three in the room. */
export async function roundWithWatcher(browser: Browser, label: string) {
  const { hostCtx, friendCtx, debateId } = await liveChallengeRound(browser, label);
  const watcherCtx = await browser.newContext();
  await signInAs(watcherCtx, uniqueEmail(`${label.toLowerCase()}-watcher`), `${label} Watcher`);
  const contexts: BrowserContext[] = [hostCtx, friendCtx, watcherCtx];
  const pages: Page[] = await Promise.all(contexts.map((c) => c.newPage()));
  const [host, friend, watcher] = pages.map((p) => new DebatePage(p));
  for (const room of [host!, friend!, watcher!]) await room.gotoRoom(debateId);
  return { debateId, contexts, host: host!, friend: friend!, watcher: watcher! };
}

/**
 * Rounds for the media benchmark: people made in the server's database, a live round between two of them through a
 * challenge link, more partners seated in it (a round of teams), a judge, and each person's page in the round.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createSessions, openBenchDatabase, seedUsers } from './accounts';
import { pageStats, signedInPage, uploadRate, type TPageStats } from './media-pages';
import type { TServer } from './server';
import { sleep } from './stats';

/** After the last viewer of a step decodes video: let keyframe requests and bandwidth estimates settle, then count. */
export const SETTLE_MS = 3000;
export const WINDOW_MS = 8000;
export interface TStep {
  viewers: number;
  /** Each debater's upload in bytes/s over the window. */
  upload: number[];
  /** Connections that sent media during the window, per debater. */
  sending: number[];
  /** Per debater: outbound video frames per second, the widest outbound frame, why the encoder held back. */
  encodedFps: number[];
  widths: number[];
  limitations: string[];
}

export interface TPerson {
  context: BrowserContext;
  page: Page;
}

/** A live round between the two (Lincoln Douglas unless another format is named), through a challenge link. */
export async function startRound(baseUrl: string, host: string, guest: string, formatId = 'ld'): Promise<number> {
  const created = await fetch(`${baseUrl}/api/debates/challenges`, {
    method: 'POST',
    headers: { cookie: host, origin: baseUrl, 'content-type': 'application/json' },
    body: JSON.stringify({ formatId }),
  });
  if (!created.ok) throw new Error(`create a challenge: ${created.status} ${await created.text()}`);
  const { challenge } = (await created.json()) as { challenge: { token: string } };
  const accepted = await fetch(`${baseUrl}/api/debates/challenges/${challenge.token}/accept`, {
    method: 'POST',
    headers: { cookie: guest, origin: baseUrl },
  });
  if (!accepted.ok) throw new Error(`accept a challenge: ${accepted.status} ${await accepted.text()}`);
  return ((await accepted.json()) as { debateId: number }).debateId;
}

/** `count` new adults in the server's database, each with a signed-in session cookie. */
export async function seededPeople(
  server: TServer,
  count: number,
  prefix: string,
): Promise<{ id: string; cookie: string }[]> {
  const database = openBenchDatabase('sqlite', { dataDir: server.dataDir });
  try {
    const users = await seedUsers(database, count, { prefix });
    const cookies = await createSessions(
      database,
      users.map((u) => u.id),
    );
    return users.map((u, i) => ({ id: u.id, cookie: cookies[i]! }));
  } finally {
    await database.close();
  }
}

/** Signed-in session cookies for `count` new adults in the server's database. */
export async function cookiesFor(server: TServer, count: number, prefix: string): Promise<string[]> {
  return (await seededPeople(server, count, prefix)).map((p) => p.cookie);
}

/**
 * Seats a second debater on each side of a live round of one a side (a challenge makes no round of teams): the first
 * seats become first speakers, the partners second speakers, as the e2e tests' `seatPartners` does.
 */
export async function seatPartners(server: TServer, debateId: number, partners: { userId: string; side: 'a' | 'b' }[]) {
  const database = openBenchDatabase('sqlite', { dataDir: server.dataDir });
  try {
    await database.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('debateSeats')
        .set({ position: 'first' })
        .where('debateId', '=', debateId)
        .where('seat', '=', 1)
        .execute();
      for (const { userId, side } of partners) {
        await trx
          .insertInto('debateSeats')
          .values({ debateId, side, seat: 2, position: 'second', userId, recordConsent: 0 })
          .execute();
        await trx.insertInto('activeDebaters').values({ userId, debateId }).execute();
      }
    });
  } finally {
    await database.close();
  }
}

/** Seats the person of `cookie` as the round's judge. */
export async function seatJudge(baseUrl: string, cookie: string, debateId: number): Promise<void> {
  const seated = await fetch(`${baseUrl}/api/debates/${debateId}/judge`, {
    method: 'POST',
    headers: { cookie, origin: baseUrl },
  });
  if (!seated.ok) throw new Error(`seat a judge: ${seated.status} ${await seated.text()}`);
}

/** Polls until `check` is true, saying what was awaited (and its last state) when it is not within `timeoutMs`. */
export async function waitFor(what: string, timeoutMs: number, check: () => Promise<boolean | string>): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: boolean | string = false;
  while (Date.now() < deadline) {
    last = await check();
    if (last === true) return;
    await sleep(250);
  }
  throw new Error(
    `timed out after ${timeoutMs / 1000} s waiting for ${what}${typeof last === 'string' ? ` (${last})` : ''}`,
  );
}

export async function openRoom(browser: Browser, baseUrl: string, cookie: string, debateId: number): Promise<TPerson> {
  const person = await signedInPage(browser, baseUrl, cookie);
  await person.page.goto(`/debates/${debateId}`);
  return person;
}

/** What each debater uploads over the window, and how. */
export async function measureStep(debaters: TPerson[], viewers: number): Promise<TStep> {
  await sleep(SETTLE_MS);
  const before = await Promise.all(debaters.map((d) => pageStats(d.page)));
  await sleep(WINDOW_MS);
  const after = await Promise.all(debaters.map((d) => pageStats(d.page)));
  const seconds = (i: number) => (after[i]!.at - before[i]!.at) / 1000;
  const growth = (i: number, read: (c: TPageStats['connections'][number]) => number) => {
    const earlier = new Map(before[i]!.connections.map((c) => [c.index, read(c)]));
    return after[i]!.connections.map((c) => read(c) - (earlier.get(c.index) ?? 0));
  };
  return {
    viewers,
    upload: debaters.map((_, i) => uploadRate(before[i]!, after[i]!)),
    sending: debaters.map((_, i) => growth(i, (c) => c.sentBytes).filter((bytes) => bytes > 0).length),
    encodedFps: debaters.map((_, i) => growth(i, (c) => c.videoFramesEncoded).reduce((a, b) => a + b, 0) / seconds(i)),
    widths: after.map((s) => Math.max(0, ...s.connections.map((c) => c.videoWidth))),
    limitations: after.map((s) =>
      [...new Set(s.connections.map((c) => c.qualityLimitation).filter((q) => q && q !== 'none'))].join('+'),
    ),
  };
}

/**
 * Part of 8. Media: what a debater uploads in a round of two teams of two with a judge (five publishers): on the mesh
 * (`server` without JANUS_URL), each sending to the four others under the mesh's video cap; through the media server
 * (with JANUS_URL), each publishing once and receiving the others from it. Its baseline is the section's one-on-one
 * round with one viewer on the same server: a debater there sends to two (the other debater, and the viewer or Janus).
 */
import type { Browser } from 'playwright-core';
import { decodingVideos } from '../lib/media-pages';
import {
  measureStep,
  openRoom,
  seatJudge,
  seatPartners,
  seededPeople,
  startRound,
  waitFor,
  type TPerson,
  type TStep,
} from '../lib/media-rounds';
import type { TServer } from '../lib/server';

export interface TRoundUpload {
  /** Debaters a side. */
  perSide: 2;
  /** People sending: the debaters and the judge. */
  publishers: number;
  step: TStep;
}

/**
 * A Public Forum round on `server` with two debaters a side and a judge; once every page decodes every other person's
 * video, each debater's upload over the window.
 */
export async function teamRoundUpload(server: TServer, browser: Browser, prefix: string): Promise<TRoundUpload> {
  const perSide = 2;
  const people = await seededPeople(server, 2 * perSide + 1, prefix);
  type TSeeded = (typeof people)[number];
  const [host, guest, judge, ...partners] = people as [TSeeded, TSeeded, TSeeded, ...TSeeded[]];
  const debateId = await startRound(server.baseUrl, host.cookie, guest.cookie, 'pf');
  const round = await fetch(`${server.baseUrl}/api/debates/${debateId}`, { headers: { cookie: host.cookie } });
  const { debate } = (await round.json()) as { debate: { debaters: { a: { userId: string } } } };
  const hostSide = debate.debaters.a.userId === host.id ? 'a' : 'b';
  await seatPartners(server, debateId, [
    { userId: partners[0]!.id, side: hostSide },
    { userId: partners[1]!.id, side: hostSide === 'a' ? 'b' : 'a' },
  ]);
  await seatJudge(server.baseUrl, judge.cookie, debateId);
  const debaterCookies = [host, guest, ...partners].map((p) => p.cookie);
  const opened: TPerson[] = [];
  try {
    // All five at once, as the viewers of the one-on-one round join five at a time.
    const rooms = [...debaterCookies, judge.cookie].map((cookie) =>
      openRoom(browser, server.baseUrl, cookie, debateId),
    );
    const settled = await Promise.allSettled(rooms);
    for (const room of settled) if (room.status === 'fulfilled') opened.push(room.value);
    const failed = settled.find((room) => room.status === 'rejected');
    if (failed) throw failed.reason;
    const others = opened.length - 1;
    await waitFor(`everyone in a round of ${perSide} a side to decode the ${others} others`, 120_000, async () => {
      const decoding = await Promise.all(opened.map((p) => decodingVideos(p.page)));
      return decoding.every((n) => n >= others) || `decoding ${decoding.join(', ')}`;
    });
    const step = await measureStep(opened.slice(0, debaterCookies.length), 0);
    return { perSide, publishers: opened.length, step };
  } finally {
    await Promise.all(opened.map((p) => p.context.close().catch(() => {})));
  }
}

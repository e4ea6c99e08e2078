/**
 * A round of teams through the media server (issue 40, item 7): the app (its own instance) has JANUS_URL set to a
 * real Janus started for this file. Two teams of two and a judge in a Public Forum round: each page publishes once to
 * the server and receives the four others from it (every open connection leads to Janus, and none is a mesh
 * connection), and each tile's connection check reads its feed's subscription. While prep runs, the server keeps each
 * team's audio from the other team and the judge (the bytes of those feeds' inbound audio do not grow, read from
 * `getStats()`), and after it everyone hears everyone; a partner whose page reloads is received again (recovery).
 * Three of the five cameras are off, to fit a two-core machine.
 */
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import type { TDebate } from '@resolved/shared';
import { CAMERA_CHOICE_KEY } from '@resolved/shared';
import { test, expect } from '../../support/fixtures';
import { useJanusApp } from '../../support/janus-app';
import {
  recordPeerConnections,
  signedUpPerson,
  type TOwnAppPerson,
  type TPeerConnectionsWindow,
} from '../../support/own-app-people';
import { FAKE_MEDIA_LAUNCH } from '../../support/fake-media';
import { mediaServerConnections } from '../../support/call-stats';
import { seatPartners } from '../../support/database';
import { DebatePage } from '../../pages/DebatePage';

const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
const APP_PORT = E2E_PORT + 45;
/**
 * Janus's media ports: above Linux's ephemeral range (32768–60999) and apart from sfu-spectators.spec.ts's blocks
 * (61000–64999), so that a connection to the media server is told by its remote candidates' ports.
 */
const RTP_LOW = 65_000 + (E2E_PORT % 5) * 100;
const JANUS_PORTS: [number, number] = [RTP_LOW, RTP_LOW + 99];
test.use({ launchOptions: FAKE_MEDIA_LAUNCH });

const own = useJanusApp({
  port: APP_PORT,
  rtpPorts: JANUS_PORTS,
  authSecret: 'e2e-sfu-teams-auth-secret-0123456789abcdef0123',
});

type TCallWindow = Window & TPeerConnectionsWindow;

interface TPerson extends TOwnAppPerson {
  name: string;
  room: DebatePage;
}

async function personOn(browser: Browser, name: string, isCameraOn: boolean): Promise<TPerson> {
  const person = await signedUpPerson(browser, own.app().baseUrl, name);
  await recordPeerConnections(person.page);
  if (!isCameraOn) {
    await person.page.addInitScript((key) => localStorage.setItem(key, 'off'), CAMERA_CHOICE_KEY);
  }
  return { ...person, name, room: new DebatePage(person.page) };
}

async function userIdOf(person: TPerson): Promise<string> {
  return ((await (await person.context.request.get('/api/session')).json()) as { user: { id: string } }).user.id;
}

/** The page's open connections, and how many of them lead to the media server (remote candidates on its ports). */
const connections = (page: Page) => mediaServerConnections(page, JANUS_PORTS);

/**
 * The audio bytes the page received so far from each person, by the caption of the tile that plays the connection's
 * received track (the track object itself: every subscription's tracks carry the same ids, Janus's).
 */
function audioBytesByTile(page: Page): Promise<Record<string, number>> {
  return page.evaluate(async () => {
    const videos = Array.from(document.querySelectorAll('video'));
    const bytes: Record<string, number> = {};
    const open = (window as unknown as TCallWindow).peerConnections.filter((pc) => pc.connectionState !== 'closed');
    for (const pc of open) {
      const tracks = pc.getReceivers().map((r) => r.track);
      const video = videos.find((v) => {
        const stream = v.srcObject as MediaStream | null;
        return !!stream && stream.getTracks().some((t) => tracks.includes(t));
      });
      if (!video) continue;
      const tile = video.closest('figure')?.querySelector('figcaption')?.textContent ?? '';
      (await pc.getStats()).forEach((s: { type: string; kind?: string; bytesReceived?: number }) => {
        if (s.type === 'inbound-rtp' && s.kind === 'audio') bytes[tile] = (bytes[tile] ?? 0) + (s.bytesReceived ?? 0);
      });
    }
    return bytes;
  });
}

/** Under this many bytes in two seconds, nothing is received (a microphone's audio is several kilobytes a second). */
const SILENT = 600;

/** Whose audio the page receives over two seconds: the names (of `everyone`) whose tile's audio bytes grew. */
async function heardBy(page: Page, everyone: TPerson[]): Promise<string[]> {
  const before = await audioBytesByTile(page);
  await page.waitForTimeout(2000);
  const after = await audioBytesByTile(page);
  const grew = Object.keys(after).filter((tile) => (after[tile] ?? 0) - (before[tile] ?? 0) > SILENT);
  return everyone
    .filter((p) => grew.some((tile) => tile.includes(p.name)))
    .map((p) => p.name)
    .sort();
}

test('two teams of two and a judge meet through the media server, and the server keeps the prep huddles', async ({
  browser,
}) => {
  test.setTimeout(300_000); // five browsers on a shared two-core machine: a margin, not a budget
  const people = await Promise.all(
    [
      ['Teams A1', true],
      ['Teams A2', false],
      ['Teams B1', true],
      ['Teams B2', false],
      ['Teams Judge', false],
    ].map(([name, isCameraOn]) => personOn(browser, name as string, isCameraOn as boolean)),
  );
  const [host, hostPartner, guest, guestPartner, judge] = people as [TPerson, TPerson, TPerson, TPerson, TPerson];
  const headers = { origin: own.app().baseUrl };
  const created = await host.context.request.post('/api/debates/challenges', { headers, data: { formatId: 'pf' } });
  expect(created.ok(), await created.text()).toBe(true);
  const { token } = (await created.json()).challenge as { token: string };
  const accepted = await guest.context.request.post(`/api/debates/challenges/${token}/accept`, { headers });
  expect(accepted.ok(), await accepted.text()).toBe(true);
  const debateId = ((await accepted.json()) as { debateId: number }).debateId;
  const { debate } = (await (await host.context.request.get(`/api/debates/${debateId}`)).json()) as { debate: TDebate };
  const hostSide = debate.debaters.a.userId === (await userIdOf(host)) ? 'a' : 'b';
  const guestSide = hostSide === 'a' ? 'b' : 'a';
  seatPartners(
    debateId,
    [
      { userId: await userIdOf(hostPartner), side: hostSide },
      { userId: await userIdOf(guestPartner), side: guestSide },
    ],
    path.join(own.app().dataDir, 'resolved.db'),
  );
  const seated = await judge.context.request.post(`/api/debates/${debateId}/judge`, { headers });
  expect(seated.ok(), await seated.text()).toBe(true);
  for (const p of people) await p.room.gotoRoom(debateId, { timeout: 60_000 });

  // Every page: one publication and four subscriptions, all with the media server; no mesh connection.
  for (const p of people) {
    await expect.poll(async () => (await connections(p.page)).connected, { timeout: 90_000, message: p.name }).toBe(5);
    const seen = await connections(p.page);
    expect(seen.open, p.name).toBe(5);
    expect(seen.toJanus, p.name).toBe(5);
    expect(seen.directions, p.name).toEqual([
      'recvonly,recvonly',
      'recvonly,recvonly',
      'recvonly,recvonly',
      'recvonly,recvonly',
      'sendonly,sendonly',
    ]);
    await expect(p.room.rtcState).toHaveText('connected');
    // The connection check reads each feed's subscription: every remote tile has its bars.
    await expect(p.page.getByTestId('call-quality')).toHaveCount(4, { timeout: 30_000 });
  }
  const names = (...who: TPerson[]) => who.map((p) => p.name).sort();
  const everyoneBut = (me: TPerson) => names(...people.filter((p) => p !== me));
  await expect.poll(() => heardBy(judge.page, people), { timeout: 30_000 }).toEqual(everyoneBut(judge));
  await expect.poll(() => heardBy(host.page, people), { timeout: 30_000 }).toEqual(everyoneBut(host));

  // Prep: each team hears only itself and the judge; the judge hears no debater.
  await host.page.getByTestId('room-clock-area').getByRole('button', { name: 'Take prep' }).click();
  await expect(host.page.getByTestId('huddle-note')).toHaveText('Prep huddle: only your partner hears you');
  await expect.poll(() => heardBy(judge.page, people), { timeout: 15_000 }).toEqual([]);
  await expect.poll(() => heardBy(host.page, people), { timeout: 15_000 }).toEqual(names(hostPartner, judge));
  expect(await heardBy(hostPartner.page, people)).toEqual(names(host, judge));
  expect(await heardBy(guest.page, people)).toEqual(names(guestPartner, judge));
  expect(await heardBy(guestPartner.page, people)).toEqual(names(guest, judge));

  // Prep ends: everyone hears everyone again.
  await host.page.getByTestId('room-clock-area').getByRole('button', { name: 'End prep' }).click();
  await expect(host.page.getByTestId('huddle-note')).toHaveCount(0);
  await expect.poll(() => heardBy(judge.page, people), { timeout: 15_000 }).toEqual(everyoneBut(judge));
  for (const p of [host, hostPartner, guest, guestPartner]) {
    await expect.poll(() => heardBy(p.page, people), { timeout: 15_000 }).toEqual(everyoneBut(p));
  }

  // Recovery: a partner's page reloads (a crash, a refresh). It publishes anew and subscribes again, every other page
  // subscribes to the new publication, and everyone hears everyone again, still only through the media server.
  await hostPartner.page.reload();
  await expect.poll(async () => (await connections(hostPartner.page)).connected, { timeout: 90_000 }).toBe(5);
  expect((await connections(hostPartner.page)).toJanus).toBe(5);
  for (const p of people) {
    await expect.poll(() => heardBy(p.page, people), { timeout: 60_000, message: p.name }).toEqual(everyoneBut(p));
    expect((await connections(p.page)).toJanus, p.name).toBe(5);
  }
  expect(people.flatMap((p) => p.errors)).toEqual([]);
  await Promise.all(people.map((p) => p.context.close()));
});

/**
 * 8. Media: what a debater's browser uploads as spectators join their round, on the mesh (each spectator one more
 * upload, up to SPECTATOR_MEDIA_LIMIT) and through a Janus media server (one upload whatever the audience), what a
 * debater uploads in a round of two teams of two and a judge on the mesh (`media-teams.ts`), and how
 * long a call takes to set up when it must go through a TURN relay over TCP, beside a direct call in the same run.
 *
 * Real Chromium (one browser, a context per person, the fake camera and microphone), the built app, a real Janus
 * (Debian's package, `startJanus` of the server's tests) and a real coturn (`startTurnServer` of the server's tests,
 * TCP only). The upload is read from the debater's own `getStats()`: the RTP bytes (payload and headers) of every
 * outbound stream of every RTCPeerConnection the page has, over a fixed window once every viewer decodes video.
 */
import { SPECTATOR_MEDIA_LIMIT } from '@resolved/shared';
import type { Browser } from 'playwright-core';
import { janusMissing, startJanus, type TJanusServer } from '../../../apps/server/src/test/janus';
import { coturnMissing, startTurnServer } from '../../../apps/server/src/test/coturn';
import type { TBenchContext, TBenchResult } from '../lib/context';
import {
  CAMERA,
  callTimings,
  decodingVideos,
  FAKE_FPS,
  launchMediaBrowser,
  pageStats,
  signedInPage,
} from '../lib/media-pages';
import { figure, fmt, type TFigure } from '../lib/report';
import { PORTS, startServer, type TServer } from '../lib/server';
import {
  cookiesFor,
  measureStep,
  openRoom,
  SETTLE_MS,
  startRound,
  waitFor,
  WINDOW_MS,
  type TPerson,
  type TStep,
} from '../lib/media-rounds';
import { median } from '../lib/stats';
import { teamRoundUpload, type TRoundUpload } from './media-teams';

/**
 * The issue's goals. Through Janus a debater's upload at 20 viewers is a ratio to the same round's upload at 1 viewer
 * (the machine's speed cancels out). The relayed set-up is a time two people wait for each other's picture: absolute,
 * with the direct set-up of the same run beside it.
 */
const BUDGET = { janusGrowth: 1.2, janusTeams: 1.2, relaySetupMs: 2000 };
const JANUS_VIEWERS = [1, 10, 20];
/** More spectators than the cap get no media on the mesh by design: measuring them would show the cap, not a cost. */
const MESH_VIEWERS = [1, SPECTATOR_MEDIA_LIMIT];
/** Janus's RTP ports: clear of the ranges the server's tests give their Janus (20000–39999, by process id). */
const JANUS_RTP_PORTS: [number, number] = [40_000, 40_199];
const TURN_SECRET = 'bench-turn-secret';

type TMode = 'mesh' | 'janus';

interface TSetup {
  /** From the round's first connection between the two to both decoding the other's video. */
  frameMs: number;
  /** From the first connection to both connected. */
  connectMs: number;
  /** From the second page's navigation to both decoding the other's video (page load and media included). */
  pageMs: number;
  pairs: string[];
}

/**
 * A round of two debaters; viewers join in steps up to each count of `steps`, and once every viewer decodes both
 * debaters' videos, each debater's upload is measured. The judge's seat stays empty: a third sender on this 2-core
 * machine would cost more than it tells (on the mesh it is one more upload per spectator, like a debater's).
 */
async function uploadPerViewers(
  ctx: TBenchContext,
  mode: TMode,
  server: TServer,
  browser: Browser,
  steps: number[],
): Promise<TStep[]> {
  const cookies = await cookiesFor(server, 2 + steps.at(-1)!, `media-${mode}-`);
  const [hostCookie, guestCookie, ...viewerCookies] = cookies as [string, string, ...string[]];
  const debateId = await startRound(server.baseUrl, hostCookie, guestCookie);
  const people: TPerson[] = [];
  try {
    const debaters = await Promise.all(
      [hostCookie, guestCookie].map((c) => openRoom(browser, server.baseUrl, c, debateId)),
    );
    people.push(...debaters);
    await waitFor(`the two debaters to see each other (${mode})`, 60_000, async () => {
      const decoding = await Promise.all(debaters.map((d) => decodingVideos(d.page)));
      return decoding.every((n) => n >= 1) || `decoding ${decoding.join(', ')}`;
    });
    const viewers: TPerson[] = [];
    const results: TStep[] = [];
    for (const count of steps) {
      const joining = viewerCookies.slice(viewers.length, count);
      // Five at a time: twenty pages loading the app at once starve the debaters' encoders on two cores.
      for (let i = 0; i < joining.length; i += 5) {
        const batch = await Promise.all(
          joining.slice(i, i + 5).map((c) => openRoom(browser, server.baseUrl, c, debateId)),
        );
        viewers.push(...batch);
        people.push(...batch);
      }
      await waitFor(`${count} viewers to decode both debaters' videos (${mode})`, 120_000, async () => {
        const decoding = await Promise.all(viewers.map((v) => decodingVideos(v.page)));
        const short = decoding.filter((n) => n < 2).length;
        return short === 0 || `${short} of ${count} not yet decoding both`;
      });
      const step = await measureStep(debaters, count);
      ctx.log(
        `${mode}, ${count} viewer(s): upload ${step.upload.map((b) => fmt((b * 8) / 1000, 'kbit/s')).join(' and ')}; ` +
          `sending connections ${step.sending.join(', ')}; encoded ${step.encodedFps.map((f) => fmt(f)).join(', ')} frames/s`,
      );
      // Through Janus a debater sends to the other debater and to the media server, whatever the audience: more
      // connections mean the viewers are on the mesh, and the figure would not be the media server's.
      if (mode === 'janus' && Math.max(...step.sending) > 2) {
        throw new Error(
          `a debater sent on ${Math.max(...step.sending)} connections with ${count} viewer(s): the viewers are not ` +
            'watching through the media server',
        );
      }
      results.push(step);
    }
    return results;
  } finally {
    await Promise.all(people.map((p) => p.context.close().catch(() => {})));
  }
}

/** One call between two new debaters on `server`: the set-up times, read from both pages. */
async function callSetup(server: TServer, browser: Browser, cookies: [string, string]): Promise<TSetup> {
  const debateId = await startRound(server.baseUrl, cookies[0], cookies[1]);
  const people = await Promise.all(cookies.map((c) => signedInPage(browser, server.baseUrl, c, { watchFrames: true })));
  try {
    const navigatedAt = Date.now();
    await Promise.all(people.map((p) => p.page.goto(`/debates/${debateId}`)));
    await waitFor('both debaters to decode the other’s video', 60_000, async () => {
      const timings = await Promise.all(people.map((p) => callTimings(p.page)));
      return timings.every((t) => t.some((c) => c.firstFrameAt !== null));
    });
    const timings = await Promise.all(people.map((p) => callTimings(p.page)));
    // The call's connections are those that connected (the app may make others, e.g. to test the network).
    const connected = timings.flat().filter((c) => c.connectedAt !== null);
    const startedAt = Math.min(...connected.map((c) => c.createdAt));
    const firstFrame = timings.map((t) =>
      Math.min(...t.flatMap((c) => (c.firstFrameAt === null ? [] : [c.firstFrameAt]))),
    );
    const firstConnected = timings.map((t) =>
      Math.min(...t.flatMap((c) => (c.connectedAt === null ? [] : [c.connectedAt]))),
    );
    const stats = await Promise.all(people.map((p) => pageStats(p.page)));
    return {
      frameMs: Math.max(...firstFrame) - startedAt,
      connectMs: Math.max(...firstConnected) - startedAt,
      pageMs: Math.max(...firstFrame) - navigatedAt,
      pairs: stats.flatMap((s) =>
        s.connections.filter((c) => c.state === 'connected').map((c) => `${c.localCandidate}/${c.remoteCandidate}`),
      ),
    };
  } finally {
    await Promise.all(people.map((p) => p.context.close().catch(() => {})));
  }
}

async function setupRounds(server: TServer, browser: Browser, rounds: number, prefix: string): Promise<TSetup[]> {
  const cookies = await cookiesFor(server, 2 * rounds, prefix);
  const results: TSetup[] = [];
  for (let i = 0; i < rounds; i++) {
    results.push(await callSetup(server, browser, [cookies[2 * i]!, cookies[2 * i + 1]!]));
  }
  return results;
}

const kbits = (bytesPerSecond: number) => (bytesPerSecond * 8) / 1000;
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

function uploadFigures(mode: TMode, steps: TStep[]): TFigure[] {
  const label = mode === 'mesh' ? 'mesh' : 'Janus';
  const first = mean(steps[0]!.upload);
  return steps.map((step) =>
    figure({
      name: `${label}: a debater's upload with ${step.viewers} viewer(s) (mean of both; ${mean(step.sending)} sending connection(s))`,
      value: kbits(mean(step.upload)),
      unit: 'kbit/s',
      ...(step !== steps[0]
        ? { ratio: { label: `/ ${steps[0]!.viewers} viewer`, value: mean(step.upload) / first } }
        : {}),
    }),
  );
}

function stepNotes(mode: TMode, steps: TStep[]): string[] {
  return steps.map(
    (s) =>
      `${mode === 'mesh' ? 'Mesh' : 'Janus'}, ${s.viewers} viewer(s), per debater: ` +
      s.upload
        .map(
          (u, i) =>
            `${fmt(kbits(u), 'kbit/s')} over ${s.sending[i]} connection(s), ${fmt(s.encodedFps[i]!)} video frames/s encoded, ` +
            `${s.widths[i]} px wide${s.limitations[i] ? `, encoder limited by ${s.limitations[i]}` : ''}`,
        )
        .join('; ') +
      '.',
  );
}

/**
 * A debater's upload in a round of teams with a judge against the one-on-one round with one viewer, on the mesh: there
 * a debater sends to two peers (the other debater and the viewer), as in a one-on-one round with a judge.
 */
function teamFigures(mode: TMode, solo: TStep, teams: TRoundUpload): TFigure[] {
  const n = teams.perSide;
  const label = mode === 'mesh' ? 'mesh' : 'Janus';
  const ratio = mean(teams.step.upload) / mean(solo.upload);
  const upload = figure({
    name:
      `${label}, ${n} v ${n} with a judge: a debater's upload (mean of ${teams.step.upload.length}; ` +
      `${mean(teams.step.sending)} sending connection(s), video ${mean(teams.step.widths)} px wide)`,
    value: kbits(mean(teams.step.upload)),
    unit: 'kbit/s',
    baseline: {
      label: `1 v 1${mode === 'mesh' ? ', sending to 2' : ' with 1 viewer'} (${mean(solo.sending)} connection(s), ${mean(solo.widths)} px)`,
      value: kbits(mean(solo.upload)),
      unit: 'kbit/s',
    },
    ratio: { label: `${n} v ${n} / 1 v 1`, value: ratio },
  });
  if (mode !== 'janus') return [upload];
  // Through the media server a debater of a round of teams publishes once: the issue's goal is ≤ 1.2× of 1 v 1,
  // judged on the ratio (the upload itself is in kbit/s).
  return [
    upload,
    figure({
      name: `Janus, a debater's upload, ${n} v ${n} with a judge / 1 v 1 with 1 viewer`,
      value: ratio,
      unit: '×',
      budget: { kind: 'max', value: BUDGET.janusTeams, text: `≤ ${BUDGET.janusTeams}×`, basis: 'ratio' },
    }),
  ];
}

function teamNote(mode: TMode, round: TRoundUpload): string {
  const { step } = round;
  return (
    `${mode === 'mesh' ? 'Mesh' : 'Janus'}, ${round.perSide} v ${round.perSide} with a judge (${round.publishers} publishers), per debater: ` +
    step.upload
      .map(
        (u, i) =>
          `${fmt(kbits(u), 'kbit/s')} over ${step.sending[i]} connection(s), ${fmt(step.encodedFps[i]!)} video ` +
          `frames/s encoded, ${step.widths[i]} px wide${step.limitations[i] ? `, limited by ${step.limitations[i]}` : ''}`,
      )
      .join('; ') +
    '.'
  );
}

function setupNote(label: string, rounds: TSetup[]): string {
  return (
    `${label}, each round: first frame ${rounds.map((r) => fmt(r.frameMs, 'ms')).join(', ')}; connected ` +
    `${rounds.map((r) => fmt(r.connectMs, 'ms')).join(', ')}; from the page's navigation ` +
    `${rounds.map((r) => fmt(r.pageMs, 'ms')).join(', ')}; selected pairs (local/remote) ` +
    `${[...new Set(rounds.flatMap((r) => r.pairs))].join(', ')}.`
  );
}

export async function mediaBenchmark(ctx: TBenchContext): Promise<TBenchResult> {
  const janusSteps = ctx.isQuick ? [1, 2] : JANUS_VIEWERS;
  const meshSteps = ctx.isQuick ? [1] : MESH_VIEWERS;
  const setupRoundsCount = ctx.isQuick ? 1 : 3;
  const figures: TFigure[] = [];
  const notes: string[] = [
    `The judge's seat is empty in the upload rounds (two debaters and the viewers). On the mesh a debater's browser ` +
      `sends to at most ${SPECTATOR_MEDIA_LIMIT} spectators (SPECTATOR_MEDIA_LIMIT): spectators beyond get no media by ` +
      `design, so the mesh is measured at ${meshSteps.join(' and ')} viewer(s) only.`,
  ];
  const browser = await launchMediaBrowser();
  /** How long each part took, for the notes (the full run must fit in 10 minutes). */
  const partSeconds: string[] = [];
  let partStarted = performance.now();
  const endPart = (name: string) => {
    partSeconds.push(`${name} ${fmt((performance.now() - partStarted) / 1000)} s`);
    partStarted = performance.now();
  };
  const started: { stop(): Promise<void> }[] = [];
  try {
    // The mesh: today's path, and the direct call set-up that the relayed one is compared with.
    const mesh = await startServer({ port: PORTS.mediaMesh, name: 'media-mesh' });
    started.push(mesh);
    const meshResults = await uploadPerViewers(ctx, 'mesh', mesh, browser, meshSteps);
    figures.push(...uploadFigures('mesh', meshResults));
    notes.push(...stepNotes('mesh', meshResults));
    // A round of teams on the mesh: a debater's upload with two a side and a judge, beside the one-on-one round above.
    const teamRound = await teamRoundUpload(mesh, browser, 'media-teams-');
    figures.push(...teamFigures('mesh', meshResults[0]!, teamRound));
    notes.push(teamNote('mesh', teamRound));
    const direct = await setupRounds(mesh, browser, setupRoundsCount, 'media-direct-');
    ctx.log(`direct set-up: ${direct.map((r) => fmt(r.frameMs, 'ms')).join(', ')}`);
    notes.push(setupNote('Direct call', direct));
    await mesh.stop();
    started.pop();
    endPart('mesh, rounds of teams and direct calls');

    // Through Janus: the same rounds with JANUS_URL set.
    // Locally a machine without Janus or coturn skips that half with the reason; in CI it runs (and fails) instead.
    const whyNoJanus = process.env.CI ? null : janusMissing();
    if (whyNoJanus) {
      notes.push(`Janus half not run: ${whyNoJanus}.`);
    } else {
      let janus: TJanusServer | undefined;
      let janusApp: TServer | undefined;
      try {
        janus = await startJanus({ rtpPorts: JANUS_RTP_PORTS });
        janusApp = await startServer({ port: PORTS.mediaJanus, name: 'media-janus', env: janus.env });
        const steps = await uploadPerViewers(ctx, 'janus', janusApp, browser, janusSteps);
        const last = steps.at(-1)!;
        figures.push(...uploadFigures('janus', steps));
        const first = steps[0]!;
        const budget = {
          kind: 'max' as const,
          value: BUDGET.janusGrowth,
          text: `≤ ${BUDGET.janusGrowth}×`,
          basis: 'ratio' as const,
        };
        figures.push(
          figure({
            name: `Janus: upload at ${last.viewers} viewers / at ${first.viewers} viewer`,
            value: mean(last.upload) / mean(first.upload),
            unit: '×',
            budget,
          }),
          // A machine starved by the viewers' decoding makes the debater's encoder drop frames, and the upload falls
          // with them, which would flatter the ratio above. Per encoded video frame it does not (audio, which does not
          // drop, makes this one the stricter when frames are dropped).
          figure({
            name: `Janus: upload per encoded video frame at ${last.viewers} viewers / at ${first.viewers} viewer`,
            value: mean(last.upload) / mean(last.encodedFps) / (mean(first.upload) / mean(first.encodedFps)),
            unit: '×',
            budget,
          }),
        );
        notes.push(...stepNotes('janus', steps));
        endPart('Janus start-up and viewer steps');
        // A round of teams through the media server: each debater and the judge publish once and receive the others
        // from it (more than three publishers), beside the one-on-one round at one viewer above.
        const janusTeams = await teamRoundUpload(janusApp, browser, 'media-teams-janus-');
        figures.push(...teamFigures('janus', first, janusTeams));
        notes.push(teamNote('janus', janusTeams));
        endPart('Janus round of teams');
      } catch (error) {
        const why = error instanceof Error ? error.message : String(error);
        ctx.log(`Janus half failed: ${why}${janusApp ? `\n${janusApp.output()}` : ''}`);
        notes.push(`Janus half not run to the end: ${why}.`);
        figures.push(
          figure({
            name: `Janus: upload at ${janusSteps.at(-1)} viewers / at ${janusSteps[0]} viewer (not run: ${why})`,
            value: Number.NaN,
            unit: '×',
            budget: { kind: 'max', value: BUDGET.janusGrowth, text: `≤ ${BUDGET.janusGrowth}×`, basis: 'ratio' },
          }),
        );
      } finally {
        await janusApp?.stop();
        await janus?.stop();
      }
    }

    endPart(whyNoJanus ? 'Janus (skipped)' : 'Janus shut-down');

    // Relayed: ICE_TRANSPORT_POLICY=relay, no STUN, and TURN over TCP to a coturn that takes no UDP from clients.
    const whyNoCoturn = process.env.CI ? null : coturnMissing();
    if (whyNoCoturn) {
      notes.push(`Relayed set-up not run: ${whyNoCoturn}.`);
    } else {
      const coturn = await startTurnServer(TURN_SECRET, 'tcp');
      started.push(coturn);
      const relayApp = await startServer({
        port: PORTS.mediaRelay,
        name: 'media-relay',
        env: {
          ICE_SERVERS: '[]',
          TURN_URLS: `turn:127.0.0.1:${coturn.port}?transport=tcp`,
          TURN_SECRET,
          ICE_TRANSPORT_POLICY: 'relay',
        },
      });
      started.push(relayApp);
      const relayed = await setupRounds(relayApp, browser, setupRoundsCount, 'media-relay-');
      ctx.log(`relayed set-up: ${relayed.map((r) => fmt(r.frameMs, 'ms')).join(', ')}`);
      const notRelayed = relayed.flatMap((r) => r.pairs).filter((p) => p !== 'relay/relay');
      if (notRelayed.length) throw new Error(`the relayed call selected non-relay pairs: ${notRelayed.join(', ')}`);
      figures.push(
        figure({
          name: `relayed call set-up (TURN over TCP), median of ${relayed.length}: first connection to both decoding video`,
          value: median(relayed.map((r) => r.frameMs)),
          unit: 'ms',
          budget: {
            kind: 'max',
            value: BUDGET.relaySetupMs,
            text: `< ${fmt(BUDGET.relaySetupMs)} ms`,
            basis: 'absolute',
          },
          baseline: { label: 'direct call (host candidates)', value: median(direct.map((r) => r.frameMs)) },
          ratio: {
            label: 'relayed / direct',
            value: median(relayed.map((r) => r.frameMs)) / median(direct.map((r) => r.frameMs)),
          },
        }),
        figure({
          name: `relayed call: first connection to both connected, median`,
          value: median(relayed.map((r) => r.connectMs)),
          unit: 'ms',
          baseline: { label: 'direct call', value: median(direct.map((r) => r.connectMs)) },
        }),
        figure({
          name: `relayed call: second page's navigation to both decoding video, median`,
          value: median(relayed.map((r) => r.pageMs)),
          unit: 'ms',
          baseline: { label: 'direct call', value: median(direct.map((r) => r.pageMs)) },
        }),
      );
      notes.push(setupNote('Relayed call', relayed));
    }
    endPart('relayed calls');
    notes.push(`Time by part: ${partSeconds.join(', ')}.`);
  } finally {
    for (const s of started.reverse()) await s.stop().catch(() => {});
    await browser.close();
  }
  return {
    setup:
      `built app, SQLite; one Chromium (${CAMERA.width}×${CAMERA.height} fake camera at ${FAKE_FPS} frames/s, a context ` +
      `per person); a round of two debaters, viewers joining in steps (mesh ${meshSteps.join(', ')}; Janus ` +
      `${janusSteps.join(', ')}); at each step, once every viewer decodes both debaters' videos, ${SETTLE_MS / 1000} s ` +
      `to settle then a ${WINDOW_MS / 1000} s window of each debater's RTP bytes sent (getStats, every connection); ` +
      `a debater's upload in a round of two a side with a judge, on the mesh and through Janus, once everyone decodes ` +
      `everyone (the same window); call set-up over ${setupRoundsCount} round(s) each, direct (mesh app) and relayed (ICE_TRANSPORT_POLICY=relay, ` +
      `coturn over TCP only), from the round's first RTCPeerConnection to both pages decoding a frame`,
    figures,
    notes,
  };
}

/**
 * 10. A tournament's round under load: a 200-entrant tournament whose round of 100 debates gets its 100 ballots within
 * 10 s, with every entrant's page open (simulated: a socket that watches the tournament and, on each
 * `tournament.changed`, reads what an entrant's tournament page reads for the parts it names — `entrantPageReads`,
 * kept to `refreshTournamentPages` and the page's mounted queries — and keeps the tab it is sent). Per ballot: the
 * database statements and the server CPU, as a multiple of a ballot in an ordinary judged round measured in the same
 * run (budget ≤ 3×), and the events delivered. Statements are counted in the server by a preload
 * (`workers/count-queries.mjs`, SQLite). The debates are set to await their ballot in SQL (their speeches are not what
 * is measured) and judged through the real ballot route.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { io, type Socket } from 'socket.io-client';
import { PROTOCOL_VERSION, TOURNAMENT_PARTS, type TTournamentPart } from '@resolved/shared';
import type { TBenchContext, TBenchResult } from '../lib/context';
import { checkCookieSigning, createSessions, openBenchDatabase, seedUsers } from '../lib/accounts';
import { figure } from '../lib/report';
import { cpuMs, PORTS, ROOT, startServer, type TServer } from '../lib/server';
import { sleep, waitUntil } from '../lib/stats';

const COUNTER = pathToFileURL(path.join(ROOT, 'bench/src/workers/count-queries.mjs')).href;
const RATIO_BUDGET = 3;
/**
 * What an entrant's open tournament page (`TournamentPage`, a tournament with no break, unpublished) reads when told
 * that `parts` changed: its mounted queries (the record, entrants, rounds, standings, schedule, the judges' paradigms,
 * the obligations) that `refreshTournamentPages` refetches for those parts. The page sees its own pairings only, so
 * `results` alone reads nothing (its own pairing's change comes to its own room as `rounds`); the tab it is sent
 * (`isTabPushed`) it does not read.
 */
export function entrantPageReads(parts: readonly TTournamentPart[], isTabPushed: boolean): string[] {
  const reads: Record<TTournamentPart, string[]> = {
    tournament: [''],
    entrants: ['/entrants'],
    rounds: ['/rounds'],
    results: [],
    tab: isTabPushed ? [] : ['/standings'],
    schedule: ['/schedule'],
    judges: ['/paradigms', '/judge-obligations'],
  };
  return parts.flatMap((part) => reads[part]);
}

/** The statements the server has run so far (its preload answers SIGUSR2 on stderr). */
async function queriesOf(server: TServer): Promise<number> {
  const before = server.output().split('[bench-queries]').length;
  process.kill(server.pid, 'SIGUSR2');
  await waitUntil(() => server.output().split('[bench-queries]').length > before, 5000, 'the query count');
  const all = [...server.output().matchAll(/\[bench-queries\] (\d+)/g)];
  return Number(all[all.length - 1]![1]);
}

export async function tournamentLoadBenchmark(ctx: TBenchContext): Promise<TBenchResult> {
  const sizes = ctx.isQuick ? { entrants: 20, ordinary: 10, seconds: 2 } : { entrants: 200, ordinary: 30, seconds: 10 };
  const debates = sizes.entrants / 2;
  const server = await startServer({
    port: PORTS.tournamentLoad,
    name: 'tournament-load',
    nodeArgs: ['--import', COUNTER],
    // BENCH_QUERY_LOG=<file>: where the statements go, per measured stretch (see the preload).
    ...(process.env.BENCH_QUERY_LOG ? { env: { BENCH_QUERY_LOG: process.env.BENCH_QUERY_LOG } } : {}),
  });
  const database = openBenchDatabase('sqlite', { dataDir: server.dataDir });
  const sockets: Socket[] = [];
  const setupStarted = performance.now();
  const elapsed = () => ((performance.now() - setupStarted) / 1000).toFixed(0);
  try {
    await checkCookieSigning(server.baseUrl, database);
    const [host] = await seedUsers(database, 1, { prefix: 'tl-host-', seed: 1 });
    await database.db.updateTable('users').set({ role: 'admin' }).where('id', '=', host!.id).execute();
    const entrants = await seedUsers(database, sizes.entrants, { prefix: 'tl-entrant-', seed: 2 });
    const judges = await seedUsers(database, debates + sizes.ordinary, { prefix: 'tl-judge-', seed: 3 });
    const [hostCookie] = await createSessions(database, [host!.id]);
    const entrantCookies = await createSessions(
      database,
      entrants.map((e) => e.id),
    );
    const judgeCookies = await createSessions(
      database,
      judges.map((j) => j.id),
    );
    const api = async (cookie: string, method: string, url: string, body?: unknown) => {
      const response = await fetch(`${server.baseUrl}${url}`, {
        method,
        headers: { cookie, origin: server.baseUrl, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
      return text ? (JSON.parse(text) as Record<string, unknown>) : {};
    };

    const { tournament } = (await api(hostCookie!, 'POST', '/api/tournaments', {
      name: 'Bench Open',
      formatId: 'ld',
      prelimRounds: 3,
      breakSize: 0,
      scheduleMode: 'fixed',
      entryMode: 'open',
    })) as { tournament: { id: number } };
    const base = `/api/tournaments/${tournament.id}`;
    for (let i = 0; i < entrantCookies.length; i += 10) {
      await Promise.all(entrantCookies.slice(i, i + 10).map((cookie) => api(cookie, 'POST', `${base}/entrants`, {})));
    }
    const { round } = (await api(hostCookie!, 'POST', `${base}/rounds/1/release`)) as {
      round: { pairings: { debateId: number | null }[] };
    };
    ctx.log(`round 1 released after ${elapsed()} s`);
    const debateIds = round.pairings.flatMap((p) => (p.debateId === null ? [] : [p.debateId]));
    if (debateIds.length !== debates) throw new Error(`expected ${debates} debates, got ${debateIds.length}`);

    // Each debate's speeches are over and a judge sits in it; the ordinary rounds are copies of a tournament debate
    // of another kind (a challenge), so the same ballot route judges them without a tournament.
    for (const [i, debateId] of debateIds.entries()) {
      await database.db
        .updateTable('debates')
        .set({ status: 'awaiting_ballot', judgeId: judges[i]!.id })
        .where('id', '=', debateId)
        .execute();
    }
    const model = (await database.db
      .selectFrom('debates')
      .selectAll()
      .where('id', '=', debateIds[0]!)
      .executeTakeFirstOrThrow()) as Record<string, unknown>;
    const ordinaryIds: number[] = [];
    for (let i = 0; i < sizes.ordinary; i++) {
      const { id: _id, ...row } = model;
      const inserted = (await database.db
        .insertInto('debates')
        .values({ ...row, kind: 'challenge', judgeId: judges[debates + i]!.id })
        .returning('id')
        .executeTakeFirstOrThrow()) as { id: number };
      ordinaryIds.push(Number(inserted.id));
    }

    // Every entrant's page open: a socket watching the tournament, refetching the parts each change names.
    let delivered = 0;
    let inFlight = 0;
    let failedReads = 0;
    let pageReads = 0;
    const readAll = (cookie: string, paths: string[]) => {
      if (paths.length === 0) return;
      inFlight += 1;
      pageReads += paths.length;
      Promise.all(
        paths.map((part) =>
          fetch(`${server.baseUrl}${base}${part}`, { headers: { cookie } }).then((r) => {
            if (!r.ok) failedReads += 1;
            return r.arrayBuffer();
          }),
        ),
      )
        .catch(() => (failedReads += 1))
        .finally(() => (inFlight -= 1));
    };
    const openPage = async (cookie: string) => {
      const socket = io(server.baseUrl, {
        transports: ['websocket'],
        forceNew: true,
        auth: { protocolVersion: PROTOCOL_VERSION },
        extraHeaders: { cookie },
      });
      sockets.push(socket);
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      const page = { isTabPushed: false };
      const watch = async () => {
        const reply = (await socket.timeout(10_000).emitWithAck('tournament.watch', {
          tournamentId: tournament.id,
        })) as { ok: boolean; data?: { isTabPushed: boolean } };
        if (!reply.ok) throw new Error('tournament.watch refused');
        page.isTabPushed = reply.data!.isTabPushed;
      };
      await watch();
      // As the page opened: everything once.
      readAll(cookie, entrantPageReads(TOURNAMENT_PARTS, page.isTabPushed));
      socket.on('tournament.changed', ({ tournamentId, parts }: { tournamentId: number; parts: TTournamentPart[] }) => {
        if (tournamentId !== tournament.id) return;
        delivered += 1;
        // The record changed: the page watches again (`useTournamentRoom`).
        if (parts.includes('tournament')) {
          inFlight += 1;
          watch()
            .catch(() => (failedReads += 1))
            .finally(() => (inFlight -= 1));
        }
        readAll(cookie, entrantPageReads(parts, page.isTabPushed));
      });
      socket.on('tournament.standings_changed', () => (delivered += 1));
    };
    // Ten pages open at a time (the setup is not measured).
    for (let i = 0; i < entrantCookies.length; i += 10) {
      await Promise.all(entrantCookies.slice(i, i + 10).map(openPage));
    }
    ctx.log(`${sockets.length} pages open after ${elapsed()} s`);
    if (!sockets.length) throw new Error('no page open');
    await sleep(1500);
    // The pages' first reads are not any ballot's.
    await waitUntil(() => inFlight === 0, 60_000, 'the pages to open');
    ctx.log(`the pages' first reads done after ${elapsed()} s`);

    /** Judges `ids` (the i-th by the i-th cookie) evenly over `seconds`; the cost per ballot, settled. */
    const measure = async (ids: number[], cookies: string[], seconds: number) => {
      const queries = await queriesOf(server);
      const cpu = cpuMs(server.pid);
      const events = delivered;
      const reads = pageReads;
      const spacing = (seconds * 1000) / ids.length;
      await Promise.all(
        ids.map(async (debateId, i) => {
          await sleep(i * spacing);
          await api(cookies[i]!, 'POST', `/api/debates/${debateId}/ballots`, {
            winnerSide: i % 2 === 0 ? 'a' : 'b',
            speakerPoints: { a: 28, b: 27.5 },
            reason: 'Clearer weighing.',
          });
        }),
      );
      // The last change's event (trailing, within a second) and the pages' reads it starts.
      await sleep(1500);
      await waitUntil(() => inFlight === 0, 30_000, 'the pages to finish refetching');
      return {
        queries: ((await queriesOf(server)) - queries) / ids.length,
        cpuMs: (cpuMs(server.pid) - cpu) / ids.length,
        events: (delivered - events) / ids.length,
        pageReads: (pageReads - reads) / ids.length,
      };
    };
    const ordinary = await measure(
      ordinaryIds,
      judgeCookies.slice(debates),
      Math.min(sizes.seconds, ordinaryIds.length),
    );
    ctx.log(`the ordinary ballots measured after ${elapsed()} s`);
    const inTournament = await measure(debateIds, judgeCookies.slice(0, debates), sizes.seconds);
    ctx.log(`the tournament's ballots measured after ${elapsed()} s`);
    if (failedReads > 0) throw new Error(`${failedReads} page reads failed`);
    const { standings } = (await api(entrantCookies[0]!, 'GET', `${base}/standings`)) as {
      standings: { divisions: { resultsCounted: number }[] };
    };
    const counted = standings.divisions.reduce((n, d) => n + d.resultsCounted, 0);
    if (counted !== debates) throw new Error(`the tab counts ${counted} results, expected ${debates}`);

    const queryRatio = inTournament.queries / ordinary.queries;
    const cpuRatio = inTournament.cpuMs / ordinary.cpuMs;
    return {
      setup:
        `${sizes.entrants} entrants (every page open: a socket reading the parts each event names), a ` +
        `round of ${debates} debates judged within ${sizes.seconds} s; baseline: ${sizes.ordinary} ballots on ` +
        `ordinary rounds, one server on SQLite`,
      figures: [
        figure({
          name: 'database statements per tournament ballot',
          value: inTournament.queries,
          unit: '',
          baseline: { label: 'ordinary ballot', value: ordinary.queries },
        }),
        figure({
          name: 'statements per ballot, tournament / ordinary',
          value: queryRatio,
          unit: '×',
          budget: { kind: 'max', value: RATIO_BUDGET, text: `≤ ${RATIO_BUDGET}×`, basis: 'ratio' },
        }),
        figure({
          name: 'server CPU per tournament ballot',
          value: inTournament.cpuMs,
          unit: 'ms',
          baseline: { label: 'ordinary ballot', value: ordinary.cpuMs },
        }),
        figure({
          name: 'server CPU per ballot, tournament / ordinary',
          value: cpuRatio,
          unit: '×',
          budget: { kind: 'max', value: RATIO_BUDGET, text: `≤ ${RATIO_BUDGET}×`, basis: 'ratio' },
        }),
        figure({ name: 'events delivered per ballot', value: inTournament.events, unit: '' }),
        figure({ name: 'page reads per ballot', value: inTournament.pageReads, unit: '' }),
      ],
      notes: [
        'Each ballot counts what follows from it until the pages are done refetching: the ballot, the sequencer ' +
          'it wakes, the events (hints and the tab sent to hosts’ and entrants’ pages) and every open page’s reads.',
      ],
    };
  } finally {
    for (const socket of sockets) socket.disconnect();
    await database.close();
    await server.stop();
  }
}

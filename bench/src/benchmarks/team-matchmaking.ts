/**
 * 12. Team matchmaking (issue 40): 2,000 signed-in Public Forum debaters join the queue at once through the real API,
 * half as ready teams (partners through an accepted partner link, each pressing join naming the other) and half alone
 * ("find me a partner"); each blocks 2 random others (never their partner) and half are 15 (in runs of four, so a
 * ready team is of one band). The time until everyone who can be is in a round, and the server's CPU per join as a
 * multiple of the same run's one-on-one queue (2,000 Public Forum debaters queueing one-on-one, the same blocks and
 * ages). Checked: nobody in two rounds, no blocked pair in a round (partners included), no minor with an adult
 * stranger, every ready team on one side, and nobody left waiting who could still be matched (`matchTeamQueue` over
 * what is left finds no round).
 */
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import {
  ageBandOf,
  blockGraph,
  matchTeamQueue,
  roundShapeOf,
  type TMeetingProfile,
  type TQueueMode,
  type TTeamQueueEntry,
} from '@resolved/shared';
import type { TBenchContext, TBenchResult } from '../lib/context';
import {
  createPostgresDatabase,
  createSessions,
  openBenchDatabase,
  seededRandom,
  seedUsers,
  type TEngine,
} from '../lib/accounts';
import { figure, fmt, type TFigure } from '../lib/report';
import { cpuMs, PORTS, startServer } from '../lib/server';

/** The team queue's CPU per join against the one-on-one queue's, same run (the budget). */
const BUDGET = { oneOnOneRatio: 2 };
const CONNECTIONS = 100;
const BLOCKS_PER_USER = 2;

const now = new Date();
const MINOR_BIRTH_MONTH = `${now.getUTCFullYear() - 16}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
const ADULT_BIRTH_MONTH = '1990-01';
/** Runs of four minors, then four adults: a ready team (2k, 2k + 1) is of one band. */
const birthMonthOf = (i: number) => (Math.floor(i / 4) % 2 === 0 ? MINOR_BIRTH_MONTH : ADULT_BIRTH_MONTH);

type TKind = 'teams' | 'one-on-one';

/** The i-th debater's partner in the teams run (the first half are ready teams), or undefined. */
function partnerIndexOf(kind: TKind, i: number, debaters: number): number | undefined {
  if (kind !== 'teams' || i >= debaters / 2) return undefined;
  return i % 2 === 0 ? i + 1 : i - 1;
}

function randomBlocks(userIds: readonly string[], kind: TKind, random: () => number) {
  const blocks: { blockerId: string; blockedId: string; createdAt: string }[] = [];
  const createdAt = new Date().toISOString();
  userIds.forEach((blockerId, i) => {
    const chosen = new Set<number>();
    while (chosen.size < BLOCKS_PER_USER) {
      const j = Math.floor(random() * userIds.length);
      // Partners never block each other here (a block refuses the team at its join).
      if (j === i || partnerIndexOf(kind, i, userIds.length) === j || partnerIndexOf(kind, j, userIds.length) === i) {
        continue;
      }
      chosen.add(j);
    }
    for (const j of chosen) blocks.push({ blockerId, blockedId: userIds[j]!, createdAt });
  });
  return blocks;
}

function postJson(agent: http.Agent, url: string, headers: Record<string, string>, body: unknown) {
  return new Promise<{ status: number; body: { status?: string; error?: { message: string } } }>((resolve, reject) => {
    const payload = JSON.stringify(body);
    const request = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }));
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

const PORT_OF: Record<TEngine, Record<TKind, number>> = {
  sqlite: { teams: PORTS.teamMatchmaking, 'one-on-one': PORTS.teamMatchmakingOneOnOne },
  postgres: { teams: PORTS.teamMatchmakingPostgres, 'one-on-one': PORTS.teamMatchmakingOneOnOnePostgres },
};

async function runQueue(ctx: TBenchContext, engine: TEngine, debaters: number, kind: TKind) {
  const pgDatabase = engine === 'postgres' ? await createPostgresDatabase(ctx.postgresUrl!) : undefined;
  const server = await startServer({
    port: PORT_OF[engine][kind],
    name: `team-matchmaking-${engine}-${kind}`,
    databaseUrl: pgDatabase?.url,
  });
  const database = openBenchDatabase(engine, { dataDir: server.dataDir, url: pgDatabase?.url });
  try {
    const users = await seedUsers(database, debaters, {
      prefix: `tm-${engine}-${kind}-`,
      score: () => 0,
      birthMonth: birthMonthOf,
    });
    const ids = users.map((u) => u.id);
    const profiles = new Map<string, TMeetingProfile>(
      ids.map((id, i) => [id, { band: ageBandOf(birthMonthOf(i)), teamIds: [] }]),
    );
    const cookies = await createSessions(database, ids);
    const blocks = randomBlocks(ids, kind, seededRandom(11));
    for (let i = 0; i < blocks.length; i += 1000) {
      await database.db
        .insertInto('userBlocks')
        .values(blocks.slice(i, i + 1000))
        .execute();
    }
    const isBlocked = blockGraph(blocks);
    // Each ready team's partner link, accepted now (what `POST …/partner-links/:token/accept` writes).
    const links = [];
    const at = new Date().toISOString();
    for (let i = 0; i < debaters; i += 2) {
      if (partnerIndexOf(kind, i, debaters) === undefined) continue;
      links.push({
        token: randomBytes(18).toString('base64url'),
        creatorId: ids[i]!,
        formatId: 'pf',
        createdAt: at,
        accepterId: ids[i + 1]!,
        acceptedAt: at,
      });
    }
    for (let i = 0; i < links.length; i += 1000) {
      await database.db
        .insertInto('partnerLinks')
        .values(links.slice(i, i + 1000))
        .execute();
    }
    const bodyOf = (i: number) => {
      if (kind === 'one-on-one') return { formatId: 'pf' };
      const partner = partnerIndexOf(kind, i, debaters);
      return partner === undefined
        ? { formatId: 'pf', mode: 'solo' }
        : { formatId: 'pf', mode: 'team', partnerIds: [ids[partner]!] };
    };

    const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
    const cpuBefore = cpuMs(server.pid);
    const started = performance.now();
    await Promise.all(
      cookies.map(async (cookie, i) => {
        const response = await postJson(
          agent,
          `${server.baseUrl}/api/debates/queue`,
          { cookie, origin: server.baseUrl },
          bodyOf(i),
        );
        if (response.status !== 200) throw new Error(`join queue: ${response.status} ${response.body.error?.message}`);
      }),
    );
    agent.destroy();
    // Every join is answered once the sweep that wrote it has ended, and that sweep read every join written before
    // it: when the last answer arrives, no later sweep will seat anyone.
    const settledMs = performance.now() - started;
    const cpuMsPerJoin = (cpuMs(server.pid) - cpuBefore) / debaters;

    const seats = (await database.db.selectFrom('debateSeats').select(['debateId', 'side', 'userId']).execute()) as {
      debateId: number;
      side: string;
      userId: string;
    }[];
    const rounds = new Map<number, typeof seats>();
    for (const seat of seats) rounds.set(seat.debateId, [...(rounds.get(seat.debateId) ?? []), seat]);
    const inTwo = seats.length - new Set(seats.map((s) => s.userId)).size;
    let blockedPairs = 0;
    let minorWithAdult = 0;
    for (const round of rounds.values()) {
      for (const [x, seatX] of round.entries()) {
        for (const seatY of round.slice(x + 1)) {
          if (isBlocked(seatX.userId, seatY.userId)) blockedPairs++;
          if (profiles.get(seatX.userId)!.band !== profiles.get(seatY.userId)!.band) minorWithAdult++;
        }
      }
    }
    const sideOf = new Map(seats.map((s) => [s.userId, `${s.debateId}:${s.side}`]));
    let teamsSplit = 0;
    for (let i = 0; i < debaters; i += 2) {
      const partner = partnerIndexOf(kind, i, debaters);
      if (partner !== undefined && sideOf.has(ids[i]!) && sideOf.get(ids[i]!) !== sideOf.get(ids[partner]!)) {
        teamsSplit++;
      }
    }
    // Whoever is left waiting could not be matched: the matcher over what is left makes no round.
    const left = (await database.db
      .selectFrom('debateQueue')
      .select(['id', 'userId', 'createdAt', 'mode'])
      .execute()) as { id: number; userId: string; createdAt: string; mode: TQueueMode }[];
    const index = new Map(ids.map((id, i) => [id, i]));
    const leftIds = new Set(left.map((row) => row.userId));
    const entries: TTeamQueueEntry[] = [];
    for (const row of left) {
      const partner = partnerIndexOf(kind, index.get(row.userId)!, debaters);
      if (partner === undefined) {
        entries.push({
          id: Number(row.id),
          formatId: 'pf',
          mode: row.mode,
          userIds: [row.userId],
          createdAt: row.createdAt,
        });
      } else if (partner > index.get(row.userId)! && leftIds.has(ids[partner]!)) {
        entries.push({
          id: Number(row.id),
          formatId: 'pf',
          mode: 'team',
          userIds: [row.userId, ids[partner]!],
          createdAt: row.createdAt,
        });
      }
    }
    const missed = matchTeamQueue(entries, { random: seededRandom(5), isBlocked, profiles, shapeOf: roundShapeOf })
      .rounds.length;
    if (inTwo || blockedPairs || minorWithAdult || teamsSplit || missed || seats.length + left.length !== debaters) {
      throw new Error(
        `${engine} ${kind}: ${seats.length} seated and ${left.length} waiting of ${debaters}; ${inTwo} in two rounds, ${blockedPairs} blocked pairs, ${minorWithAdult} minors with adults, ${teamsSplit} teams split, ${missed} rounds still possible`,
      );
    }
    return { settledMs, cpuMsPerJoin, seated: seats.length, leftWaiting: left.length, rounds: rounds.size };
  } finally {
    await database.close();
    await server.stop();
    await pgDatabase?.drop();
  }
}

export async function teamMatchmakingBenchmark(ctx: TBenchContext): Promise<TBenchResult> {
  const debaters = ctx.isQuick ? 40 : 2000;
  const engines: TEngine[] = ctx.postgresUrl ? ['sqlite', 'postgres'] : ['sqlite'];
  const figures: TFigure[] = [];
  for (const engine of engines) {
    const oneOnOne = await runQueue(ctx, engine, debaters, 'one-on-one');
    const teams = await runQueue(ctx, engine, debaters, 'teams');
    ctx.log(
      `  ${engine}: teams ${teams.seated} seated in ${teams.rounds} rounds in ${fmt(teams.settledMs)} ms (${teams.leftWaiting} left waiting); one-on-one ${oneOnOne.seated} in ${fmt(oneOnOne.settledMs)} ms`,
    );
    figures.push(
      figure({
        name: `${engine}: time until everyone who can be is in a round (half ready teams, half "find me a partner")`,
        value: teams.settledMs,
        unit: 'ms',
        baseline: { label: 'one-on-one queue, same run', value: oneOnOne.settledMs },
      }),
      figure({
        name: `${engine}: server CPU per join as a multiple of the one-on-one queue`,
        value: teams.cpuMsPerJoin / oneOnOne.cpuMsPerJoin,
        unit: '×',
        ...(engine === 'sqlite'
          ? {
              budget: {
                kind: 'max' as const,
                value: BUDGET.oneOnOneRatio,
                text: `≤ ${BUDGET.oneOnOneRatio}×`,
                basis: 'ratio' as const,
              },
            }
          : {}),
      }),
      figure({
        name: `${engine}: server CPU per join`,
        value: teams.cpuMsPerJoin,
        unit: 'ms',
        baseline: { label: 'one-on-one queue, same run', value: oneOnOne.cpuMsPerJoin },
      }),
      figure({
        name: `${engine}: left waiting (no round possible among them)`,
        value: teams.leftWaiting,
        unit: '',
        baseline: { label: 'one-on-one queue, same run', value: oneOnOne.leftWaiting },
      }),
      ...[
        'people in two rounds',
        'blocked pairs in a round (partners included)',
        'minors with an adult stranger',
        'ready teams split',
      ].map((what) =>
        figure({
          name: `${engine}: ${what}`,
          value: 0,
          unit: '',
          budget: { kind: 'max', value: 0, text: '0', basis: 'exact' },
        }),
      ),
    );
  }
  return {
    setup: `${fmt(debaters)} signed-in Public Forum debaters, every POST /api/debates/queue sent at once over ${CONNECTIONS} keep-alive connections: half as ${fmt(debaters / 4)} ready teams (an accepted partner link each, both partners naming each other) and half alone ("find me a partner"); baseline: ${fmt(debaters)} debaters queueing one-on-one on a fresh server in the same run. Each debater blocks ${BLOCKS_PER_USER} random others (never their partner); half are 15 and half adults, in runs of four. Settled = the last join answered (each answer waits for the sweep that wrote it). Checked (the run fails otherwise): nobody in two rounds, no blocked pair and no minor with an adult in a round, every ready team on one side, and no round possible among those left waiting`,
    figures,
    notes: ctx.postgresUrl ? [] : ['TEST_DATABASE_URL is not set: the PostgreSQL variant was skipped.'],
  };
}

/**
 * 4. Debate clock: two debaters' clients in one debate, each rendering `displayAt(state, serverNow)` from the
 * shared clock module with its own estimate of the server's time (Socket.IO `ping`); client B's own clock
 * is set 2 s fast, as a phone's may be. The spread is the difference between what the two show at the same
 * instant. Baseline in the same run: clients that count down from when the clock change reached them.
 */
import { io, type Socket } from 'socket.io-client';
import { displayAt, PROTOCOL_VERSION, type TClockState } from '@resolved/shared';
import type { TBenchContext, TBenchResult } from '../lib/context';
import { createSessions, openBenchDatabase, seedUsers } from '../lib/accounts';
import { figure } from '../lib/report';
import { PORTS, startServer } from '../lib/server';
import { median, sleep, waitUntil } from '../lib/stats';

/**
 * An absolute budget: what two people see on their screens at the same instant. The spread does not grow with the
 * machine's load (1–2 ms in every run so far), and the "count from arrival" baseline is an alternative design,
 * not a measure of the machine, so a ratio to it would say nothing.
 */
const BUDGET_MS = 250;
const SKEW_MS = 2000;

type TAck<T> = { ok: true; data: T } | { ok: false; error: { code: string; message: string } };

class ClockClient {
  state: TClockState | null = null;
  clockVersion = 0;
  /** Local time when the current state reached this client (the baseline renders from it). */
  receivedAt = 0;
  offsetMs = 0;

  private constructor(
    readonly socket: Socket,
    /** This client's own clock (B's runs fast). */
    readonly localNow: () => number,
  ) {
    socket.on('debate.clock_changed', (payload: { clock: TClockState; clockVersion: number }) =>
      this.apply(payload.clock, payload.clockVersion),
    );
  }

  static async connect(baseUrl: string, cookie: string, skewMs: number): Promise<ClockClient> {
    const socket = io(baseUrl, {
      transports: ['websocket'],
      forceNew: true,
      auth: { protocolVersion: PROTOCOL_VERSION },
      extraHeaders: { cookie },
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return new ClockClient(socket, () => Date.now() + skewMs);
  }

  apply(clock: TClockState, version: number) {
    if (version < this.clockVersion) return;
    this.state = clock;
    this.clockVersion = version;
    this.receivedAt = this.localNow();
  }

  request<T>(event: string, payload?: unknown): Promise<T> {
    return new Promise((resolve, reject) => {
      const reply = (error: Error | null, ack: TAck<T>) => {
        if (error) return reject(error);
        if (!ack.ok) return reject(new Error(`${event}: ${ack.error.code} ${ack.error.message}`));
        resolve(ack.data);
      };
      if (payload === undefined) this.socket.timeout(5000).emit(event, reply);
      else this.socket.timeout(5000).emit(event, payload, reply);
    });
  }

  /** Server time offset from the ping with the shortest round trip of `samples`. */
  async sync(samples: number) {
    let best = { rtt: Infinity, offset: 0 };
    for (let i = 0; i < samples; i++) {
      const sentAt = this.localNow();
      const { serverTime } = await this.request<{ serverTime: number }>('ping');
      const receivedAt = this.localNow();
      const rtt = receivedAt - sentAt;
      if (rtt < best.rtt) best = { rtt, offset: serverTime + rtt / 2 - receivedAt };
    }
    this.offsetMs = best.offset;
  }

  /** What this client shows as time left: from server time (ours) or from when the change arrived (baseline). */
  remaining(kind: 'server' | 'local' | 'arrival'): number {
    const state = this.state!;
    const now = this.localNow();
    if (kind === 'server') return displayAt(state, now + this.offsetMs).remainingMs;
    if (kind === 'local') return displayAt(state, now).remainingMs;
    // The baseline: what was left when the change arrived, counted down locally from then while running.
    const display = displayAt({ ...state, startedAt: null }, 0);
    const running = state.phase === 'speech' && !state.isPaused && state.startedAt !== null;
    return Math.max(0, display.remainingMs - (running ? now - this.receivedAt : 0));
  }
}

/** Sends a clock command from whichever debater may give it; returns the new clock version. */
async function command(clients: ClockClient[], event: string, debateId: number): Promise<number> {
  let lastError: unknown;
  for (const client of clients) {
    try {
      const reply = await client.request<{ clock: TClockState; clockVersion: number }>(event, {
        debateId,
        clockVersion: client.clockVersion,
      });
      client.apply(reply.clock, reply.clockVersion);
      return reply.clockVersion;
    } catch (error) {
      if (!String(error).includes('forbidden')) throw error;
      lastError = error;
    }
  }
  throw lastError;
}

export async function clockBenchmark(ctx: TBenchContext): Promise<TBenchResult> {
  const rounds = ctx.isQuick ? 2 : 10;
  const samplesPerRound = ctx.isQuick ? 5 : 20;
  const server = await startServer({ port: PORTS.clock, name: 'clock' });
  const clients: ClockClient[] = [];
  try {
    const database = openBenchDatabase('sqlite', { dataDir: server.dataDir });
    let cookies: string[];
    try {
      const users = await seedUsers(database, 2, { prefix: 'clock-' });
      cookies = await createSessions(
        database,
        users.map((u) => u.id),
      );
    } finally {
      await database.close();
    }
    let debateId = 0;
    for (const cookie of cookies) {
      const response = await fetch(`${server.baseUrl}/api/debates/queue`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json', origin: server.baseUrl },
        body: JSON.stringify({ formatId: 'ld' }),
      });
      const body = (await response.json()) as { status: string; debateId?: number };
      if (!response.ok) throw new Error(`join queue: ${response.status} ${JSON.stringify(body)}`);
      if (body.debateId) debateId = body.debateId;
    }
    if (!debateId) throw new Error('the two debaters were not paired');

    clients.push(await ClockClient.connect(server.baseUrl, cookies[0]!, 0));
    clients.push(await ClockClient.connect(server.baseUrl, cookies[1]!, SKEW_MS));
    for (const client of clients) {
      const joined = await client.request<{ debate: { clock: TClockState; clockVersion: number } }>('debate.join', {
        debateId,
      });
      client.apply(joined.debate.clock, joined.debate.clockVersion);
      await client.sync(5);
    }
    const [a, b] = clients as [ClockClient, ClockClient];
    const ours: number[] = [];
    const baseline: number[] = [];
    const uncorrected: number[] = [];
    // The speaker starts the first speech; then the clock is paused and resumed `rounds` times. Both clients
    // render while it runs and while it is paused, each change reaching them as a server event.
    const started = await command(clients, 'debate.start_speech', debateId);
    await waitUntil(() => a.clockVersion >= started && b.clockVersion >= started, 5000, 'both clock changes');
    const sample = async () => {
      for (let i = 0; i < samplesPerRound; i++) {
        ours.push(Math.abs(a.remaining('server') - b.remaining('server')));
        baseline.push(Math.abs(a.remaining('arrival') - b.remaining('arrival')));
        uncorrected.push(Math.abs(a.remaining('local') - b.remaining('local')));
        await sleep(25);
      }
    };
    for (let round = 0; round < rounds; round++) {
      await sample();
      const paused = await command(clients, 'debate.pause', debateId);
      await waitUntil(() => a.clockVersion >= paused && b.clockVersion >= paused, 5000, 'both clock changes');
      await sample();
      const resumed = await command(clients, 'debate.resume', debateId);
      await waitUntil(() => a.clockVersion >= resumed && b.clockVersion >= resumed, 5000, 'both clock changes');
    }
    ctx.log(`spread: median ${median(ours).toFixed(1)} ms, max ${Math.max(...ours).toFixed(1)} ms`);
    return {
      setup: `two debaters' Socket.IO clients in one debate (built server, SQLite); client B's clock ${SKEW_MS} ms fast; offset from the shortest of 5 pings; one speech started, then paused and resumed ${rounds} times; ${samplesPerRound} samples 25 ms apart while running and while paused`,
      figures: [
        figure({
          name: 'spread between the two displays, median',
          value: median(ours),
          unit: 'ms',
          baseline: { label: 'count from arrival', value: median(baseline) },
        }),
        figure({
          name: 'spread between the two displays, worst sample',
          value: Math.max(...ours),
          unit: 'ms',
          budget: { kind: 'max', value: BUDGET_MS, text: `≤ ${BUDGET_MS} ms`, basis: 'absolute' },
          baseline: { label: 'count from arrival', value: Math.max(...baseline) },
        }),
        figure({
          name: 'spread if each rendered server timestamps on its own clock (no offset), worst',
          value: Math.max(...uncorrected),
          unit: 'ms',
        }),
      ],
      notes: [],
    };
  } finally {
    for (const c of clients) c.socket.disconnect();
    await server.stop();
  }
}

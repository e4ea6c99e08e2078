/** Drives the chat clients, split over worker threads (see workers/chat-clients.mjs). */
import { Worker } from 'node:worker_threads';
import { PROTOCOL_VERSION } from '@resolved/shared';
import { percentile, sleep } from './stats';

type TReply =
  | { type: 'connected'; ms: number }
  | { type: 'recording' }
  | { type: 'stopped'; sent: number }
  | {
      type: 'report';
      latencies: number[];
      delivered: number;
      sent: number;
      sendErrors: number;
      sendTimeouts: number;
      lastDeliveryAt: number;
    }
  | { type: 'closed' }
  | { type: 'error'; message: string };

class ClientWorker {
  private readonly worker: Worker;
  private waiting: ((reply: TReply) => void)[] = [];

  constructor(workerData: Record<string, unknown>) {
    this.worker = new Worker(new URL('../workers/chat-clients.mjs', import.meta.url), {
      workerData: { ...workerData, protocolVersion: PROTOCOL_VERSION },
    });
    this.worker.on('message', (reply: TReply) => this.waiting.shift()?.(reply));
    this.worker.on('error', (error) => {
      for (const w of this.waiting.splice(0)) w({ type: 'error', message: String(error) });
    });
  }

  ask<T extends TReply['type']>(
    command: string | Record<string, unknown>,
    expected: T,
  ): Promise<Extract<TReply, { type: T }>> {
    return new Promise((resolve, reject) => {
      this.waiting.push((reply) =>
        reply.type === expected
          ? resolve(reply as Extract<TReply, { type: T }>)
          : reject(new Error(reply.type === 'error' ? reply.message : `unexpected ${reply.type}`)),
      );
      this.worker.postMessage(command);
    });
  }

  tell(command: string | Record<string, unknown>) {
    this.worker.postMessage(command);
  }

  terminate() {
    return this.worker.terminate();
  }
}

export interface TPhaseResult {
  p50: number;
  p99: number;
  deliveredPerSecond: number;
  /** Deliveries expected (sent × clients) that arrived. */
  deliveredShare: number;
  /** Sends the server refused (rate limit, validation): a harness error. */
  sendErrors: number;
  /** Sends not acknowledged within 10 s: the server is saturated. */
  sendTimeouts: number;
}

export class ChatClients {
  private constructor(
    private readonly workers: ClientWorker[],
    readonly clientCount: number,
  ) {}

  /**
   * Connects `cookies.length` clients over `threads` worker threads; in a phase, the first `sendersPerThread`
   * clients of each thread send one message every `intervalMs`.
   */
  static async connect(options: {
    mode: 'socketio' | 'ws';
    baseUrl: string;
    cookies: string[];
    threads: number;
    intervalMs: number;
  }): Promise<{ clients: ChatClients; connectMs: number }> {
    const per = Math.ceil(options.cookies.length / options.threads);
    const workers = Array.from(
      { length: options.threads },
      (_, i) =>
        new ClientWorker({
          mode: options.mode,
          baseUrl: options.baseUrl,
          cookies: options.cookies.slice(i * per, (i + 1) * per),
          intervalMs: options.intervalMs,
          joinConcurrency: 25,
        }),
    );
    const started = performance.now();
    try {
      await Promise.all(workers.map((w) => w.ask('connect', 'connected')));
    } catch (error) {
      await Promise.all(workers.map((w) => w.terminate()));
      throw error;
    }
    return { clients: new ChatClients(workers, options.cookies.length), connectMs: performance.now() - started };
  }

  private phaseCount = 0;

  /**
   * Sends at the steady rate for `seconds`, waits for the deliveries (`drainMs`, 30 s unless given), and measures. Only this
   * phase's messages count; a phase that could not drain is followed by a wait until the server is quiet.
   */
  async phase(seconds: number, sendersPerThread: number, drainMs = 30_000): Promise<TPhaseResult> {
    this.phaseCount += 1;
    await Promise.all(this.workers.map((w) => w.ask({ command: 'record', phase: this.phaseCount }, 'recording')));
    const startedAt = performance.timeOrigin + performance.now();
    for (const w of this.workers) w.tell({ command: 'send', senders: sendersPerThread });
    await sleep(seconds * 1000);
    const stopped = await Promise.all(this.workers.map((w) => w.ask('stop-sending', 'stopped')));
    const sent = stopped.reduce((sum, s) => sum + s.sent, 0);
    const expected = sent * this.clientCount;
    // Drain: wait until every delivery arrived, or `drainMs`.
    let reports = await Promise.all(this.workers.map((w) => w.ask('report', 'report')));
    const drainUntil = Date.now() + drainMs;
    while (reports.reduce((sum, r) => sum + r.delivered, 0) < expected && Date.now() < drainUntil) {
      await sleep(250);
      reports = await Promise.all(this.workers.map((w) => w.ask('report', 'report')));
    }
    const latencies = reports.flatMap((r) => r.latencies);
    const delivered = reports.reduce((sum, r) => sum + r.delivered, 0);
    const lastDeliveryAt = Math.max(...reports.map((r) => r.lastDeliveryAt));
    return {
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      deliveredPerSecond: delivered / ((lastDeliveryAt - startedAt) / 1000),
      deliveredShare: expected ? delivered / expected : 0,
      sendErrors: reports.reduce((sum, r) => sum + r.sendErrors, 0),
      sendTimeouts: reports.reduce((sum, r) => sum + r.sendTimeouts, 0),
    };
  }

  async close() {
    await Promise.all(this.workers.map((w) => w.ask('close', 'closed').catch(() => undefined)));
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}

/**
 * One scheduler for work that happens later or repeatedly: named periodic jobs (`every`) and due-at jobs (`at`,
 * `after`), kept in the database (`scheduledJobs`). Each instance polls for due jobs it has a handler for and claims
 * each with one conditional update, so a due job runs on ONE instance; rows outlive the process, so a job that fell
 * due while no instance ran fires at the next start, and a claim whose instance died lapses after the lease.
 *
 * Delivery is at least once: a job that outlives its lease, or whose instance dies mid-run, runs again, so handlers
 * check the state they act on (a round already over is left alone). A failing job is retried with a growing delay
 * (and logged); it does not hold up the others.
 *
 * Time is the wall clock (`Date.now` as it was when this module loaded), like the timers this replaces: tests that
 * fake `Date` to age a round do not make jobs fall due.
 */
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { TDatabase } from '../../db/database';
import * as repo from './scheduler.repository';

const wallClock = Date.now.bind(Date);

export interface TJob {
  key: string;
  /** What the job was scheduled with (JSON), or null. */
  payload: unknown;
  /** How many times it failed before this run. */
  attempts: number;
}

type THandler = (job: TJob) => Promise<void>;

interface TPeriodic {
  intervalMs: number;
  /** First run: at once on a new deployment (`now`), or one interval after. */
  isDueAtStart: boolean;
}

export interface TSchedulerOptions {
  database: Pick<TDatabase, 'db'>;
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>;
  /** How often each instance looks for due jobs. */
  pollMs?: number;
  /** How long a claim holds before another instance may take the job again (the instance died). */
  leaseMs?: number;
  /** First retry delay of a failed job; it doubles with each failure, up to `maxRetryMs`. */
  retryMs?: number;
  maxRetryMs?: number;
  /** The clock (tests). */
  now?: () => number;
  /** Who claims (tests run several schedulers in one process). */
  instanceId?: string;
}

const BATCH = 50;
const DONE_KEPT_MS = 7 * 24 * 60 * 60 * 1000;
export const SCHEDULER_PURGE_JOB = 'scheduler.purge_done';

export class Scheduler {
  private readonly handlers = new Map<string, THandler>();
  private readonly periodic = new Map<string, TPeriodic>();
  private readonly running = new Set<Promise<void>>();
  /** Jobs this instance is running (name + key): not claimed again by the next poll while they run. */
  private readonly inFlight = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private nextTickAt = Infinity;
  private tick: Promise<void> | undefined;
  private isStarted = false;
  private isStopped = false;
  private readonly now: () => number;
  private readonly pollMs: number;
  private readonly leaseMs: number;
  private readonly retryMs: number;
  private readonly maxRetryMs: number;
  readonly instanceId: string;

  constructor(private readonly options: TSchedulerOptions) {
    this.now = options.now ?? wallClock;
    this.pollMs = options.pollMs ?? 1000;
    this.leaseMs = options.leaseMs ?? 10 * 60 * 1000;
    this.retryMs = options.retryMs ?? 5000;
    this.maxRetryMs = options.maxRetryMs ?? 10 * 60 * 1000;
    this.instanceId = options.instanceId ?? `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
    this.every(SCHEDULER_PURGE_JOB, 24 * 60 * 60 * 1000, async () => {
      await repo.purgeDone(this.db, new Date(this.now() - DONE_KEPT_MS).toISOString());
    });
  }

  private get db() {
    return this.options.database.db;
  }

  /**
   * A job that runs every `intervalMs` on one instance of all (the interval counts from the end of a run). On a new
   * deployment it first runs at once (`isDueAtStart`, the default) or one interval later.
   */
  every(name: string, intervalMs: number, run: () => Promise<void>, options: { isDueAtStart?: boolean } = {}): void {
    this.handlers.set(name, () => run());
    this.periodic.set(name, { intervalMs, isDueAtStart: options.isDueAtStart ?? true });
    if (this.isStarted) void this.ensurePeriodic(name).catch((err: unknown) => this.warn(err, name));
  }

  /** What runs the due-at jobs of `name` on this instance (each instance that may run them registers it). */
  handle(name: string, run: THandler): void {
    this.handlers.set(name, run);
    if (this.isStarted) this.wakeAt(this.now());
  }

  /**
   * Makes the job `name`/`key` due at `dueAtMs` (again, if it already ran; a pending one moves). `ifAbsent`: a job
   * still pending keeps its time.
   */
  async at(name: string, key: string, dueAtMs: number, payload?: unknown, options: { ifAbsent?: boolean } = {}) {
    await repo.upsertJob(
      this.db,
      {
        name,
        key,
        dueAt: new Date(dueAtMs).toISOString(),
        payload: payload === undefined ? null : JSON.stringify(payload),
      },
      options.ifAbsent ?? false,
    );
    this.wakeAt(dueAtMs);
  }

  /** `at`, `delayMs` from now. */
  async after(name: string, key: string, delayMs: number, payload?: unknown, options: { ifAbsent?: boolean } = {}) {
    await this.at(name, key, this.now() + delayMs, payload, options);
  }

  /** Forgets a job (pending or done); one running now finishes. */
  async cancel(name: string, key: string): Promise<void> {
    await repo.deleteJob(this.db, name, key);
  }

  /** Starts polling (the app calls it when ready). */
  start(): void {
    if (this.isStarted || this.isStopped) return;
    this.isStarted = true;
    void Promise.all([...this.periodic.keys()].map((name) => this.ensurePeriodic(name)))
      .catch((err: unknown) => this.warn(err, 'periodic jobs'))
      .finally(() => this.wakeAt(this.now()));
  }

  /** Stops polling and waits for the jobs running here to end (the app calls it when closing). */
  async stop(): Promise<void> {
    this.isStopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.tick;
    await Promise.allSettled([...this.running]);
  }

  /**
   * One poll: claims the due jobs this instance has handlers for and starts them (without waiting for them to end).
   * Returns how many it started. Tests call it directly; `ran()` waits for them.
   */
  async runDue(): Promise<number> {
    const now = this.now();
    const nowIso = new Date(now).toISOString();
    const due = await repo.listDue(this.db, [...this.handlers.keys()], nowIso, BATCH);
    let started = 0;
    for (const job of due) {
      if (this.isStopped) break;
      const id = `${job.name}\u0000${job.key}`;
      if (this.inFlight.has(id)) continue;
      const until = new Date(now + this.leaseMs).toISOString();
      if (!(await repo.claim(this.db, job, this.instanceId, nowIso, until))) continue;
      started++;
      this.inFlight.add(id);
      const run = this.runOne(job).finally(() => {
        this.inFlight.delete(id);
        this.running.delete(run);
      });
      this.running.add(run);
    }
    return started;
  }

  /** Waits for the jobs started so far to end. */
  async ran(): Promise<void> {
    await Promise.allSettled([...this.running]);
  }

  private async runOne(job: Awaited<ReturnType<typeof repo.listDue>>[number]): Promise<void> {
    const handler = this.handlers.get(job.name);
    const periodic = this.periodic.get(job.name);
    const attempts = Number(job.attempts);
    try {
      if (!handler) throw new Error(`no handler for ${job.name}`);
      await handler({ key: job.key, payload: job.payload === null ? null : JSON.parse(job.payload), attempts });
      const end = this.now();
      await repo.finish(
        this.db,
        job,
        this.instanceId,
        periodic
          ? { nextDueAt: new Date(end + periodic.intervalMs).toISOString() }
          : { doneAt: new Date(end).toISOString() },
      );
      if (periodic) this.wakeAt(end + periodic.intervalMs);
    } catch (error) {
      this.warn(error, job.name, job.key, attempts + 1);
      const backoff = Math.min(this.retryMs * 2 ** attempts, this.maxRetryMs);
      const delay = periodic ? Math.min(backoff, periodic.intervalMs) : backoff;
      const retryAt = this.now() + delay;
      await repo
        .fail(this.db, job, this.instanceId, new Date(retryAt).toISOString(), String(error))
        .catch((err: unknown) => this.warn(err, job.name, job.key));
      this.wakeAt(retryAt);
    }
  }

  private async ensurePeriodic(name: string): Promise<void> {
    const periodic = this.periodic.get(name)!;
    const first = this.now() + (periodic.isDueAtStart ? 0 : periodic.intervalMs);
    await repo.ensurePeriodic(this.db, name, new Date(first).toISOString());
  }

  /** Polls at `atMs` if that is sooner than the next planned poll (a job scheduled here falls due sooner). */
  private wakeAt(atMs: number): void {
    if (!this.isStarted || this.isStopped) return;
    const at = Math.max(atMs, this.now());
    if (at >= this.nextTickAt) return;
    if (this.timer) clearTimeout(this.timer);
    this.nextTickAt = at;
    this.timer = setTimeout(() => this.poll(), at - this.now());
    this.timer.unref();
  }

  private poll(): void {
    this.timer = undefined;
    this.nextTickAt = Infinity;
    if (this.isStopped) return;
    this.tick = (this.tick ?? Promise.resolve())
      .then(() => this.runDue())
      .then(
        () => undefined,
        (err: unknown) => this.warn(err, 'poll'),
      )
      .finally(() => this.wakeAt(this.now() + this.pollMs));
  }

  private warn(err: unknown, name: string, key?: string, attempts?: number): void {
    this.options.log.warn({ err, job: name, key, attempts }, 'scheduled job failed');
  }
}

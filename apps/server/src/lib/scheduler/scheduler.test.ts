/**
 * The scheduler on both engines: a due job runs once (also with two schedulers racing on one database), not before
 * it is due; a failing job is retried later and does not stop the others; periodic jobs run once per interval; a claim
 * whose instance died lapses; and a job that fell due while no app ran fires when one starts again.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { seedDatabase } from '../../db/seed';
import { createMigratedTestDatabase, TEST_ENGINES, type TTestDatabase } from '../../test/harness';
import { Scheduler, type TJob } from './scheduler';
import { findJob } from './scheduler.repository';

const quiet = { warn: () => {}, info: () => {} };

describe.each(TEST_ENGINES)('scheduler on %s', (engine) => {
  let database: TTestDatabase;
  let clock: number;
  const schedulers: Scheduler[] = [];
  const make = (options: Partial<ConstructorParameters<typeof Scheduler>[0]> = {}) => {
    const scheduler = new Scheduler({ database, log: quiet, now: () => clock, retryMs: 1000, ...options });
    schedulers.push(scheduler);
    return scheduler;
  };
  /** One poll, and the jobs it started run to their end. */
  const poll = async (scheduler: Scheduler) => {
    const started = await scheduler.runDue();
    await scheduler.ran();
    return started;
  };

  beforeEach(async () => {
    database = await createMigratedTestDatabase(engine);
    clock = Date.parse('2026-01-01T10:00:00.000Z');
  });
  afterEach(async () => {
    for (const scheduler of schedulers.splice(0)) await scheduler.stop();
    await database.destroy();
  });

  it('runs a due-at job once when it is due, with its payload, and not before', async () => {
    const scheduler = make();
    const runs: TJob[] = [];
    scheduler.handle('test.greet', async (job) => void runs.push(job));
    await scheduler.after('test.greet', 'k1', 60_000, { hello: 'world' });
    expect(await poll(scheduler)).toBe(0);
    clock += 60_000;
    expect(await poll(scheduler)).toBe(1);
    expect(await poll(scheduler)).toBe(0);
    expect(runs).toEqual([{ key: 'k1', payload: { hello: 'world' }, attempts: 0 }]);
    expect(await findJob(database.db, 'test.greet', 'k1')).toMatchObject({ doneAt: new Date(clock).toISOString() });
    // Scheduled again after it ran: it runs again.
    await scheduler.after('test.greet', 'k1', 0);
    expect(await poll(scheduler)).toBe(1);
    expect(runs).toHaveLength(2);
  });

  it('two schedulers polling one database run each due job once', async () => {
    const [one, two] = [make({ instanceId: 'one' }), make({ instanceId: 'two' })];
    const ran: string[] = [];
    for (const scheduler of [one, two]) {
      scheduler.handle('test.race', async (job) => void ran.push(`${scheduler.instanceId}:${job.key}`));
    }
    for (let i = 0; i < 20; i++) await one.after('test.race', `k${i}`, 0);
    await Promise.all([poll(one), poll(two), poll(one), poll(two)]);
    expect(ran.map((r) => r.split(':')[1]).sort()).toEqual(Array.from({ length: 20 }, (_, i) => `k${i}`).sort());
  });

  it('retries a failing job later, and the others still run', async () => {
    const scheduler = make();
    const ran: string[] = [];
    let failures = 1;
    scheduler.handle('test.flaky', async (job) => {
      if (failures-- > 0) throw new Error('database hiccup');
      ran.push(`flaky:${job.key}:${job.attempts}`);
    });
    scheduler.handle('test.steady', async (job) => void ran.push(`steady:${job.key}`));
    await scheduler.after('test.flaky', 'f', 0);
    await scheduler.after('test.steady', 's', 0);
    expect(await poll(scheduler)).toBe(2);
    expect(ran).toEqual(['steady:s']);
    expect(await findJob(database.db, 'test.flaky', 'f')).toMatchObject({
      attempts: 1,
      lastError: 'Error: database hiccup',
      doneAt: null,
      claimedBy: null,
    });
    // Not at once: after the retry delay.
    expect(await poll(scheduler)).toBe(0);
    clock += 1000;
    expect(await poll(scheduler)).toBe(1);
    expect(ran).toEqual(['steady:s', 'flaky:f:1']);
    expect(await findJob(database.db, 'test.flaky', 'f')).toMatchObject({ attempts: 0, lastError: null });
  });

  it('runs a periodic job once per interval across schedulers, from the end of the last run', async () => {
    const [one, two] = [make({ instanceId: 'one' }), make({ instanceId: 'two' })];
    let runs = 0;
    for (const scheduler of [one, two]) scheduler.every('test.sweep', 5000, async () => void runs++);
    one.start();
    two.start();
    await expect.poll(() => runs).toBe(1);
    await Promise.all([poll(one), poll(two)]);
    expect(runs).toBe(1);
    clock += 5000;
    await Promise.all([poll(one), poll(two)]);
    expect(runs).toBe(2);
  });

  it('keeps a pending job’s time when asked to schedule it only if absent, and forgets a cancelled one', async () => {
    const scheduler = make();
    const ran: string[] = [];
    scheduler.handle('test.watch', async (job) => void ran.push(job.key));
    await scheduler.after('test.watch', 'early', 1000);
    await scheduler.after('test.watch', 'early', 60_000, undefined, { ifAbsent: true });
    await scheduler.after('test.watch', 'moved', 1000);
    await scheduler.after('test.watch', 'moved', 60_000);
    await scheduler.after('test.watch', 'gone', 1000);
    await scheduler.cancel('test.watch', 'gone');
    clock += 1000;
    await poll(scheduler);
    expect(ran).toEqual(['early']);
    clock += 59_000;
    await poll(scheduler);
    expect(ran).toEqual(['early', 'moved']);
  });

  it('lets another instance take a job whose claim lapsed (its instance died mid-run)', async () => {
    const dead = make({ instanceId: 'dead', leaseMs: 30_000 });
    const alive = make({ instanceId: 'alive', leaseMs: 30_000 });
    const ran: string[] = [];
    dead.handle('test.lease', () => new Promise<void>(() => {})); // never ends
    alive.handle('test.lease', async (job) => void ran.push(job.key));
    await dead.after('test.lease', 'j', 0);
    expect(await dead.runDue()).toBe(1);
    expect(await poll(alive)).toBe(0);
    clock += 30_001;
    expect(await poll(alive)).toBe(1);
    expect(ran).toEqual(['j']);
    schedulers.splice(schedulers.indexOf(dead), 1); // its run never ends: not waited for
  });

  it('stops polling on stop, after the jobs running here have ended', async () => {
    const scheduler = make({ pollMs: 10 });
    const events: string[] = [];
    let finish!: () => void;
    scheduler.handle('test.slow', async (job) => {
      events.push(`started ${job.key}`);
      await new Promise<void>((resolve) => (finish = resolve));
      events.push(`ended ${job.key}`);
    });
    await scheduler.after('test.slow', 'first', 0);
    scheduler.start();
    await expect.poll(() => events).toEqual(['started first']);
    const stopped = scheduler.stop().then(() => void events.push('stopped'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(events).toEqual(['started first']);
    finish();
    await stopped;
    expect(events).toEqual(['started first', 'ended first', 'stopped']);
    // Due now, but nobody polls any more.
    await scheduler.after('test.slow', 'second', 0);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(events).toHaveLength(3);
  });

  it('fires a job that fell due while no app ran when an app starts again', async () => {
    const config = loadConfig({ NODE_ENV: 'test', AUTH_SECRET: 'test-secret-test-secret-test-secret-1234' });
    await seedDatabase(database, { roomLinks: config.roomLinks });
    const first = await buildApp({ config, database, logger: false });
    await first.ready();
    await first.context.scheduler.after('test.restart', 'due-while-down', 200, { note: 'kept' });
    await first.close();
    await new Promise((resolve) => setTimeout(resolve, 400));

    const second = await buildApp({ config, database, logger: false });
    const ran: TJob[] = [];
    second.context.scheduler.handle('test.restart', async (job) => void ran.push(job));
    await second.ready();
    try {
      await expect.poll(() => ran.length, { timeout: 5000 }).toBe(1);
      expect(ran[0]).toMatchObject({ key: 'due-while-down', payload: { note: 'kept' } });
    } finally {
      await second.close();
    }
  });
});

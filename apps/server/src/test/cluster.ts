/**
 * Several server instances on one PostgreSQL database, fanned out through Redis (the Socket.IO Redis
 * adapter), for the multi-instance tests. Needs TEST_DATABASE_URL and REDIS_URL: without them the suite is
 * skipped with the reason, except in CI, where it fails instead (CI must run it).
 */
import os from 'node:os';
import pg from 'pg';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig, type TConfig } from '../config';
import { migrateToLatest, openDatabase, type TDatabase } from '../db/database';
import { seedDatabase } from '../db/seed';
import { listenOnFreePort } from '../features/chat/chat-test-client';
import type { TTestApp } from './harness';
import { createPostgresDatabase, uniqueTestDatabaseName } from './template-database';

export interface TInstance {
  app: FastifyInstance;
  database: TDatabase;
  /** Where the instance listens, for socket clients. */
  url: string;
}

export interface TCluster {
  config: () => TConfig;
  /** The instances started so far, in order. */
  instances: readonly TInstance[];
  /**
   * Starts one more instance on the shared database; all are closed after the suite. `env` overrides settings
   * of this instance only (e.g. another REDIS_KEY_PREFIX: another deployment on the same Redis).
   */
  startInstance(env?: Record<string, string>): Promise<TInstance>;
  /** An instance seen as a test app, for factories such as `buildUser` (its sessions work on every instance). */
  asTestApp(instance: TInstance): TTestApp;
}

export function describeCluster(title: string, body: (cluster: TCluster) => void): void {
  const postgresUrl = process.env.TEST_DATABASE_URL;
  const redisUrl = process.env.REDIS_URL;
  const missing = [!postgresUrl && 'TEST_DATABASE_URL', !redisUrl && 'REDIS_URL'].filter(Boolean).join(' and ');
  if (missing && process.env.CI) {
    describe(title, () => {
      it('runs in CI', () => {
        throw new Error(`${missing} must be set in CI: the multi-instance tests cannot be skipped there.`);
      });
    });
    return;
  }
  if (missing) {
    console.warn(`[tests] ${missing} not set: "${title}" (PostgreSQL + Redis) is skipped.`);
    describe.skip(title, () => {
      it('needs PostgreSQL and Redis', () => {});
    });
    return;
  }

  describe(`${title} (one PostgreSQL database, Redis adapter)`, () => {
    const databaseName = uniqueTestDatabaseName();
    let databaseUrl: string;
    let config: TConfig;
    let baseEnv: Record<string, string | undefined>;
    const instances: TInstance[] = [];

    beforeAll(async () => {
      const { isMigrated } = await createPostgresDatabase(postgresUrl!, databaseName);
      const url = new URL(postgresUrl!);
      url.pathname = `/${databaseName}`;
      databaseUrl = url.toString();
      baseEnv = {
        NODE_ENV: 'test',
        AUTH_SECRET: 'test-secret-test-secret-test-secret-1234',
        DATABASE_URL: databaseUrl,
        REDIS_URL: redisUrl,
        // Each suite is its own deployment on the shared Redis: other suites' events never reach it.
        REDIS_KEY_PREFIX: `resolved-test-${databaseName}`,
      };
      config = loadConfig(baseEnv);
      const setup = openDatabase({ databaseUrl, dataDir: os.tmpdir(), poolSize: 1 });
      if (!isMigrated) await migrateToLatest(setup);
      await seedDatabase(setup, { roomLinks: config.roomLinks });
      await setup.close();
    });

    afterAll(async () => {
      for (const { app, database } of instances) {
        await app.close().catch(() => {});
        await database.close().catch(() => {});
      }
      const cleanup = new pg.Client({ connectionString: postgresUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${databaseName} with (force)`);
      await cleanup.end();
    });

    body({
      config: () => config,
      instances,
      async startInstance(env) {
        const database = openDatabase({ databaseUrl, dataDir: os.tmpdir(), poolSize: 5 });
        const app = await buildApp({
          config: env ? loadConfig({ ...baseEnv, ...env }) : config,
          database,
          logger: false,
        });
        const url = await listenOnFreePort(app);
        const instance = { app, database, url };
        instances.push(instance);
        return instance;
      },
      asTestApp: (instance) => ({ ...instance, config, close: async () => {} }) as unknown as TTestApp,
    });
  });
}

import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config';
import { migrateToLatest } from '../../db/database';
import { createTestDatabase, type TTestDatabase } from '../../test/harness';
import { createAuth } from './auth';

/** better-auth's warnings and errors go into the server's own log (structured, at its level), not the console. */
describe('better-auth logging', () => {
  let database: TTestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase('sqlite');
    await migrateToLatest(database);
  });
  afterEach(async () => database.destroy());

  it('writes to the server log, not the console', async () => {
    const lines: { level: string; fields: Record<string, unknown>; message: string }[] = [];
    const record =
      (level: string) =>
      (fields: Record<string, unknown>, message: string): void => {
        lines.push({ level, fields, message });
      };
    const log = {
      level: 'info',
      ...Object.fromEntries(['fatal', 'error', 'warn', 'info', 'debug', 'trace'].map((l) => [l, record(l)])),
      silent: () => undefined,
      child: () => log,
    } as unknown as FastifyBaseLogger;
    const config = loadConfig({
      NODE_ENV: 'test',
      AUTH_SECRET: 'test-secret-test-secret-test-secret-1234',
      GOOGLE_CLIENT_ID: 'client',
      GOOGLE_CLIENT_SECRET: 'secret',
      // Nothing listens there: the discovery fetch fails, which better-auth logs as an error.
      GOOGLE_ISSUER: 'http://127.0.0.1:9',
    });
    const consoleError = vi.spyOn(console, 'error');
    try {
      const auth = createAuth({ config, database, log });
      await auth.api
        .signInSocial({ body: { provider: 'google', callbackURL: '/', disableRedirect: true } })
        .catch(() => undefined);
      expect(lines).toContainEqual({
        level: 'error',
        fields: { details: [] },
        message: expect.stringMatching(/^Discovery fetch failed for "google"/) as unknown as string,
      });
      expect(consoleError).not.toHaveBeenCalled();
    } finally {
      consoleError.mockRestore();
    }
  });
});

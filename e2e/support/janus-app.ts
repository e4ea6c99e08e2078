/**
 * A spec's own app instance with JANUS_URL set to a real Janus started for the spec file (the media server specs):
 * Janus first, then the app, stopped in the reverse order after the file. Locally a machine without Janus skips the
 * file with the reason; in CI it runs (and fails) instead. Call once, at the top of the spec file.
 */
import { test } from './fixtures';
import { startAppServer, type TAppServer } from './app-server';
import { janusMissing, startJanus, type TJanusServer } from '../../apps/server/src/test/janus';

export function useJanusApp(options: {
  port: number;
  /** Janus's RTP ports: the specs tell a connection to the media server by its remote candidates' ports. */
  rtpPorts: [number, number];
  authSecret: string;
  /** More of the app's settings. */
  env?: Record<string, string>;
}): { app: () => TAppServer } {
  const missing = process.env.CI ? null : janusMissing();
  if (missing) console.warn(`[e2e] media server tests skipped: ${missing}`);
  test.skip(missing !== null, missing ?? '');
  let app: TAppServer | undefined;
  let janus: TJanusServer | undefined;
  test.beforeAll(async () => {
    janus = await startJanus({ rtpPorts: options.rtpPorts });
    app = await startAppServer({
      port: options.port,
      env: {
        ...janus.env,
        AUTH_SECRET: options.authSecret,
        // A dozen accounts or more from one address.
        AUTH_RATE_LIMIT_PER_IP: '100000',
        SIGNUP_DAILY_LIMIT_PER_IP: '100000',
        ...options.env,
      },
    });
  });
  test.afterAll(async () => {
    await app?.stop();
    await janus?.stop();
  });
  return {
    app: () => {
      if (!app) throw new Error('the app has not started (beforeAll)');
      return app;
    },
  };
}

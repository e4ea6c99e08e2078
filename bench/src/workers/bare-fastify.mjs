// The overhead benchmark's baseline: a bare Fastify server — the same Fastify, helmet (the same policy) and
// compression as Resolved, and the same logger at the same level (request logging included) — answering each path
// with the very bytes Resolved answered it with. No database, no session, no cache: the HTTP stack's own cost.
// Run: node bare-fastify.mjs <port> <responses.json>, where the file maps a path to { status, type, body }.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

// Resolved's own copies of the packages (apps/server's dependencies), not whatever the bench might resolve.
const require = createRequire(path.resolve(import.meta.dirname, '../../../apps/server/package.json'));
const { default: Fastify } = await import(require.resolve('fastify'));
const { default: helmet } = await import(require.resolve('@fastify/helmet'));
const { default: compress } = await import(require.resolve('@fastify/compress'));

const port = Number(process.argv[2]);
const responses = JSON.parse(fs.readFileSync(process.argv[3], 'utf8'));

const app = Fastify({ logger: { level: process.env.LOG_LEVEL ?? 'info' }, bodyLimit: 64 * 1024 });
// apps/server/src/app.ts's policy, so that both servers compute and send the same headers.
await app.register(helmet, {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", `ws://127.0.0.1:${port}`],
      mediaSrc: ["'self'", 'blob:'],
      frameSrc: ["'none'"],
      frameAncestors: ["'none'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
    },
  },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  crossOriginEmbedderPolicy: false,
  crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  strictTransportSecurity: false,
});
await app.register(compress, { threshold: 1024 });
for (const [url, response] of Object.entries(responses)) {
  const body = Buffer.from(response.body, 'utf8');
  app.get(url, (_request, reply) => {
    reply.status(response.status).header('content-type', response.type).send(body);
  });
}
await app.listen({ port, host: '127.0.0.1' });
process.send?.('listening');
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));

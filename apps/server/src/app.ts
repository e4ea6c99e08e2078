import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import rootPackage from '../../../package.json' with { type: 'json' };
import type { TConfig } from './config';
import type { TDatabase } from './db/database';
import { createBlobStore } from './lib/blob-store/blob-store';
import { handleFrameworkError, notFoundBody, registerErrorHandler } from './lib/errors';
import { registerBodyDepthLimit } from './lib/body-depth';
import { DomainEvents } from './lib/events';
import { Scheduler } from './lib/scheduler/scheduler';
import type { TAppContext } from './context';
import { createMailer } from './features/mail/mailer';
import { healthModule } from './features/health/health.module';
import { topicsModule } from './features/topics/topics.module';
import { roomsModule } from './features/rooms/rooms.module';
import { helpModule } from './features/help/help.module';
import { debatesModule } from './features/debates/debates.module';
import { sfuModule } from './features/sfu/sfu.module';
import { matchmakingModule } from './features/matchmaking/matchmaking.module';
import { blocksModule } from './features/blocks/blocks.module';
import { resultsModule } from './features/results/results.module';
import { teamsModule } from './features/teams/teams.module';
import { evidenceModule } from './features/evidence/evidence.module';
import { flowsModule } from './features/flows/flows.module';
import { recordingsModule } from './features/recordings/recordings.module';
import { moderationModule } from './features/moderation/moderation.module';
import { authModule, decorateAuth, registerOAuthPopupHeaders } from './features/auth/auth.module';
import { getSessionUserFromHeaders } from './features/auth/auth.guard';
import { chatModule } from './features/chat/chat.module';
import { attachRealtime, type TSocketFeature } from './realtime/realtime';
import { openApiSchemaOf } from './openapi/openapi';
import { registerOriginCheck } from './lib/origin-check';
import { COMPRESSION_THRESHOLD_BYTES } from './lib/read-cache/read-cache';
import { usersModule } from './features/users/users.module';
import { adminModule } from './features/admin/admin.module';
import { motionsModule } from './features/motions/motions.module';

/** What every feature's routes receive. */
export type { TAppContext } from './context';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * Each feature is wired in one place, its `<feature>.module.ts`: its routes, socket handlers, scheduled jobs and
 * subscriptions. Registered in this order (the routes' order on the OpenAPI page).
 */
const FEATURE_MODULES = [
  authModule,
  usersModule,
  adminModule,
  motionsModule,
  healthModule,
  topicsModule,
  roomsModule,
  helpModule,
  matchmakingModule,
  blocksModule,
  debatesModule,
  sfuModule,
  resultsModule,
  teamsModule,
  evidenceModule,
  flowsModule,
  recordingsModule,
  chatModule,
];

function defaultWebDist(): string {
  // src/app.ts (tsx) and dist/index.js (bundle) both sit two levels under apps/.
  return path.resolve(here, '../../web/dist');
}

export async function buildApp(options: {
  config: TConfig;
  database: TDatabase;
  logger?: FastifyServerOptions['logger'];
}): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    // A hop count becomes Fastify's function form (trust the first N hops), which its types accept.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    bodyLimit: 64 * 1024,
    forceCloseConnections: 'idle',
    frameworkErrors: (error, _request, reply) => handleFrameworkError(error, reply),
  });
  const blobs = createBlobStore(config.blobStore, database);
  const scheduler = new Scheduler({ database, log: app.log });
  const mailer = createMailer(config, app.log);
  const context: TAppContext = {
    config,
    database,
    blobs,
    version: rootPackage.version,
    events: new DomainEvents(),
    scheduler,
    mailer,
  };
  app.decorate('context', context);
  app.addHook('onClose', () => blobs.close());
  if (mailer) app.addHook('onClose', async () => mailer.close());
  // Jobs are registered while the features load; polling starts when the app is ready and stops first on close
  // (waiting for the jobs running here), before the sockets and the database go.
  app.addHook('onReady', async () => scheduler.start());
  app.addHook('preClose', async () => scheduler.stop());

  registerErrorHandler(app);
  registerBodyDepthLimit(app);
  decorateAuth(app, context);
  registerOAuthPopupHeaders(app);

  const helpFrameOrigin = config.helpFormUrl ? new URL(config.helpFormUrl).origin : undefined;
  // The socket connects to the page's own origin; list its ws(s) form too for browsers whose 'self' omits it.
  // CSP's host-source grammar has no IPv6 literals (Chromium reports `ws://[::1]:3000` as invalid): 'self' covers them.
  const socketOrigins = config.trustedOrigins
    .map((origin) => origin.replace(/^http/, 'ws'))
    .filter((origin) => !origin.includes('://['));
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...socketOrigins],
        mediaSrc: ["'self'", 'blob:'],
        frameSrc: helpFrameOrigin ? [helpFrameOrigin] : ["'none'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    // Google sign-in runs in a popup that reports back to this window.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    // HSTS only on answers sent over https (below): over plain http the header is meaningless and a laptop
    // install on http://localhost must not tell the browser otherwise.
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    if (request.protocol === 'https') {
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
    done();
  });
  // After helmet: a refused cross-site write still carries the security headers.
  registerOriginCheck(app, config.publicUrl);
  await app.register(compress, { threshold: COMPRESSION_THRESHOLD_BYTES });
  // No route reads `request.cookies` (the session door parses its own cookie, better-auth reads the header): the
  // plugin stays for `reply.setCookie`, without parsing every request's cookies.
  await app.register(cookie, { hook: false });
  await app.register(rateLimit, { global: false });

  await app.register(swagger, {
    openapi: { info: { title: 'Resolved API', version: context.version } },
    // Each route's summary, request and response schemas, from `openapi/route-docs.ts` (the document only).
    transform: ({ schema, url, route }) => ({ schema: openApiSchemaOf({ ...route, url, schema }), url }),
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  // The modules add their socket handlers here (`addSocketFeature`); the realtime module attaches them below.
  app.decorate('socketFeatures', [] as TSocketFeature[]);
  for (const module of FEATURE_MODULES) await app.register(module, context);
  await app.register(moderationModule, context);

  const webDist = config.webDistDir ?? defaultWebDist();
  const hasWeb = fs.existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The web build writes .br and .gz beside its scripts and stylesheets: sent as they are, not compressed again.
      preCompressed: true,
      setHeaders(res, filePath) {
        res.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  } else {
    app.log.warn({ webDist }, 'web build not found: serving the API only (run `npm run build`)');
  }

  // The realtime module closes each feature before it disconnects the sockets on shutdown.
  await attachRealtime(app, context, {
    resolveUser: (headers) => getSessionUserFromHeaders(headers, app),
    features: app.socketFeatures,
  });

  // History fallback: a GET for a page (not the API, not a file) gets the SPA, which routes it and shows its own 404.
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const isPage = request.method === 'GET' && !pathname.startsWith('/api') && !path.extname(pathname);
    if (hasWeb && isPage) return reply.header('cache-control', 'no-cache').sendFile('index.html');
    return reply.status(404).send(notFoundBody(request.method, request.url));
  });

  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    context: TAppContext;
  }
}

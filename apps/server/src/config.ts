import path from 'node:path';
import { z } from 'zod';

/** Every setting comes from the environment; the README's configuration table lists them with these defaults. */
const ZEnv = z.object({
  NODE_ENV: z.string().default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  REDIS_URL: z.string().optional(),
  ADMIN_EMAILS: z.string().default(''),
  AUTH_SECRET: z.string().optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_ISSUER: z.string().default('https://accounts.google.com'),
  AUTH_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(30),
  AUTH_RATE_LIMIT_PER_EMAIL: z.coerce.number().int().min(1).default(10),
  PUBLIC_URL: z.string().optional(),
  HELP_FORM_URL: z.string().optional(),
  ROOM_LINKS: z.string().optional(),
  LOG_LEVEL: z.string().default('info'),
  WEB_DIST_DIR: z.string().optional(),
});

export interface TConfig {
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  /** `postgres://…` selects PostgreSQL; otherwise SQLite at `$DATA_DIR/resolved.db`. */
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  adminEmails: string[];
  authSecret: string | undefined;
  google: { clientId: string; clientSecret: string; issuer: string } | undefined;
  /** Sign-in and sign-up attempts allowed per 15 minutes, per client IP and per e-mail address. */
  authRateLimit: { perIp: number; perEmail: number };
  publicUrl: string;
  helpFormUrl: string | undefined;
  /** Links of the six fixed rooms on first start. */
  roomLinks: string[];
  logLevel: string;
  webDistDir: string | undefined;
}

export const DEFAULT_ROOM_LINKS = [1, 2, 3, 4, 5, 6].map((n) => `https://zoom.us/j/resolved-room-${n}`);

export function loadConfig(env: NodeJS.ProcessEnv = process.env): TConfig {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${issues}`);
  }
  const e = parsed.data;
  const port = e.PORT;
  const roomLinks = e.ROOM_LINKS ? e.ROOM_LINKS.split(',').map((s) => s.trim()) : DEFAULT_ROOM_LINKS;
  if (roomLinks.length !== 6 || roomLinks.some((l) => !/^https?:\/\/\S+$/i.test(l))) {
    throw new Error('Invalid configuration: ROOM_LINKS must be six comma-separated http(s) links.');
  }
  const blank = (v: string | undefined) => (v && v.trim() !== '' ? v.trim() : undefined);
  const clientId = blank(e.GOOGLE_CLIENT_ID);
  const clientSecret = blank(e.GOOGLE_CLIENT_SECRET);
  return {
    isProduction: e.NODE_ENV === 'production',
    port,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: blank(e.DATABASE_URL),
    redisUrl: blank(e.REDIS_URL),
    adminEmails: e.ADMIN_EMAILS.split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
    authSecret: blank(e.AUTH_SECRET),
    google: clientId && clientSecret ? { clientId, clientSecret, issuer: e.GOOGLE_ISSUER } : undefined,
    authRateLimit: { perIp: e.AUTH_RATE_LIMIT_PER_IP, perEmail: e.AUTH_RATE_LIMIT_PER_EMAIL },
    publicUrl: (blank(e.PUBLIC_URL) ?? `http://localhost:${port}`).replace(/\/$/, ''),
    helpFormUrl: blank(e.HELP_FORM_URL),
    roomLinks,
    logLevel: e.LOG_LEVEL,
    webDistDir: blank(e.WEB_DIST_DIR),
  };
}

import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import {
  TOURNAMENT_CHECK_IN_MINUTES_DEFAULT,
  TOURNAMENT_GRACE_MINUTES_DEFAULT,
  TOURNAMENT_ROUND_PAUSE_MINUTES_DEFAULT,
} from '@resolved/shared';

/** Every setting comes from the environment; the README's configuration table lists them with these defaults. */
const ZEnv = z.object({
  NODE_ENV: z.string().default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  REDIS_URL: z.string().optional(),
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[\w.:-]{1,64}$/, 'REDIS_KEY_PREFIX may hold letters, digits, . : _ and - (at most 64).')
    .default('resolved'),
  ADMIN_EMAILS: z.string().default(''),
  AUTH_SECRET: z.string().optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_ISSUER: z.string().default('https://accounts.google.com'),
  AUTH_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(60),
  AUTH_RATE_LIMIT_PER_EMAIL: z.coerce.number().int().min(1).default(10),
  SIGNUP_DAILY_LIMIT_PER_IP: z.coerce.number().int().min(1).default(200),
  RECORDING_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  SAFETY_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(365),
  // At most 2047 MB: a recording's size is an `integer` column (32 bits on PostgreSQL).
  RECORDING_MAX_MB: z.coerce.number().int().min(1).max(2047).default(1024),
  EVIDENCE_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(500 * 1024 * 1024)
    .default(20 * 1024 * 1024),
  S3_URL: z.string().optional(),
  S3_REGION: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  TRUST_PROXY: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().optional(),
  PUBLIC_URL: z.string().optional(),
  HELP_FORM_URL: z.string().optional(),
  ROOM_LINKS: z.string().optional(),
  LOG_LEVEL: z.string().default('info'),
  WEB_DIST_DIR: z.string().optional(),
  ICE_SERVERS: z.string().optional(),
  TURN_URLS: z.string().optional(),
  TURN_SECRET: z.string().optional(),
  TURN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(7 * 24 * 3600)
    .default(3600),
  ICE_TRANSPORT_POLICY: z
    .enum(['all', 'relay'], { error: 'ICE_TRANSPORT_POLICY must be all or relay.' })
    .default('all'),
  JANUS_URL: z.string().optional(),
  JANUS_API_SECRET: z.string().optional(),
  JANUS_ADMIN_SECRET: z.string().optional(),
  SPECTATOR_LIMIT: z.coerce
    .number({ error: 'SPECTATOR_LIMIT must be a whole number from 1 to 10000.' })
    .int({ error: 'SPECTATOR_LIMIT must be a whole number from 1 to 10000.' })
    .min(1, { error: 'SPECTATOR_LIMIT must be a whole number from 1 to 10000.' })
    .max(10_000, { error: 'SPECTATOR_LIMIT must be a whole number from 1 to 10000.' })
    .default(100),
  DEBATE_FORFEIT_AFTER_MS: z.coerce.number().int().min(1000).optional(),
  TOURNAMENT_CHECK_IN_MINUTES: z.coerce
    .number({ error: 'TOURNAMENT_CHECK_IN_MINUTES must be a whole number from 1 to 240.' })
    .int({ error: 'TOURNAMENT_CHECK_IN_MINUTES must be a whole number from 1 to 240.' })
    .min(1, { error: 'TOURNAMENT_CHECK_IN_MINUTES must be a whole number from 1 to 240.' })
    .max(240, { error: 'TOURNAMENT_CHECK_IN_MINUTES must be a whole number from 1 to 240.' })
    .default(TOURNAMENT_CHECK_IN_MINUTES_DEFAULT),
  TOURNAMENT_GRACE_MINUTES: z.coerce
    .number({ error: 'TOURNAMENT_GRACE_MINUTES must be a whole number from 1 to 60.' })
    .int({ error: 'TOURNAMENT_GRACE_MINUTES must be a whole number from 1 to 60.' })
    .min(1, { error: 'TOURNAMENT_GRACE_MINUTES must be a whole number from 1 to 60.' })
    .max(60, { error: 'TOURNAMENT_GRACE_MINUTES must be a whole number from 1 to 60.' })
    .default(TOURNAMENT_GRACE_MINUTES_DEFAULT),
  TOURNAMENT_ROUND_PAUSE_MINUTES: z.coerce
    .number({ error: 'TOURNAMENT_ROUND_PAUSE_MINUTES must be a whole number from 1 to 120.' })
    .int({ error: 'TOURNAMENT_ROUND_PAUSE_MINUTES must be a whole number from 1 to 120.' })
    .min(1, { error: 'TOURNAMENT_ROUND_PAUSE_MINUTES must be a whole number from 1 to 120.' })
    .max(120, { error: 'TOURNAMENT_ROUND_PAUSE_MINUTES must be a whole number from 1 to 120.' })
    .default(TOURNAMENT_ROUND_PAUSE_MINUTES_DEFAULT),
});

/**
 * Fastify's `trustProxy` from TRUST_PROXY: off unless the operator says a proxy is in front. `true` trusts every
 * hop (only behind a proxy that overwrites X-Forwarded-For), a number trusts that many hops, and a comma-separated
 * list of addresses or CIDR ranges trusts those proxies only.
 */
export type TTrustProxy = boolean | number | string[];

export function parseTrustProxy(value: string | undefined): TTrustProxy {
  const setting = value?.trim() ?? '';
  if (setting === '' || /^(false|off|no)$/i.test(setting)) return false;
  if (/^(true|on|yes)$/i.test(setting)) return true;
  if (/^\d+$/.test(setting)) {
    const hops = Number(setting);
    return hops === 0 ? false : hops;
  }
  const entries = setting.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    const [address, prefix, ...rest] = entry.split('/');
    const family = net.isIP(address ?? '');
    const isValidPrefix =
      prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 6 ? 128 : 32));
    if (family === 0 || !isValidPrefix || rest.length > 0) {
      throw new Error(
        `Invalid configuration: TRUST_PROXY must be true, false, a hop count, or comma-separated addresses/CIDR ranges (got "${entry}").`,
      );
    }
  }
  return entries;
}

function parseSmtp(url: string | undefined, from: string | undefined, publicUrl: string | undefined) {
  if (!url) return undefined;
  if (!/^smtps?:\/\/[^/\s]+/i.test(url)) {
    throw new Error('Invalid configuration: SMTP_URL must look like smtp://user:password@mail.example.org:587.');
  }
  const host = publicUrl ? new URL(publicUrl).hostname : 'localhost';
  return { url, from: from ?? `Resolved <no-reply@${host}>` };
}

/**
 * Where evidence files and recordings are kept: the database (the default), or an S3 bucket when S3_URL is set.
 * `s3://bucket[/prefix]` is a bucket on AWS (virtual-hosted addressing, the region from S3_REGION);
 * `http(s)://host[:port]/bucket[/prefix]` is a bucket on an S3-compatible server at that address (path-style
 * addressing, which MinIO, Ceph, Garage and the like expect). Keys go under the prefix, if any.
 */
export type TBlobStoreConfig =
  | { kind: 'database' }
  | {
      kind: 's3';
      bucket: string;
      /** '' or a prefix ending in '/'. */
      prefix: string;
      /** The server's address; unset for AWS itself. */
      endpoint: string | undefined;
      region: string;
      forcePathStyle: boolean;
      /** Unset: the AWS SDK's own chain (environment, instance role…). */
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
    };

const S3_URL_ERROR =
  'Invalid configuration: S3_URL must be s3://bucket[/prefix] (AWS) or http(s)://host[:port]/bucket[/prefix] (an S3-compatible server).';

export function parseBlobStore(settings: {
  url: string | undefined;
  region: string | undefined;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
}): TBlobStoreConfig {
  if (!settings.url) return { kind: 'database' };
  let url: URL;
  try {
    url = new URL(settings.url);
  } catch {
    throw new Error(S3_URL_ERROR);
  }
  if (url.username || url.password) {
    throw new Error(
      'Invalid configuration: put the S3 keys in S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, not in S3_URL.',
    );
  }
  if (url.search || url.hash) throw new Error(S3_URL_ERROR);
  const isAws = url.protocol === 's3:';
  if (!isAws && url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(S3_URL_ERROR);
  // s3://bucket/prefix: the bucket is the host; http://host/bucket/prefix: the first path segment.
  const segments = url.pathname.split('/').filter(Boolean);
  const bucket = isAws ? url.hostname : segments.shift();
  if (!bucket || !/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) throw new Error(S3_URL_ERROR);
  if (segments.some((s) => s === '.' || s === '..' || !/^[\w.!*'()-]+$/.test(s))) throw new Error(S3_URL_ERROR);
  if (!!settings.accessKeyId !== !!settings.secretAccessKey) {
    throw new Error('Invalid configuration: set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither.');
  }
  return {
    kind: 's3',
    bucket,
    prefix: segments.map((s) => `${s}/`).join(''),
    endpoint: isAws ? undefined : url.origin,
    region: settings.region ?? 'us-east-1',
    forcePathStyle: !isAws,
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
  };
}

/** WebRTC ICE servers (RTCIceServer[]) for debate audio/video, given as JSON in ICE_SERVERS. */
const ZIceServers = z.array(
  z.object({
    urls: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]),
    username: z.string().optional(),
    credential: z.string().optional(),
  }),
);
export type TIceServer = z.infer<typeof ZIceServers>[number];
/** A public STUN server, so that two debaters behind ordinary home routers can connect; set TURN for strict networks. */
export const DEFAULT_ICE_SERVERS: TIceServer[] = [{ urls: 'stun:stun.l.google.com:19302' }];

function parseIceServers(value: string | undefined): TIceServer[] {
  if (value === undefined || value.trim() === '') return DEFAULT_ICE_SERVERS;
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    throw new Error('Invalid configuration: ICE_SERVERS must be JSON, e.g. [{"urls":"stun:stun.example.org:3478"}].');
  }
  const parsed = ZIceServers.safeParse(json);
  if (!parsed.success) {
    throw new Error('Invalid configuration: ICE_SERVERS must be a JSON array of { urls, username?, credential? }.');
  }
  return parsed.data;
}

/**
 * A TURN server sharing a secret with this one (coturn's `use-auth-secret`): each participant of a round gets a
 * username and password minted from the secret, valid for `ttlSeconds`, so no lasting TURN password is handed out.
 */
export interface TTurnConfig {
  urls: string[];
  secret: string;
  ttlSeconds: number;
}

export function parseTurn(settings: {
  urls: string | undefined;
  secret: string | undefined;
  ttlSeconds: number;
}): TTurnConfig | undefined {
  const urls = (settings.urls ?? '')
    .split(',')
    .map((url) => url.trim())
    .filter(Boolean);
  if (urls.length === 0 && !settings.secret) return undefined;
  if (urls.length === 0 || !settings.secret) {
    throw new Error('Invalid configuration: set both TURN_URLS and TURN_SECRET, or neither.');
  }
  const invalid = urls.find((url) => !/^turns?:[^\s/?]+(\?transport=(udp|tcp))?$/i.test(url));
  if (invalid !== undefined) {
    throw new Error(
      `Invalid configuration: TURN_URLS must be comma-separated turn: or turns: URLs such as turn:turn.example.org:3478?transport=tcp (got "${invalid}").`,
    );
  }
  return { urls, secret: settings.secret, ttlSeconds: settings.ttlSeconds };
}

/**
 * A Janus media server (its WebSocket API) that carries each round's feeds to its spectators: the participants publish
 * once to a VideoRoom made for the round, and up to `spectatorLimit` viewers subscribe there.
 */
export interface TJanusConfig {
  url: string;
  /** Janus's `api_secret` (janus.jcfg), when it has one. */
  apiSecret: string | undefined;
  /** The VideoRoom plugin's `admin_key` (who may create rooms), when it has one. */
  adminKey: string | undefined;
}

export function parseJanus(settings: {
  url: string | undefined;
  apiSecret: string | undefined;
  adminSecret: string | undefined;
}): TJanusConfig | undefined {
  if (!settings.url) {
    if (settings.apiSecret || settings.adminSecret) {
      throw new Error('Invalid configuration: JANUS_API_SECRET and JANUS_ADMIN_SECRET need JANUS_URL.');
    }
    return undefined;
  }
  if (!/^wss?:\/\/[^/\s]+/i.test(settings.url)) {
    throw new Error(
      `Invalid configuration: JANUS_URL must be Janus's WebSocket address such as ws://127.0.0.1:8188 (got "${settings.url}").`,
    );
  }
  return { url: settings.url, apiSecret: settings.apiSecret, adminKey: settings.adminSecret };
}

export interface TConfig {
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  /** `postgres://…` selects PostgreSQL; otherwise SQLite at `$DATA_DIR/resolved.db`. */
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** Prefix of the Socket.IO adapter's Redis channels: deployments sharing one Redis keep apart. */
  redisKeyPrefix: string;
  adminEmails: string[];
  authSecret: string | undefined;
  google: { clientId: string; clientSecret: string; issuer: string } | undefined;
  /**
   * Sign-in and sign-up attempts allowed per 15 minutes, per client IP and per e-mail address, and sign-ups
   * allowed per client IP per 24 hours (a class signs up together; a script making hundreds of accounts stops).
   */
  authRateLimit: { perIp: number; perEmail: number; signUpsPerIpPerDay: number };
  /** The largest evidence file a round accepts (EVIDENCE_MAX_BYTES, default 20 MB). */
  evidenceMaxBytes: number;
  /** Days a round's recordings are kept (RECORDING_RETENTION_DAYS, default 30). */
  recordingRetentionDays: number;
  /** Days a child-safety case keeps its context, whatever else is deleted (SAFETY_RETENTION_DAYS, default 365). */
  safetyRetentionDays: number;
  /** The largest one recording may grow (RECORDING_MAX_MB, default 1024 MB). */
  recordingMaxBytes: number;
  /** Where evidence files and recordings are kept: the database, or an S3 bucket (S3_URL…). */
  blobStore: TBlobStoreConfig;
  /** Which proxies' X-Forwarded-For to believe (TRUST_PROXY); off by default. */
  trustProxy: TTrustProxy;
  /** Outgoing mail (SMTP_URL, MAIL_FROM): e-mail verification and password reset. Unset: no mail. */
  smtp: { url: string; from: string } | undefined;
  publicUrl: string;
  /**
   * Origins whose browsers may write (sign in, post). PUBLIC_URL when set; otherwise the local addresses
   * of this port (localhost, 127.0.0.1, [::1]), so a laptop install works whichever of them is opened.
   */
  trustedOrigins: string[];
  helpFormUrl: string | undefined;
  /** Links of the six fixed rooms on first start. */
  roomLinks: string[];
  logLevel: string;
  webDistDir: string | undefined;
  /** WebRTC ICE servers for debate audio/video (ICE_SERVERS, JSON). */
  iceServers: TIceServer[];
  /** A TURN server whose short-lived credentials the participants of a round get (TURN_URLS, TURN_SECRET…). */
  turn: TTurnConfig | undefined;
  /** `relay` makes browsers send media only through TURN (ICE_TRANSPORT_POLICY; `all` by default). */
  iceTransportPolicy: 'all' | 'relay';
  /** The media server spectators watch through (JANUS_URL…); without it they join the participants' mesh. */
  janus: TJanusConfig | undefined;
  /** How many spectators may receive a round's media through the media server (SPECTATOR_LIMIT). */
  spectatorLimit: number;
  /** How long a debater may be away before forfeiting; the product's 60 s unless set (tests shorten it). */
  debateForfeitAfterMs: number | undefined;
  /** A tournament's sequencer: check-in window before a fixed start, grace period after a release, pause between
   * the last ballot and the next draw (`when_ballots_in`), in minutes (TOURNAMENT_CHECK_IN_MINUTES…). */
  tournamentTimings: { checkInMinutes: number; graceMinutes: number; pauseMinutes: number };
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
  const publicUrlSetting = blank(e.PUBLIC_URL);
  if (publicUrlSetting && !/^https?:\/\/[^/\s]+/i.test(publicUrlSetting)) {
    throw new Error('Invalid configuration: PUBLIC_URL must be an http(s) address such as https://debate.example.org.');
  }
  const clientId = blank(e.GOOGLE_CLIENT_ID);
  const clientSecret = blank(e.GOOGLE_CLIENT_SECRET);
  return {
    isProduction: e.NODE_ENV === 'production',
    port,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: blank(e.DATABASE_URL),
    redisUrl: blank(e.REDIS_URL),
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    adminEmails: e.ADMIN_EMAILS.split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
    authSecret: blank(e.AUTH_SECRET),
    google: clientId && clientSecret ? { clientId, clientSecret, issuer: e.GOOGLE_ISSUER } : undefined,
    authRateLimit: {
      perIp: e.AUTH_RATE_LIMIT_PER_IP,
      perEmail: e.AUTH_RATE_LIMIT_PER_EMAIL,
      signUpsPerIpPerDay: e.SIGNUP_DAILY_LIMIT_PER_IP,
    },
    evidenceMaxBytes: e.EVIDENCE_MAX_BYTES,
    recordingRetentionDays: e.RECORDING_RETENTION_DAYS,
    safetyRetentionDays: e.SAFETY_RETENTION_DAYS,
    recordingMaxBytes: e.RECORDING_MAX_MB * 1024 * 1024,
    blobStore: parseBlobStore({
      url: blank(e.S3_URL),
      region: blank(e.S3_REGION),
      accessKeyId: blank(e.S3_ACCESS_KEY_ID),
      secretAccessKey: blank(e.S3_SECRET_ACCESS_KEY),
    }),
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    smtp: parseSmtp(blank(e.SMTP_URL), blank(e.MAIL_FROM), publicUrlSetting),
    publicUrl: (publicUrlSetting ?? `http://localhost:${port}`).replace(/\/$/, ''),
    trustedOrigins: publicUrlSetting
      ? [new URL(publicUrlSetting).origin]
      : ['localhost', '127.0.0.1', '[::1]'].map((host) => `http://${host}:${port}`),
    helpFormUrl: blank(e.HELP_FORM_URL),
    roomLinks,
    logLevel: e.LOG_LEVEL,
    webDistDir: blank(e.WEB_DIST_DIR),
    iceServers: parseIceServers(e.ICE_SERVERS),
    turn: parseTurn({ urls: e.TURN_URLS, secret: blank(e.TURN_SECRET), ttlSeconds: e.TURN_TTL_SECONDS }),
    iceTransportPolicy: e.ICE_TRANSPORT_POLICY,
    janus: parseJanus({
      url: blank(e.JANUS_URL),
      apiSecret: blank(e.JANUS_API_SECRET),
      adminSecret: blank(e.JANUS_ADMIN_SECRET),
    }),
    spectatorLimit: e.SPECTATOR_LIMIT,
    debateForfeitAfterMs: e.DEBATE_FORFEIT_AFTER_MS,
    tournamentTimings: {
      checkInMinutes: e.TOURNAMENT_CHECK_IN_MINUTES,
      graceMinutes: e.TOURNAMENT_GRACE_MINUTES,
      pauseMinutes: e.TOURNAMENT_ROUND_PAUSE_MINUTES,
    },
  };
}

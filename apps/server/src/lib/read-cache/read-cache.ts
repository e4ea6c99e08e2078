/**
 * Public reads answered from their serialised bytes, kept per version. A read's version lives in the
 * database (`readVersions`, bumped by triggers in the same transaction as any change to the table it reads:
 * migration 0038), so every instance sees a change at once; each request reads the version (one indexed row) and,
 * when it has not moved, sends the bytes it already has — no query of the data, no JSON.stringify — or a 304 when
 * the client already holds them (`ETag` / `If-None-Match`).
 */
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TDatabase } from '../../db/database';
import { findReadVersion } from './read-cache.repository';

/** The reads with a version row (migration 0038-read-versions). */
export type TReadName = 'leaderboard' | 'topics' | 'rooms';

export interface TCachedBody {
  /** The JSON answer, as sent. */
  body: string;
  /** A weak validator of `body` (weak: compression may change the bytes on the wire, not the content). */
  etag: string;
  /** `body` compressed, made on the first request that asks for each encoding. */
  encoded: Partial<Record<TEncoding, Buffer>>;
}

/** Smaller answers go uncompressed: the threshold `app.ts` gives @fastify/compress. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

type TEncoding = 'br' | 'gzip';
/** @fastify/compress's order of preference and its brotli quality (4), so the bytes are those it would send. */
const ENCODINGS: TEncoding[] = ['br', 'gzip'];
const COMPRESS: Record<TEncoding, (body: string) => Buffer> = {
  br: (body) => brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } }),
  gzip: (body) => gzipSync(body),
};

/**
 * The encoding to send for an `Accept-Encoding` header, as @fastify/compress negotiates it: the highest q-value
 * among br and gzip (`*` and `x-gzip` are read as gzip), ties going to br; undefined for none (the answer then goes
 * as it is, or through @fastify/compress for an encoding only it speaks, such as deflate).
 */
export function preferredEncoding(header: string | undefined): TEncoding | undefined {
  if (!header) return undefined;
  let best: { encoding: TEncoding; q: number } | undefined;
  const weights = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [token = '', ...params] = part.trim().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    const name = token.trim();
    weights.set(name === 'x-gzip' || name === '*' ? 'gzip' : name, Number.isFinite(q) ? q : 0);
  }
  for (const encoding of ENCODINGS) {
    const q = weights.get(encoding) ?? 0;
    if (q > 0 && (!best || q > best.q)) best = { encoding, q };
  }
  return best?.encoding;
}

/** Answers kept per read and version (e.g. a few leaderboard pages); past it the read's cache starts again. */
const KEYS_PER_READ = 64;

interface TReadCache {
  version: number;
  byKey: Map<string, Promise<TCachedBody>>;
}

const caches = new WeakMap<TDatabase, Map<TReadName, TReadCache>>();

function toCachedBody(value: unknown): TCachedBody {
  const body = JSON.stringify(value);
  return { body, etag: `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`, encoded: {} };
}

/**
 * The answer of `read` (under `key`, e.g. a page's offset) for the current version of `name`, built by `build` once
 * per version and instance. The version is read before the data, so a kept answer is never older than its version;
 * a reader that raced a change (it read an older version than the one already seen) builds its own and keeps none.
 */
export async function readCached(
  database: TDatabase,
  name: TReadName,
  key: string,
  build: () => Promise<unknown>,
): Promise<TCachedBody> {
  const version = await findReadVersion(database.db, name);
  let reads = caches.get(database);
  if (!reads) caches.set(database, (reads = new Map()));
  let cache = reads.get(name);
  if (!cache || version > cache.version) reads.set(name, (cache = { version, byKey: new Map() }));
  if (cache.version !== version) return toCachedBody(await build());
  let pending = cache.byKey.get(key);
  if (!pending) {
    if (cache.byKey.size >= KEYS_PER_READ) cache.byKey.clear();
    const byKey = cache.byKey;
    pending = build().then(toCachedBody);
    byKey.set(key, pending);
    // A failed build is not kept: the next request tries again.
    pending.catch(() => {
      if (byKey.get(key) === pending) byKey.delete(key);
    });
  }
  return pending;
}

/**
 * Sends a cached answer: `304 Not Modified` when the request's `If-None-Match` names it, the bytes otherwise —
 * compressed once per version and encoding rather than on every request. Every client revalidates (`no-cache`); the
 * answer does not depend on who asks (callers send only viewer-free answers).
 */
export function sendCached(request: FastifyRequest, reply: FastifyReply, cached: TCachedBody): FastifyReply {
  reply.header('etag', cached.etag).header('cache-control', 'no-cache');
  const ifNoneMatch = request.headers['if-none-match'];
  // Weak comparison (RFC 9110 13.1.2): `W/"x"` and `"x"` name the same content.
  const opaque = cached.etag.slice(2);
  if (ifNoneMatch?.split(',').some((tag) => ['*', opaque].includes(tag.trim().replace(/^W\//, '')))) {
    return reply.status(304).send();
  }
  reply.type('application/json; charset=utf-8');
  const encoding =
    cached.body.length >= COMPRESSION_THRESHOLD_BYTES && request.headers['x-no-compression'] === undefined
      ? preferredEncoding(request.headers['accept-encoding'])
      : undefined;
  if (!encoding) return reply.send(cached.body);
  const bytes = (cached.encoded[encoding] ??= COMPRESS[encoding](cached.body));
  // @fastify/compress leaves an answer that already has a Content-Encoding as it is.
  return reply.header('vary', 'accept-encoding').header('content-encoding', encoding).send(bytes);
}

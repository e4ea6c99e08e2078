/**
 * Evidence through the real API on both engines: a PDF shared by a debater reaches the judge byte for byte as an
 * attachment; hostile input (oversized, wrong type, markup dressed as text, path tricks, strangers) gets clear 4xx;
 * spectators see evidence only when the debaters allow; an upload is stored in bounded pieces as it streams (proved
 * over a real connection: part of a 20 MB file is stored before the rest is sent). Every case runs with the files in
 * the database and in S3 (a local S3-compatible server), on each engine.
 */
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TDebate, TEvidence, TSessionUser } from '@resolved/shared';
import { createTestApp, type TTestApp } from '../../test/harness';
import { buildUser, DEFAULT_TEST_PASSWORD } from '../../test/factories';
import { startTestS3, TEST_ENGINE_STORES, type TTestBlobStore, type TTestS3 } from '../../test/s3';
import { DATABASE_CHUNK_BYTES } from '../../lib/blob-store/database-blob-store';
import { S3_PART_BYTES } from '../../lib/blob-store/s3-blob-store';

type TCookieUser = { user: TSessionUser; cookie: string };

const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(600_000, 0x41), Buffer.from('\n%%EOF\n')]);
const MB = 1024 * 1024;

let s3: TTestS3;
beforeAll(async () => {
  s3 = await startTestS3();
});
afterAll(async () => {
  await s3.close();
});

/** A test app over `engine` whose files go to `store` (S3: a fresh bucket on the local server). */
async function appWithStore(
  engine: (typeof TEST_ENGINE_STORES)[number][0],
  store: TTestBlobStore,
  env: Record<string, string> = {},
) {
  const bucket = store === 's3' ? await s3.createBucket() : null;
  const t = await createTestApp(engine, { ...env, ...bucket?.env });
  return { t, bucket: bucket?.bucket ?? '' };
}

/** A round of two debaters and a judge, made through the API. */
async function buildRound(t: TTestApp) {
  const call = (who: TCookieUser, url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: { cookie: who.cookie }, payload });
  const [host, friend, judge] = [await buildUser(t), await buildUser(t), await buildUser(t)];
  const created = await call(host, '/api/debates/challenges', { formatId: 'ld' });
  const accepted = await call(friend, `/api/debates/challenges/${created.json().challenge.token}/accept`, {});
  const debateId = accepted.json().debateId as number;
  expect((await call(judge, `/api/debates/${debateId}/judge`, {})).statusCode).toBe(200);
  return { host, friend, judge, debateId };
}

describe.each(TEST_ENGINE_STORES)('round evidence on %s, files in %s', (engine, store) => {
  let t: TTestApp;
  let bucket: string;
  beforeEach(async () => {
    ({ t, bucket } = await appWithStore(engine, store, { EVIDENCE_MAX_BYTES: String(2 * MB) }));
  });
  afterEach(async () => {
    await t.close();
  });

  const call = (who: TCookieUser | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload ? { payload } : {}) });
  const upload = (
    who: TCookieUser,
    debateId: number,
    name: string,
    body: Buffer | Readable,
    type = 'application/pdf',
  ) =>
    t.app.inject({
      method: 'POST',
      url: `/api/debates/${debateId}/evidence/files?name=${encodeURIComponent(name)}`,
      headers: { cookie: who.cookie, 'content-type': type },
      payload: body,
    });

  const round = () => buildRound(t);
  /** What the store holds: the database's chunk rows (sizes by file), or the bucket's keys. */
  async function stored() {
    const rows = await t.database.db
      .selectFrom('debateEvidenceChunks')
      .select(['evidenceId', 'seq', 'data'])
      .orderBy('evidenceId')
      .orderBy('seq')
      .execute();
    return {
      rows: rows.map((r) => ({ evidenceId: Number(r.evidenceId), bytes: Buffer.from(r.data).length })),
      keys: store === 's3' ? await s3.listKeys(bucket) : [],
    };
  }

  it('a PDF shared by a debater appears for the judge and downloads byte for byte, as an attachment', async () => {
    const { host, judge, debateId } = await round();
    const shared = await upload(host, debateId, 'Smith 2024 — card.pdf', PDF);
    expect(shared.statusCode).toBe(201);
    const evidence = shared.json().evidence as TEvidence;
    expect(evidence).toMatchObject({ kind: 'file', name: 'Smith 2024 — card.pdf', contentType: 'application/pdf' });
    expect(evidence.size).toBe(PDF.length);
    const listed = (await call(judge, 'GET', `/api/debates/${debateId}/evidence`)).json();
    expect(listed.evidence.map((e: TEvidence) => e.id)).toEqual([evidence.id]);
    const file = await call(judge, 'GET', `/api/debates/${debateId}/evidence/${evidence.id}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PDF)).toBe(true);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-disposition']).toMatch(
      /^attachment; filename="Smith 2024 _ card\.pdf"; filename\*=UTF-8''/,
    );
    // Stored where the store keeps files: rows of at most DATABASE_CHUNK_BYTES, or one object in the bucket.
    const { rows, keys } = await stored();
    if (store === 'database') {
      expect(rows.length).toBe(Math.ceil(PDF.length / DATABASE_CHUNK_BYTES));
      expect(Math.max(...rows.map((r) => r.bytes))).toBe(DATABASE_CHUNK_BYTES);
    } else {
      expect(rows).toEqual([]);
      expect(keys).toEqual([`evidence/${evidence.id}`]);
    }
  });

  it('refuses oversized files, wrong types and markup, and cleans path tricks out of names', async () => {
    const { host, friend, debateId } = await round();
    const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(2 * 1024 * 1024)]);
    const tooBig = await upload(host, debateId, 'big.pdf', big);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error.message).toBe('Files can be at most 2 MB.');
    // Without a length up front, the limit still holds as the bytes arrive.
    const streamed = await upload(
      host,
      debateId,
      'big.pdf',
      Readable.from([big.subarray(0, 1_500_000), big.subarray(1_500_000)]),
    );
    expect(streamed.statusCode).toBe(413);
    expect(
      (await upload(host, debateId, 'page.pdf', Buffer.from('<html><script>alert(1)</script>'))).json().error,
    ).toMatchObject({
      code: 'unsupported_media_type',
    });
    expect(
      (await upload(host, debateId, 'notes.txt', Buffer.from('<!DOCTYPE html><p>hi'), 'text/plain')).statusCode,
    ).toBe(415);
    expect((await upload(host, debateId, 'run.exe', Buffer.from([0x4d, 0x5a, 0x90, 0, 3]))).statusCode).toBe(415);
    expect((await upload(host, debateId, 'empty.pdf', Buffer.alloc(0))).statusCode).toBe(400);
    const tricky = await upload(
      friend,
      debateId,
      '../../etc/passwd.txt',
      Buffer.from('Plain notes for the NC.\n'),
      'text/plain',
    );
    expect(tricky.statusCode).toBe(201);
    expect(tricky.json().evidence).toMatchObject({ name: 'passwd.txt', contentType: 'text/plain; charset=utf-8' });
    // Refused uploads leave nothing behind, in the database or the bucket.
    const items = await t.database.db.selectFrom('debateEvidence').select('id').execute();
    expect(items.map((i) => Number(i.id))).toEqual([tricky.json().evidence.id]);
    const { rows, keys } = await stored();
    expect(new Set(rows.map((r) => r.evidenceId))).toEqual(new Set(store === 'database' ? [items[0]!.id] : []));
    expect(keys).toEqual(store === 's3' ? [`evidence/${items[0]!.id}`] : []);
  });

  it('strangers and spectators get 403 until the debaters share the evidence; only debaters decide', async () => {
    const { host, friend, judge, debateId } = await round();
    const shared = (await upload(host, debateId, 'card.pdf', PDF)).json().evidence as TEvidence;
    const note = await call(judge, 'POST', `/api/debates/${debateId}/evidence/notes`, {
      kind: 'link',
      text: 'https://example.org/source',
    });
    expect(note.statusCode).toBe(201);
    const stranger = await buildUser(t);
    const url = `/api/debates/${debateId}/evidence/${shared.id}/file`;
    expect((await call(stranger, 'GET', url)).statusCode).toBe(403);
    expect((await call(stranger, 'GET', `/api/debates/${debateId}/evidence`)).statusCode).toBe(403);
    expect((await call(null, 'GET', url)).statusCode).toBe(401);
    expect((await upload(stranger, debateId, 'mine.pdf', PDF)).statusCode).toBe(403);
    expect((await call(stranger, 'GET', `/api/debates/${debateId}/evidence/99999/file`)).statusCode).toBe(403);
    expect((await call(friend, 'GET', `/api/debates/${debateId}/evidence/99999/file`)).statusCode).toBe(404);
    expect(
      (await call(judge, 'PUT', `/api/debates/${debateId}/evidence/visibility`, { isPublic: true })).statusCode,
    ).toBe(403);
    const opened = await call(friend, 'PUT', `/api/debates/${debateId}/evidence/visibility`, { isPublic: true });
    expect((opened.json().debate as TDebate).evidencePublic).toBe(true);
    expect((await call(stranger, 'GET', url)).statusCode).toBe(200);
    expect((await call(stranger, 'GET', `/api/debates/${debateId}/evidence`)).json().evidence).toHaveLength(2);
    // Seeing is not sharing.
    expect(
      (await call(stranger, 'POST', `/api/debates/${debateId}/evidence/notes`, { kind: 'text', text: 'x' })).statusCode,
    ).toBe(403);
    expect(
      (
        await call(host, 'POST', `/api/debates/${debateId}/evidence/notes`, {
          kind: 'link',
          text: 'javascript:alert(1)',
        })
      ).statusCode,
    ).toBe(400);
    // After the round, shared evidence goes no further than the replay: a private replay keeps it to the round.
    await call(host, 'PUT', `/api/debates/${debateId}/replay-privacy`, { isPrivate: true });
    await call(friend, 'POST', `/api/debates/${debateId}/forfeit`);
    expect((await call(stranger, 'GET', url)).statusCode).toBe(403);
    expect((await call(judge, 'GET', url)).statusCode).toBe(200);
    await call(host, 'PUT', `/api/debates/${debateId}/replay-privacy`, { isPrivate: false });
    expect((await call(stranger, 'GET', url)).statusCode).toBe(200);
  });

  it('a debater who deletes the account takes the round’s files and recordings out of the store too', async () => {
    const { host, friend, debateId } = await round();
    expect((await upload(friend, debateId, 'card.pdf', PDF)).statusCode).toBe(201);
    await call(host, 'PUT', `/api/debates/${debateId}/recording-consent`, { agree: true });
    await call(friend, 'PUT', `/api/debates/${debateId}/recording-consent`, { agree: true });
    const recording = await call(friend, 'POST', `/api/debates/${debateId}/recordings`, { mimeType: 'video/webm' });
    const chunk = await t.app.inject({
      method: 'POST',
      url: `/api/debates/${debateId}/recordings/${recording.json().recording.id}/chunks?seq=0`,
      headers: { cookie: friend.cookie, 'content-type': 'video/webm' },
      payload: Buffer.from('a second of video'),
    });
    expect(chunk.statusCode).toBe(200);
    const before = await stored();
    expect(before.rows.length + before.keys.length).toBeGreaterThan(1);
    const deleted = await call(host, 'POST', '/api/auth/delete-user', { password: DEFAULT_TEST_PASSWORD });
    expect(deleted.statusCode).toBe(200);
    expect(await stored()).toEqual({ rows: [], keys: [] });
    expect(await t.database.db.selectFrom('debateRecordingChunks').select('seq').execute()).toEqual([]);
  });
});

/**
 * Over a real HTTP connection (not `app.inject`, which hands the route one whole buffer): a 20 MB file sent slowly is
 * stored as it arrives. The test pauses after 6 MB and finds part of the file already stored (database rows, or a
 * finished multipart part on the S3 server) before it sends the rest; an implementation that buffered the upload
 * would have stored nothing yet and fail here.
 */
describe.each(TEST_ENGINE_STORES)('a 20 MB upload over a real connection on %s, files in %s', (engine, store) => {
  let t: TTestApp;
  let bucket: string;
  let port: number;
  beforeEach(async () => {
    ({ t, bucket } = await appWithStore(engine, store));
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterEach(async () => {
    await t.close();
  });

  /** Starts a POST of the file; `send` writes bytes as the test decides, `done` ends it and reads the answer. */
  function startUpload(who: TCookieUser, debateId: number, declaredBytes: number | null) {
    const req = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: `/api/debates/${debateId}/evidence/files?name=brief.pdf`,
      headers: {
        cookie: who.cookie,
        'content-type': 'application/pdf',
        ...(declaredBytes === null ? { 'transfer-encoding': 'chunked' } : { 'content-length': declaredBytes }),
      },
    });
    const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
      // A server that answers early (a 413 before the body is read) may close the socket while we still write.
      req.on('error', (error: NodeJS.ErrnoException) => {
        if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') reject(error);
      });
      req.on('response', (res) => {
        const parts: Buffer[] = [];
        res.on('data', (part: Buffer) => parts.push(part));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(parts).toString('utf8') }));
      });
    });
    return {
      /** Writes `bytes` in 1 MB pieces, each once the socket has taken the previous one. */
      async send(bytes: Buffer) {
        for (let at = 0; at < bytes.length && !req.destroyed; at += MB) {
          await new Promise<void>((resolve) => req.write(bytes.subarray(at, at + MB), () => resolve()));
        }
      },
      done() {
        req.end();
        return response;
      },
    };
  }

  /** Polls `read` until `isEnough` holds (or gives up after 10 s and returns the last value). */
  async function waitFor<T>(read: () => Promise<T> | T, isEnough: (value: T) => boolean): Promise<T> {
    const until = Date.now() + 10_000;
    let value = await read();
    while (!isEnough(value) && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      value = await read();
    }
    return value;
  }

  /** Bytes of the debate's files stored so far: database rows, or parts the S3 server has received. */
  async function storedSoFar(debateId: number): Promise<number> {
    if (store === 's3') return s3.pendingPartSizes(bucket).reduce((sum, n) => sum + n, 0);
    const rows = await t.database.db
      .selectFrom('debateEvidenceChunks as c')
      .innerJoin('debateEvidence as e', 'e.id', 'c.evidenceId')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('e.debateId', '=', debateId)
      .executeTakeFirstOrThrow();
    return Number(rows.n) * DATABASE_CHUNK_BYTES;
  }

  it('stores the first part before the rest is sent, and downloads byte for byte', async () => {
    const { host, judge, debateId } = await buildRound(t);
    const file = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(20 * MB - 9)]);
    expect(file.length).toBe(20 * MB);
    const upload = startUpload(host, debateId, file.length);
    await upload.send(file.subarray(0, 6 * MB));
    // Paused at 6 MB: at least 5 MB is stored already (20 database rows, or the first 5 MB part on the S3 server).
    const expected = store === 's3' ? S3_PART_BYTES : 5 * MB;
    expect(
      await waitFor(
        () => storedSoFar(debateId),
        (n) => n >= expected,
      ),
    ).toBeGreaterThanOrEqual(expected);
    await upload.send(file.subarray(6 * MB));
    const answer = await upload.done();
    expect(answer.status).toBe(201);
    const evidence = JSON.parse(answer.body).evidence as TEvidence;
    expect(evidence.size).toBe(file.length);

    const hash = createHash('sha256');
    const downloaded = await new Promise<{ status: number; bytes: number }>((resolve, reject) => {
      const path = `/api/debates/${debateId}/evidence/${evidence.id}/file`;
      http
        .get({ host: '127.0.0.1', port, path, headers: { cookie: judge.cookie } }, (res) => {
          let bytes = 0;
          res.on('data', (part: Buffer) => {
            bytes += part.length;
            hash.update(part);
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes }));
        })
        .on('error', reject);
    });
    expect(downloaded).toEqual({ status: 200, bytes: file.length });
    expect(hash.digest('hex')).toBe(createHash('sha256').update(file).digest('hex'));
  });

  it('refuses 20 MB and one byte with a 413 in the error model, declared or counted as it comes', async () => {
    const { host, debateId } = await buildRound(t);
    const file = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(20 * MB - 8)]);
    expect(file.length).toBe(20 * MB + 1);
    for (const declared of [file.length, null]) {
      const upload = startUpload(host, debateId, declared);
      await upload.send(file);
      const answer = await upload.done();
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body)).toEqual({
        error: { code: 'payload_too_large', message: 'Files can be at most 20 MB.' },
      });
    }
    expect(await t.database.db.selectFrom('debateEvidence').select('id').execute()).toEqual([]);
    expect(await t.database.db.selectFrom('debateEvidenceChunks').select('seq').execute()).toEqual([]);
    if (store === 's3') expect(await s3.listKeys(bucket)).toEqual([]);
  });
});

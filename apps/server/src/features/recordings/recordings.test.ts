/**
 * Recordings on both engines, their bytes in the database and in S3 (a local S3-compatible server): consent, chunked
 * uploads in order, the size limit, playback for the round only (whole or by byte range), deletion and retention (the
 * stored parts too).
 */
import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { REALTIME_ROOMS, type TDebate, type TRecording, type TSessionUser } from '@resolved/shared';
import { createTestApp, type TTestApp } from '../../test/harness';
import { buildUser } from '../../test/factories';
import { startTestS3, TEST_ENGINE_STORES, type TTestS3 } from '../../test/s3';
import { purgeExpiredRecordings, recordingIdsOfDebater } from './recordings.service';
import { openSeatedRound } from '../debates/round-seating';
import { indexWebm } from './webm-index';

type TCookieUser = { user: TSessionUser; cookie: string };

const KB = 1024;

let s3: TTestS3;
beforeAll(async () => {
  s3 = await startTestS3();
});
afterAll(async () => {
  await s3.close();
});

describe.each(TEST_ENGINE_STORES)('round recordings on %s, parts in %s', (engine, store) => {
  let t: TTestApp;
  let bucket: string;
  beforeEach(async () => {
    const s3Bucket = store === 's3' ? await s3.createBucket() : null;
    bucket = s3Bucket?.bucket ?? '';
    // A recording holds at most 1 MB here, so that the limit is quick to reach.
    t = await createTestApp(engine, { RECORDING_MAX_MB: '1', ...s3Bucket?.env });
  });
  afterEach(async () => {
    await t.close();
  });
  const call = (who: TCookieUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });
  const chunk = (who: TCookieUser, url: string, bytes: Buffer) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { cookie: who.cookie, 'content-type': 'video/webm' },
      payload: bytes,
    });

  /** Stored parts: the database's rows, or the bucket's keys (each store keeps the other empty). */
  async function storedParts() {
    const rows = await t.database.db.selectFrom('debateRecordingChunks').select(['recordingId', 'seq']).execute();
    const keys = store === 's3' ? await s3.listKeys(bucket) : [];
    return [...rows.map((r) => `recordings/${Number(r.recordingId)}/${Number(r.seq)}`), ...keys];
  }
  async function liveRound() {
    const [host, friend, judge] = [await buildUser(t), await buildUser(t), await buildUser(t)];
    const created = await call(host, 'POST', '/api/debates/challenges', { formatId: 'ld' });
    const id = (await call(friend, 'POST', `/api/debates/challenges/${created.json().challenge.token}/accept`)).json()
      .debateId as number;
    await call(judge, 'POST', `/api/debates/${id}/judge`, {});
    await call(host, 'PUT', `/api/debates/${id}/recording-consent`, { agree: true });
    await call(friend, 'PUT', `/api/debates/${id}/recording-consent`, { agree: true });
    return { host, friend, judge, id };
  }

  it('records only with both debaters’ consent, keeps the chunks in order, and plays them back to the round', async () => {
    const [host, friend, judge, stranger] = [
      await buildUser(t),
      await buildUser(t),
      await buildUser(t),
      await buildUser(t),
    ];
    const created = await call(host, 'POST', '/api/debates/challenges', { formatId: 'ld' });
    const id = (await call(friend, 'POST', `/api/debates/challenges/${created.json().challenge.token}/accept`)).json()
      .debateId as number;
    await call(judge, 'POST', `/api/debates/${id}/judge`, {});
    const start = () => call(host, 'POST', `/api/debates/${id}/recordings`, { mimeType: 'video/webm;codecs=vp8,opus' });
    expect((await start()).json().error.message).toBe('Every debater must agree before the round is recorded.');
    await call(host, 'PUT', `/api/debates/${id}/recording-consent`, { agree: true });
    const agreed = await call(friend, 'PUT', `/api/debates/${id}/recording-consent`, { agree: true });
    expect((agreed.json().debate as TDebate).recordConsent).toEqual({ a: true, b: true });
    expect((await call(judge, 'PUT', `/api/debates/${id}/recording-consent`, { agree: true })).statusCode).toBe(403);
    expect((await call(host, 'POST', `/api/debates/${id}/recordings`, { mimeType: 'text/html' })).statusCode).toBe(415);
    const recordingId = (await start()).json().recording.id as number;
    const url = (seq: number) => `/api/debates/${id}/recordings/${recordingId}/chunks?seq=${seq}`;
    const [first, second] = [Buffer.from('first chunk '), Buffer.from('second chunk')];
    expect((await chunk(host, url(0), first)).statusCode).toBe(200);
    expect((await chunk(host, url(2), second)).statusCode).toBe(409);
    expect((await chunk(friend, url(1), second)).statusCode).toBe(403);
    expect((await chunk(host, url(1), second)).json()).toEqual({ size: first.length + second.length });

    const listed = (await call(judge, 'GET', `/api/debates/${id}/recordings`)).json().recordings as TRecording[];
    expect(listed).toMatchObject([{ id: recordingId, userId: host.user.id, size: first.length + second.length }]);
    const media = await call(judge, 'GET', `/api/debates/${id}/recordings/${recordingId}/media`);
    expect(media.headers['content-type']).toBe('video/webm');
    expect(media.rawPayload.equals(Buffer.concat([first, second]))).toBe(true);
    expect(await storedParts()).toEqual(
      store === 's3'
        ? [`recordings/${recordingId}/000000`, `recordings/${recordingId}/000001`]
        : [`recordings/${recordingId}/0`, `recordings/${recordingId}/1`],
    );
    expect((await call(stranger, 'GET', `/api/debates/${id}/recordings`)).statusCode).toBe(403);
    expect((await call(stranger, 'GET', `/api/debates/${id}/recordings/${recordingId}/media`)).statusCode).toBe(403);

    // Kept for the retention period, then gone; either debater can delete them before.
    const deps = { database: t.database, events: t.app.context.events, blobs: t.app.context.blobs };
    expect(await purgeExpiredRecordings(deps, 30)).toBe(0);
    expect((await call(judge, 'DELETE', `/api/debates/${id}/recordings`)).statusCode).toBe(403);
    const told: string[] = [];
    const stop = t.app.context.events.subscribe((event) => {
      if (event.name === 'debate.recordings_deleted') told.push(event.room);
    });
    expect((await call(friend, 'DELETE', `/api/debates/${id}/recordings`)).json()).toEqual({ deleted: 1 });
    stop();
    // Everyone who may play them is told in their own room (an open replay does not join the round's room).
    expect(told.sort()).toEqual([host, friend, judge].map((p) => REALTIME_ROOMS.user(p.user.id)).sort());
    expect((await call(host, 'GET', `/api/debates/${id}/recordings`)).json().recordings).toEqual([]);
    expect(await storedParts()).toEqual([]);
    const later = (await start()).json().recording.id as number;
    await chunk(host, `/api/debates/${id}/recordings/${later}/chunks?seq=0`, first);
    expect(await purgeExpiredRecordings(deps, 30, Date.now() + 31 * 24 * 60 * 60 * 1000)).toBe(1);
    expect(await storedParts()).toEqual([]);
  });

  it('in a round of teams, keeps a side’s recording from the other side and the judge until the round is over', async () => {
    const [a1, a2, b1, b2, judge] = [
      await buildUser(t),
      await buildUser(t),
      await buildUser(t),
      await buildUser(t),
      await buildUser(t),
    ];
    const seat = (who: TCookieUser, side: 'a' | 'b', position: string) => ({ userId: who.user.id, side, position });
    const id = await openSeatedRound(
      { database: t.database },
      {
        kind: 'challenge',
        formatId: 'pf',
        resolution: 'This house would record teams.',
        topicId: null,
        debaters: [seat(a1, 'a', 'first'), seat(a2, 'a', 'second'), seat(b1, 'b', 'first'), seat(b2, 'b', 'second')],
        judgeId: judge.user.id,
      },
    );
    for (const who of [a1, a2, b1, b2]) {
      expect((await call(who, 'PUT', `/api/debates/${id}/recording-consent`, { agree: true })).statusCode).toBe(200);
    }
    // The partner's own recording (a2 holds no first seat).
    const started = await call(a2, 'POST', `/api/debates/${id}/recordings`, { mimeType: 'video/webm;codecs=vp8,opus' });
    const recordingId = started.json().recording.id as number;
    await chunk(a2, `/api/debates/${id}/recordings/${recordingId}/chunks?seq=0`, Buffer.from('prep huddle'));
    const open = (who: TCookieUser) => call(who, 'GET', `/api/debates/${id}/recordings/${recordingId}/media`);
    expect((await open(a1)).statusCode).toBe(200);
    for (const who of [b1, b2, judge]) {
      const refused = await open(who);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.message).toBe('The other side’s recordings open once the round is over.');
    }
    await t.database.db.updateTable('debates').set({ status: 'judged' }).where('id', '=', id).execute();
    for (const who of [b1, judge]) expect((await open(who)).statusCode).toBe(200);
    // The partner's account going takes their recording's bytes with it (its rows go by the account's cascade).
    expect(await recordingIdsOfDebater({ database: t.database }, a2.user.id)).toEqual([recordingId]);
  });

  it('numbers each published snapshot of the round, so the newest of answers and events shows both agreements', async () => {
    const [host, friend] = [await buildUser(t), await buildUser(t)];
    const created = await call(host, 'POST', '/api/debates/challenges', { formatId: 'ld' });
    const id = (await call(friend, 'POST', `/api/debates/challenges/${created.json().challenge.token}/accept`)).json()
      .debateId as number;
    const published: TDebate[] = [];
    const stop = t.app.context.events.subscribe((event) => {
      if (event.name === 'debate.updated') published.push((event.payload as { debate: TDebate }).debate);
    });
    // Both tick at the same moment: whichever answer or event a browser sees last, the highest revision is the truth.
    const answers = await Promise.all(
      [host, friend].map((who) => call(who, 'PUT', `/api/debates/${id}/recording-consent`, { agree: true })),
    );
    stop();
    const snapshots = [...answers.map((a) => a.json().debate as TDebate), ...published];
    const revisions = published.map((d) => d.revision);
    expect(new Set(revisions).size).toBe(2);
    const newest = snapshots.reduce((a, b) => (b.revision > a.revision ? b : a));
    expect(newest.recordConsent).toEqual({ a: true, b: true });
    // Each answer is the very snapshot its change published.
    for (const answer of answers) {
      expect(published.find((d) => d.revision === (answer.json().debate as TDebate).revision)).toEqual(
        answer.json().debate,
      );
    }
    const read = (await call(host, 'GET', `/api/debates/${id}`)).json().debate as TDebate;
    expect(read.revision).toBe(Math.max(...revisions));
  });

  it('refuses a chunk that would take a recording past RECORDING_MAX_MB with a clear 413, and keeps what it has', async () => {
    const { host, judge, id } = await liveRound();
    const recordingId = (await call(host, 'POST', `/api/debates/${id}/recordings`, { mimeType: 'video/webm' })).json()
      .recording.id as number;
    const url = (seq: number) => `/api/debates/${id}/recordings/${recordingId}/chunks?seq=${seq}`;
    const first = Buffer.alloc(600 * KB, 1);
    expect((await chunk(host, url(0), first)).json()).toEqual({ size: first.length });
    const full = { code: 'payload_too_large', message: 'A recording can be at most 1 MB; this one is full.' };
    // Refused by its Content-Length before it is read, and without one as its bytes are counted.
    const tooMuch = await chunk(host, url(1), Buffer.alloc(500 * KB, 2));
    expect(tooMuch.statusCode).toBe(413);
    expect(tooMuch.json()).toEqual({ error: full });
    const streamed = await t.app.inject({
      method: 'POST',
      url: url(1),
      headers: { cookie: host.cookie, 'content-type': 'video/webm' },
      payload: Readable.from([Buffer.alloc(300 * KB, 2), Buffer.alloc(200 * KB, 2)]),
    });
    expect(streamed.statusCode).toBe(413);
    expect(streamed.json()).toEqual({ error: full });
    // Exactly up to the limit is fine; one byte more is not.
    const rest = Buffer.alloc(1024 * KB - first.length, 3);
    expect((await chunk(host, url(1), rest)).json()).toEqual({ size: 1024 * KB });
    expect((await chunk(host, url(2), Buffer.from([4]))).json()).toEqual({ error: full });
    const media = await call(judge, 'GET', `/api/debates/${id}/recordings/${recordingId}/media`);
    expect(media.rawPayload.equals(Buffer.concat([first, rest]))).toBe(true);
    expect(await storedParts()).toHaveLength(2);
  });

  it('serves a MediaRecorder WebM with its real duration and cues, built once and again when parts arrive', async () => {
    const { host, judge, id } = await liveRound();
    const mimeType = 'video/webm;codecs=vp8,opus';
    const recordingId = (await call(host, 'POST', `/api/debates/${id}/recordings`, { mimeType })).json().recording
      .id as number;
    const parts = [0, 1, 2, 3, 4, 5].map((i) =>
      readFileSync(new URL(`./fixtures/chromium-part-${i}.webm`, import.meta.url)),
    );
    const url = `/api/debates/${id}/recordings/${recordingId}/media`;
    const get = (range?: string) =>
      t.app.inject({ method: 'GET', url, headers: { cookie: judge.cookie, ...(range ? { range } : {}) } });
    const upload = async (from: number, to: number) => {
      for (let seq = from; seq < to; seq++) {
        await chunk(host, `/api/debates/${id}/recordings/${recordingId}/chunks?seq=${seq}`, parts[seq]!);
      }
    };
    /** What a seekable copy of the first `n` parts is: the index's header, then the bytes after the original one. */
    const seekable = async (n: number) => {
      const stored = Buffer.concat(parts.slice(0, n));
      const index = (await indexWebm(Readable.from(parts.slice(0, n))))!;
      return { file: Buffer.concat([index.header, stored.subarray(index.metadataSize)]), index };
    };

    await upload(0, 4);
    const early = await seekable(4);
    const first = await get();
    expect(first.headers['content-length']).toBe(String(early.file.length));
    expect(first.rawPayload.equals(early.file)).toBe(true);
    await upload(4, 6);
    const done = await seekable(6);
    expect(done.index.durationMs).toBeGreaterThan(early.index.durationMs);
    const opened = vi.spyOn(t.app.context.blobs, 'openRecording');
    const whole = await get();
    expect(whole.rawPayload.equals(done.file)).toBe(true);
    expect(opened).toHaveBeenCalledTimes(2); // the new index, then the answer
    // A range across the new header's end, and one inside the stored bytes, in the served file's numbers.
    const edge = done.index.header.length;
    for (const [start, end] of [
      [edge - 10, edge + 10],
      [edge + 500, done.file.length - 1],
      [0, 3],
    ] as const) {
      opened.mockClear();
      const answer = await get(`bytes=${start}-${end}`);
      expect(answer.statusCode).toBe(206);
      expect(answer.headers['content-range']).toBe(`bytes ${start}-${end}/${done.file.length}`);
      expect(answer.rawPayload.equals(done.file.subarray(start, end + 1))).toBe(true);
      // The index is kept: only the stored bytes are read, and none for a range inside the header.
      expect(opened.mock.calls.length).toBe(end < edge ? 0 : 1);
    }
    expect((await get(`bytes=${done.file.length}-`)).statusCode).toBe(416);
  });

  it('answers a byte range with 206 and only its bytes, reading only the parts that hold it', async () => {
    const { host, judge, id } = await liveRound();
    const stranger = await buildUser(t);
    const recordingId = (await call(host, 'POST', `/api/debates/${id}/recordings`, { mimeType: 'video/webm' })).json()
      .recording.id as number;
    // Three parts of 100, 200 and 150 bytes (boundaries at 100 and 300), every byte telling where it is.
    const parts = [100, 200, 150].map((n, p) =>
      Buffer.from(Array.from({ length: n }, (_, i) => (i * 7 + p * 31) % 256)),
    );
    for (const [seq, part] of parts.entries()) {
      await chunk(host, `/api/debates/${id}/recordings/${recordingId}/chunks?seq=${seq}`, part);
    }
    const whole = Buffer.concat(parts);
    const url = `/api/debates/${id}/recordings/${recordingId}/media`;
    const get = (range?: string, who = judge) =>
      t.app.inject({ method: 'GET', url, headers: { cookie: who.cookie, ...(range ? { range } : {}) } });
    const opened = vi.spyOn(t.app.context.blobs, 'openRecording');

    const plain = await get();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers).toMatchObject({
      'accept-ranges': 'bytes',
      'content-length': '450',
      'content-type': 'video/webm',
      'x-content-type-options': 'nosniff',
    });
    expect(plain.headers['content-range']).toBeUndefined();
    expect(plain.rawPayload.equals(whole)).toBe(true);

    const cases: [string, number, number, [number, number]][] = [
      ['bytes=10-49', 10, 49, [0, 1]], // inside the first part
      ['bytes=100-299', 100, 299, [1, 2]], // exactly the second part
      ['bytes=90-320', 90, 320, [0, 3]], // across both boundaries
      ['bytes=299-300', 299, 300, [1, 3]], // the last byte of one part and the first of the next
      ['bytes=250-', 250, 449, [1, 3]], // open-ended
      ['bytes=-120', 330, 449, [2, 3]], // the last 120 bytes
      ['bytes=-1000', 0, 449, [0, 3]], // a suffix longer than the recording is all of it
      ['bytes=400-9999', 400, 449, [2, 3]], // an end past the end is the end
    ];
    for (const [range, start, end, [from, to]] of cases) {
      opened.mockClear();
      const answer = await get(range);
      expect(answer.statusCode, range).toBe(206);
      expect(answer.headers, range).toMatchObject({
        'accept-ranges': 'bytes',
        'content-range': `bytes ${start}-${end}/450`,
        'content-length': String(end - start + 1),
        'content-type': 'video/webm',
        'x-content-type-options': 'nosniff',
      });
      expect(answer.rawPayload.equals(whole.subarray(start, end + 1)), range).toBe(true);
      expect(opened.mock.calls, range).toEqual([[recordingId, from, to]]);
    }

    for (const range of ['bytes=450-', 'bytes=9999-10000', 'bytes=-0']) {
      const refused = await get(range);
      expect(refused.statusCode, range).toBe(416);
      expect(refused.headers['content-range'], range).toBe('bytes */450');
      expect(refused.json().error.code, range).toBe('range_not_satisfiable');
    }
    // Several ranges, or one that is not a byte range, get the whole recording.
    for (const range of ['bytes=0-9,20-29', 'items=0-9', 'bytes=20-10']) {
      const answer = await get(range);
      expect(answer.statusCode, range).toBe(200);
      expect(answer.rawPayload.equals(whole), range).toBe(true);
    }
    expect((await get('bytes=0-9', stranger)).statusCode).toBe(403);

    // A recording from before part sizes were stored is served whole, and says it takes no ranges.
    await t.database.db.deleteFrom('debateRecordingPartSizes').where('recordingId', '=', recordingId).execute();
    const older = await get('bytes=10-49');
    expect(older.statusCode).toBe(200);
    expect(older.headers['accept-ranges']).toBe('none');
    expect(older.rawPayload.equals(whole)).toBe(true);
    opened.mockRestore();
  });
});

/** Recordings on both engines: consent, chunked uploads in order, playback for the round only, deletion, retention. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REALTIME_ROOMS, type TDebate, type TRecording, type TSessionUser } from '@resolved/shared';
import { createTestApp, TEST_ENGINES, type TTestApp } from '../../test/harness';
import { buildUser } from '../../test/factories';
import { purgeExpiredRecordings } from './recordings.service';

type TCookieUser = { user: TSessionUser; cookie: string };

describe.each(TEST_ENGINES)('round recordings on %s', (engine) => {
  let t: TTestApp;
  beforeEach(async () => {
    t = await createTestApp(engine);
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
    expect((await start()).json().error.message).toBe('Both debaters must agree before the round is recorded.');
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
    expect((await call(stranger, 'GET', `/api/debates/${id}/recordings`)).statusCode).toBe(403);
    expect((await call(stranger, 'GET', `/api/debates/${id}/recordings/${recordingId}/media`)).statusCode).toBe(403);

    // Kept for the retention period, then gone; either debater can delete them before.
    const deps = { database: t.database, events: t.app.context.events };
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
    const later = (await start()).json().recording.id as number;
    await chunk(host, `/api/debates/${id}/recordings/${later}/chunks?seq=0`, first);
    expect(await purgeExpiredRecordings(deps, 30, Date.now() + 31 * 24 * 60 * 60 * 1000)).toBe(1);
    const chunks = await t.database.db.selectFrom('debateRecordingChunks').select('seq').execute();
    expect(chunks).toEqual([]);
  });
});

/**
 * Evidence through the real API on both engines: a PDF shared by a debater reaches the judge byte for byte as an
 * attachment; hostile input (oversized, wrong type, markup dressed as text, path tricks, strangers) gets clear 4xx;
 * spectators see evidence only when the debaters allow; an upload is stored in bounded chunks as it streams.
 */
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TDebate, TEvidence, TSessionUser } from '@resolved/shared';
import { createTestApp, TEST_ENGINES, type TTestApp } from '../../test/harness';
import { buildUser } from '../../test/factories';
import { EVIDENCE_CHUNK_BYTES } from './evidence.service';

type TCookieUser = { user: TSessionUser; cookie: string };

const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(600_000, 0x41), Buffer.from('\n%%EOF\n')]);

describe.each(TEST_ENGINES)('round evidence on %s', (engine) => {
  let t: TTestApp;
  beforeEach(async () => {
    t = await createTestApp(engine, { EVIDENCE_MAX_BYTES: String(2 * 1024 * 1024) });
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

  async function round() {
    const [host, friend, judge] = [await buildUser(t), await buildUser(t), await buildUser(t)];
    const created = await call(host, 'POST', '/api/debates/challenges', { formatId: 'ld' });
    const accepted = await call(friend, 'POST', `/api/debates/challenges/${created.json().challenge.token}/accept`);
    const debateId = accepted.json().debateId as number;
    expect((await call(judge, 'POST', `/api/debates/${debateId}/judge`, {})).statusCode).toBe(200);
    return { host, friend, judge, debateId };
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
    // Stored as it streamed: in chunks of at most EVIDENCE_CHUNK_BYTES, never as one buffer.
    const chunks = await t.database.db
      .selectFrom('debateEvidenceChunks')
      .select(['seq', 'data'])
      .where('evidenceId', '=', evidence.id)
      .orderBy('seq')
      .execute();
    expect(chunks.length).toBeGreaterThan(1);
    expect(Math.max(...chunks.map((c) => Buffer.from(c.data).length))).toBe(EVIDENCE_CHUNK_BYTES);
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
    // Refused uploads leave nothing behind.
    const rows = await t.database.db.selectFrom('debateEvidence').select('id').execute();
    expect(rows).toHaveLength(1);
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
  });
});

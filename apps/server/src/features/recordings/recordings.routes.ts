import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DB_INT_MAX } from '@resolved/shared';
import type { TAppContext } from '../../context';
import { parseOrThrow } from '../../lib/errors';
import { requireUser } from '../auth/auth.guard';
import { ZDebateIdParams } from '../debates/debate-params';
import * as recordings from './recordings.service';

const ZRecordingParams = ZDebateIdParams.extend({
  recordingId: z.coerce.number().int().positive().max(DB_INT_MAX),
});
export const ZChunkQuery = z.object({ seq: z.coerce.number().int().min(0).max(100_000) });
export const ZRecordingConsentRequest = z.object({ agree: z.boolean() });
export const ZStartRecordingRequest = z.object({ mimeType: z.string().min(1).max(100) });

/** Recording consent, uploads chunk by chunk, playback and deletion. */
export async function recordingsRoutes(app: FastifyInstance, context: TAppContext) {
  const deps: recordings.TRecordingsDeps = {
    database: context.database,
    events: context.events,
    blobs: context.blobs,
    maxBytes: context.config.recordingMaxBytes,
  };

  app.put('/api/debates/:id/recording-consent', async (request) => {
    const user = await requireUser(request);
    const { id } = parseOrThrow(ZDebateIdParams, request.params);
    const { agree } = parseOrThrow(ZRecordingConsentRequest, request.body);
    return { debate: await recordings.setConsent(deps, user, id, agree) };
  });
  app.post('/api/debates/:id/recordings', async (request, reply) => {
    const user = await requireUser(request);
    const { id } = parseOrThrow(ZDebateIdParams, request.params);
    const { mimeType } = parseOrThrow(ZStartRecordingRequest, request.body);
    return reply.status(201).send({ recording: await recordings.startRecording(deps, user, id, mimeType) });
  });
  app.get('/api/debates/:id/recordings', async (request) => {
    const user = await requireUser(request);
    const { id } = parseOrThrow(ZDebateIdParams, request.params);
    return { recordings: await recordings.listRecordings(deps, user, id) };
  });
  app.delete('/api/debates/:id/recordings', async (request) => {
    const user = await requireUser(request);
    const { id } = parseOrThrow(ZDebateIdParams, request.params);
    return { deleted: await recordings.deleteRecordings(deps, user, id) };
  });
  app.get('/api/debates/:id/recordings/:recordingId/media', async (request, reply) => {
    const user = await requireUser(request);
    const { id, recordingId } = parseOrThrow(ZRecordingParams, request.params);
    // An If-Range cannot match (the answer carries no validator), so it asks for the whole recording (RFC 9110).
    const range = request.headers['if-range'] === undefined ? request.headers.range : undefined;
    const media = await recordings.openRecording(deps, user, id, recordingId, range);
    reply
      .header('content-type', media.mimeType)
      .header('accept-ranges', media.isRangeable ? 'bytes' : 'none')
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store');
    if (!media.range) return reply.header('content-length', String(media.size)).send(media.stream);
    const { start, end } = media.range;
    return reply
      .status(206)
      .header('content-range', `bytes ${start}-${end}/${media.size}`)
      .header('content-length', String(end - start + 1))
      .send(media.stream);
  });
  // A chunk is the raw bytes MediaRecorder produced (read as a stream, never parsed).
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    scope.post(
      '/api/debates/:id/recordings/:recordingId/chunks',
      { bodyLimit: recordings.RECORDING_CHUNK_MAX_BYTES + 1 },
      async (request) => {
        const user = await requireUser(request);
        const { id, recordingId } = parseOrThrow(ZRecordingParams, request.params);
        const { seq } = parseOrThrow(ZChunkQuery, request.query);
        const body = request.body as AsyncIterable<Buffer>;
        const length = Number(request.headers['content-length']);
        const declaredBytes = Number.isFinite(length) ? length : null;
        return recordings.appendChunk(deps, user, { debateId: id, recordingId, seq, body, declaredBytes });
      },
    );
  });
}

import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DB_INT_MAX, ZEvidenceNote, ZEvidenceVisibility } from '@resolved/shared';
import type { TAppContext } from '../../context';
import { attachmentHeader } from '../../lib/content-disposition';
import { parseOrThrow } from '../../lib/errors';
import { requireUser } from '../auth/auth.guard';
import { ZDebateIdParams } from '../debates/debate-params';
import * as evidence from './evidence.service';

const ZEvidenceParams = ZDebateIdParams.extend({
  evidenceId: z.coerce.number().int().positive({ error: 'Unknown file.' }).max(DB_INT_MAX, { error: 'Unknown file.' }),
});
export const ZFileQuery = z.object({ name: z.string().min(1, 'Give the file a name.').max(1000) });

/** Evidence in a round: list, share a file (streamed) or a note, download a file, let spectators see it. */
export async function evidenceRoutes(app: FastifyInstance, context: TAppContext) {
  const deps = { database: context.database, events: context.events, blobs: context.blobs };
  const maxBytes = context.config.evidenceMaxBytes;

  app.get('/api/debates/:id/evidence', async (request) => {
    const user = await requireUser(request);
    const { id } = parseOrThrow(ZDebateIdParams, request.params);
    return evidence.listEvidence(deps, user, id);
  });
  app.post('/api/debates/:id/evidence/notes', async (request, reply) => {
    const user = await requireUser(request);
    const { id } = parseOrThrow(ZDebateIdParams, request.params);
    const note = parseOrThrow(ZEvidenceNote, request.body);
    return reply.status(201).send({ evidence: await evidence.shareNote(deps, user, id, note) });
  });
  app.put('/api/debates/:id/evidence/visibility', async (request) => {
    const user = await requireUser(request);
    const { id } = parseOrThrow(ZDebateIdParams, request.params);
    const { isPublic } = parseOrThrow(ZEvidenceVisibility, request.body);
    return { debate: await evidence.setVisibility(deps, user, id, isPublic) };
  });
  app.get('/api/debates/:id/evidence/:evidenceId/file', async (request, reply) => {
    const user = await requireUser(request);
    const { id, evidenceId } = parseOrThrow(ZEvidenceParams, request.params);
    const file = await evidence.openFile(deps, user, id, evidenceId);
    return reply
      .header('content-type', file.contentType)
      .header('content-length', String(file.size))
      .header('content-disposition', attachmentHeader(file.name))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(file.stream);
  });

  // The upload is the raw file (any content type: its bytes decide what it is), read as a stream, never buffered.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    scope.post('/api/debates/:id/evidence/files', { bodyLimit: maxBytes + 1 }, async (request, reply) => {
      const user = await requireUser(request);
      const { id } = parseOrThrow(ZDebateIdParams, request.params);
      const { name } = parseOrThrow(ZFileQuery, request.query);
      const length = Number(request.headers['content-length']);
      const body = request.body as AsyncIterable<Buffer> | undefined;
      if (!body || typeof (body as { [Symbol.asyncIterator]?: unknown })[Symbol.asyncIterator] !== 'function') {
        return reply
          .status(400)
          .send({ error: { code: 'bad_request', message: 'Send the file as the request body.' } });
      }
      const shared = await evidence.shareFile({ ...deps, maxBytes }, user, id, {
        name,
        body,
        declaredBytes: Number.isFinite(length) ? length : null,
      });
      return reply.status(201).send({ evidence: shared });
    });
  });
}

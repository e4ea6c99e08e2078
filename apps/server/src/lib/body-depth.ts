import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

/** No request of this API nests deeper than a few levels; 32 leaves room and stops pathological bodies. */
export const MAX_BODY_DEPTH = 32;

/** How deeply `value` nests (iteratively: a hostile body must not overflow the stack while being measured). */
export function nestingDepth(value: unknown, limit = Number.POSITIVE_INFINITY): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (item === null || typeof item !== 'object') continue;
    const level = depth + 1;
    if (level > deepest) deepest = level;
    if (deepest > limit) return deepest;
    for (const child of Object.values(item)) stack.push([child, level]);
  }
  return deepest;
}

/**
 * Refuses bodies nested deeper than MAX_BODY_DEPTH with a 400, before any handler: code that walks a body
 * recursively (JSON.stringify when a body is handed on to better-auth, validation) would otherwise
 * overflow the stack and answer 500.
 */
export function registerBodyDepthLimit(app: FastifyInstance): void {
  // Synchronous: most requests (reads) have no body and leave at once.
  app.addHook('preValidation', (request, _reply, done) => {
    const { body } = request;
    // A streamed upload (evidence files) is the request itself, not a parsed body.
    if (body === undefined || body === null || typeof body !== 'object' || body instanceof Readable) return done();
    if (nestingDepth(body, MAX_BODY_DEPTH) > MAX_BODY_DEPTH) {
      return done(new AppError('validation_failed', 'The request body is nested too deeply.'));
    }
    done();
  });
}

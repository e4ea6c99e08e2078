/** The shape of one route's entry on the OpenAPI page (`route-docs.ts`), and the helpers the entries are written with. */
import { z } from 'zod';
import { ERROR_CODES } from '@resolved/shared';

export interface TRouteDoc {
  tag: string;
  summary: string;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Left off the page: not part of the API (it only answers 404). */
  isHidden?: boolean;
  /** The success status and what it answers: a zod schema of the JSON body where one exists, else its description. */
  ok: { status: 200 | 201 | 204 | 206; description: string; schema?: z.ZodType; contentType?: string };
}

export const json = (description: string, schema?: z.ZodType, status: 200 | 201 = 200) => ({
  status,
  description,
  ...(schema ? { schema } : {}),
});
export const created = (description: string, schema?: z.ZodType) => json(description, schema, 201);
export const noContent = (description: string) => ({ status: 204 as const, description });
export const file = (description: string, status: 200 | 206 = 200) => ({
  status,
  description,
  contentType: 'application/octet-stream',
});

/** The body of every refusal and failure (`lib/errors.ts`). */
export const ERROR_BODY_SCHEMA = z.object({
  error: z.object({
    code: z.enum(ERROR_CODES),
    message: z.string(),
    reason: z.string().optional().describe('Why, when the refusal has a typed reason (ERROR_REASONS).'),
    details: z.unknown().optional(),
  }),
});

/**
 * What the OpenAPI page (`/api/docs`) says of every HTTP route, keyed `METHOD path` as Fastify registered it (as in
 * `security/authorization-table.ts`). Request schemas are the zod schemas the routes parse with, so the page cannot
 * drift from what is accepted; `openapi.test.ts` fails for a route with no entry here, or an entry with no route.
 * The entries are in files by area: `docs-accounts.ts`, `docs-rounds.ts`, `docs-tournaments.ts` and `docs-judging.ts`.
 *
 * The docs are kept here, not as each route's Fastify `schema`: a body or response schema there would make Fastify
 * validate and serialise with its own compilers beside zod (another error shape, fields dropped from answers).
 */
import { ACCOUNT_ROUTE_DOCS } from './docs-accounts';
import { ROUND_ROUTE_DOCS } from './docs-rounds';
import { TOURNAMENT_ROUTE_DOCS } from './docs-tournaments';
import { JUDGING_ROUTE_DOCS } from './docs-judging';
import type { TRouteDoc } from './route-doc';

export { ERROR_BODY_SCHEMA, type TRouteDoc } from './route-doc';

export const ROUTE_DOCS: Record<string, TRouteDoc> = {
  ...ACCOUNT_ROUTE_DOCS,
  ...ROUND_ROUTE_DOCS,
  ...TOURNAMENT_ROUTE_DOCS,
  ...JUDGING_ROUTE_DOCS,
};

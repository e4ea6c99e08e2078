/**
 * Who may do what: every HTTP route and every client → server socket event, reviewed by hand.
 * `authorization-matrix.test.ts` checks each entry against the real app for each actor, and fails for a
 * route or event that has no entry here (a new route cannot ship unreviewed). docs/security.md's table is
 * rendered from this file (`npm run security:docs`). The entries live by feature group in `authorization/`: add a
 * route's row to its group's file.
 */
import { ACTORS, type TAccessRule } from './authorization/rules';
import { ACCOUNT_RULES } from './authorization/http-accounts';
import { DEBATE_MATERIAL_RULES, DEBATE_RULES } from './authorization/http-debates';
import { TEAM_RULES } from './authorization/http-teams';
import { TOURNAMENT_RULES } from './authorization/http-tournaments';
import { MODERATION_RULES } from './authorization/http-moderation';
import { AUTH_ENDPOINT_RULES, AUTH_ROUTE_RULES, DOCS_RULES } from './authorization/http-auth';
import { SOCKET_CASE_RULES, SOCKET_RULES } from './authorization/sockets';

export { ACTORS, type TAccessRule, type TActor, type TVerdict } from './authorization/rules';
export { AUTH_ENDPOINT_RULES } from './authorization/http-auth';
export { SOCKET_CASE_RULES, SOCKET_RULES } from './authorization/sockets';

/**
 * HTTP routes, keyed `METHOD path` as Fastify registered them (`*` as the method: any method). A route may
 * have extra cases keyed `METHOD path | case`. In this order in docs/security.md.
 */
export const HTTP_RULES: Record<string, TAccessRule> = {
  ...ACCOUNT_RULES,
  ...DEBATE_RULES,
  ...TEAM_RULES,
  ...TOURNAMENT_RULES,
  ...DEBATE_MATERIAL_RULES,
  ...MODERATION_RULES,
  ...AUTH_ROUTE_RULES,
  ...DOCS_RULES,
};

const symbol = { allow: '✅', deny: '⛔', '-': '—' } as const;

function renderRows(rules: Record<string, TAccessRule>, label: (key: string) => string): string[] {
  return Object.entries(rules).map(([key, r]) => {
    const cells = ACTORS.map((actor) => symbol[r.verdicts[actor]]);
    return `| ${label(key)} | ${r.who}${r.owner ? ` (owner: ${r.owner})` : ''} | ${cells.join(' | ')} |`;
  });
}

/** The Markdown tables for docs/security.md. */
export function renderAuthorizationTables(): string {
  const header = `| ${'Route'} | Who | ${ACTORS.join(' | ')} |\n|---|---|${ACTORS.map(() => ':-:').join('|')}|`;
  const code = (key: string) => `\`${key.replace(' | ', '` — ')}${key.includes(' | ') ? '' : '`'}`;
  return [
    '### HTTP routes',
    '',
    header,
    ...renderRows(HTTP_RULES, code),
    '',
    '### better-auth endpoints (behind `/api/auth/*`)',
    '',
    header,
    ...renderRows(AUTH_ENDPOINT_RULES, code),
    '',
    '### Socket events (client → server)',
    '',
    header.replace('Route', 'Event'),
    ...renderRows(SOCKET_RULES as Record<string, TAccessRule>, code),
    ...renderRows(SOCKET_CASE_RULES, code),
    '',
  ].join('\n');
}

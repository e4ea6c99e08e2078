/** Who may use the sign-in routes, better-auth’s endpoints and the API description. */
import { DOCS, HIDDEN, notBanned, rule, type TAccessRule } from './rules';

/** Our own sign-in, sign-up and account routes, and better-auth’s behind `/api/auth/*`. */
export const AUTH_ROUTE_RULES: Record<string, TAccessRule> = {
  'POST /api/auth/sign-in/email': rule('everyone (rate-limited per IP and per e-mail)', 'AAAA-'),
  'POST /api/auth/sign-up/email': rule('everyone (rate-limited per IP and per e-mail)', 'AAAA-'),
  'POST /api/auth/update-user': rule('signed-in users: their own display name only (the sign-up rules)', 'DAAA-'),
  '* /api/auth/admin/*': HIDDEN,
  'GET /api/auth/*': notBanned(rule('better-auth’s endpoints, each listed under /api/auth below', 'AAAA-')),
  'POST /api/auth/*': rule('better-auth’s endpoints, each listed under /api/auth below', 'AAAA-'),
};

/** The OpenAPI description and its viewer. */
export const DOCS_RULES: Record<string, TAccessRule> = {
  'GET /api/docs': DOCS,
  'GET /api/docs/json': DOCS,
  'GET /api/docs/yaml': DOCS,
  'GET /api/docs/static/index.html': DOCS,
  'GET /api/docs/static/swagger-initializer.js': DOCS,
  'HEAD /api/docs/': DOCS,
  'GET /api/docs/static/*': DOCS,
};

const AUTH_PUBLIC = rule('everyone', 'AAAA-');
const AUTH_SESSION = rule('signed-in users (their own account)', 'DAAA-');

/**
 * better-auth's endpoints behind `/api/auth/*` (listed from the auth instance). Our own sign-in/sign-up
 * routes above take precedence over better-auth's for those two paths.
 */
export const AUTH_ENDPOINT_RULES: Record<string, TAccessRule> = {
  'POST /api/auth/sign-in/social': notBanned(AUTH_PUBLIC),
  'GET /api/auth/callback/:id': notBanned(rule('everyone (checked against the OAuth state cookie)', 'AAAA-')),
  'POST /api/auth/callback/:id': notBanned(rule('everyone (checked against the OAuth state cookie)', 'AAAA-')),
  'GET /api/auth/get-session': notBanned(rule('everyone (a visitor gets null)', 'AAAA-')),
  'POST /api/auth/get-session': rule('no one (405: GET only)', 'DDDD-'),
  'POST /api/auth/sign-out': AUTH_PUBLIC,
  'POST /api/auth/sign-up/email': rule('everyone (our route above answers)', 'AAAA-'),
  'POST /api/auth/sign-in/email': rule('everyone (our route above answers)', 'AAAA-'),
  'POST /api/auth/reset-password': notBanned(
    rule('everyone with a reset token (none are sent: no mail is configured)', 'AAAA-'),
  ),
  'POST /api/auth/verify-password': AUTH_SESSION,
  'GET /api/auth/verify-email': notBanned(rule('everyone with a verification token', 'AAAA-')),
  'POST /api/auth/send-verification-email': notBanned(rule('everyone (no mail is configured)', 'AAAA-')),
  'POST /api/auth/change-email': AUTH_SESSION,
  'POST /api/auth/change-password': AUTH_SESSION,
  'POST /api/auth/update-session': AUTH_SESSION,
  'POST /api/auth/update-user': rule('signed-in users (our route above answers)', 'DAAA-'),
  'POST /api/auth/delete-user': rule('signed-in users: their own account, with its password', 'DAAA-'),
  'POST /api/auth/request-password-reset': notBanned(rule('everyone (no mail is configured)', 'AAAA-')),
  'GET /api/auth/reset-password/:token': notBanned(rule('everyone with a reset token', 'AAAA-')),
  'GET /api/auth/list-sessions': AUTH_SESSION,
  'POST /api/auth/revoke-session': AUTH_SESSION,
  'POST /api/auth/revoke-sessions': AUTH_SESSION,
  'POST /api/auth/revoke-other-sessions': AUTH_SESSION,
  'POST /api/auth/link-social': AUTH_SESSION,
  'GET /api/auth/list-accounts': AUTH_SESSION,
  'GET /api/auth/delete-user/callback': rule('no one (account deletion is not enabled)', 'DDDD-'),
  'POST /api/auth/unlink-account': AUTH_SESSION,
  'POST /api/auth/refresh-token': AUTH_SESSION,
  'POST /api/auth/get-access-token': AUTH_SESSION,
  'GET /api/auth/account-info': AUTH_SESSION,
  'GET /api/auth/ok': notBanned(AUTH_PUBLIC),
  'GET /api/auth/error': notBanned(AUTH_PUBLIC),
};

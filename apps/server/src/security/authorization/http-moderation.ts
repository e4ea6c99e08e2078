/** Who may use the routes of moderation: reports, cases, actions, the log, notices, appeals and the motion bank. */
import { ADMIN, STAFF, rule, type TAccessRule } from './rules';

/** Reports, moderation, notices and appeals, and the admins’ motion bank. */
export const MODERATION_RULES: Record<string, TAccessRule> = {
  'POST /api/reports': rule('signed-in users (30 reports per 3 hours; never themselves)', 'DAAA-'),
  'GET /api/moderation/cases': STAFF,
  'GET /api/moderation/cases/:id': STAFF,
  'POST /api/moderation/cases/:id/claim': STAFF,
  'DELETE /api/moderation/cases/:id/claim': STAFF,
  'POST /api/moderation/cases/:id/actions': rule('moderators (on users only) and admins', 'DDAA-'),
  'POST /api/moderation/cases/:id/appeal-decision': rule('moderators (on users only) and admins', 'DDAA-'),
  'POST /api/moderation/users/:id/actions': rule('moderators (on users only) and admins', 'DDAA-'),
  'GET /api/moderation/files/:id': STAFF,
  'GET /api/moderation/log': rule('admins (all, filtered); moderators (their own actions only)', 'DDAA-'),
  'GET /api/notices': rule('signed-in users (their own notices)', 'DAAA-'),
  'POST /api/notices/read': rule('signed-in users (their own notices)', 'DAAA-'),
  'POST /api/ban-appeals': rule(
    'anyone holding the appeal token a sign-in refused for a ban answered with (once per ban; 5 a minute per IP)',
    'AAAA-',
  ),
  'POST /api/notices/:id/appeal': rule('the user the notice is for (once per action)', 'DDDDA', 'the actioned user'),

  'GET /api/motions': ADMIN,
  'POST /api/motions': ADMIN,
  'DELETE /api/motions/:id': ADMIN,
};

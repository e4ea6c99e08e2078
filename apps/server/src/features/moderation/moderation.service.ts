/**
 * Trust and safety: reports become cases (one open case per reported user and reason), moderators claim and act on
 * them, every action and decision is a row of the append-only log, and notices tell the reporter whether action was
 * taken and the actioned user what, why and until when. The context of a report is copied into the case when it is
 * filed, so it survives edits and deletions; a child-safety case keeps it for SAFETY_RETENTION_DAYS.
 *
 * The feature is cut by responsibility: `reports.service.ts` (filing, with `report-context.ts`),
 * `filter-hits.service.ts` (the text filter's automatic reports), `cases.service.ts` (the queue, claims, closing),
 * `actions.service.ts` (moderators' actions), `notices.service.ts`, `appeals.service.ts`, `moderation-log.service.ts`
 * and `retention.ts`; `moderation.module.ts` wires them. This file is what the rest of the server may call.
 */
export type { TModerationDeps } from './moderation-deps';
// Account deletion, the data export and sign-in's ban refusal.
export { evidenceDigests, moderationOfUser, unnameReporter } from './reports.service';
export { banAppealToken, banRefusalDetails } from './appeals.service';
// Admins' changes logged where every action on an account is.
export { logAdminChange, logChatSwitch } from './moderation-log.service';
// The retention sweep, run by the module's scheduled job (and by tests at a chosen time).
export { purgeExpiredContext } from './retention';

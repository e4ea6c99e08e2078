/**
 * Who may do what with topics, meeting rooms and rounds. One source of truth: the server enforces these rules
 * and the web client uses them to decide which controls to show.
 */
import type { TRole } from './auth.js';
import type { TRoom } from './schemas.js';
import { refusalOf, type TErrorReason, type TRefusal } from './errors.js';
import type { TDebateStatus, TRoundKind } from './debate/protocol.js';
import type { TTeamRole } from './teams.js';
import { formatUntil } from './time-words.js';
import { timeLeftInWords } from './playban.js';
import { isUnder18, type TAgeBand } from './age.js';
import { ageBandsMayMeet, type TMeetingProfile } from './debate/matchmaking.js';

/** The part of the signed-in user these rules look at; `null` is a visitor. */
export type TActor = { id: string; role: TRole } | null;

const isStaff = (actor: TActor) => actor?.role === 'moderator' || actor?.role === 'admin';

/** Only admins write the current topic or make a past one current again. */
export function canChangeTopic(actor: TActor): boolean {
  return actor?.role === 'admin';
}

/** Anyone signed in may create a room. */
export function canCreateRoom(actor: TActor): boolean {
  return actor !== null;
}

/** Created rooms: their creator, moderators and admins. The six fixed rooms are never deleted. */
export function canDeleteRoom(actor: TActor, room: Pick<TRoom, 'isFixed' | 'createdBy'>): boolean {
  if (!actor || room.isFixed) return false;
  return room.createdBy === actor.id || isStaff(actor);
}

/** The six fixed rooms: admins only. Created rooms: the same people who may delete them. */
export function canEditRoom(actor: TActor, room: Pick<TRoom, 'isFixed' | 'createdBy'>): boolean {
  if (room.isFixed) return actor?.role === 'admin';
  return canDeleteRoom(actor, room);
}

/** Moderators and admins are not held to the per-person room cap. */
export function isRoomCapExempt(actor: TActor): boolean {
  return isStaff(actor);
}

// ---- Rounds: the judge's seat, the ballot, the in-round chat ----

/** The parts of a round the rules below read (a server row and a client `TDebate` both give them). */
export interface TRoundSeats {
  status: TDebateStatus;
  debaterAId: string;
  debaterBId: string;
  judgeId: string | null;
  /** A debater's judge invitation is out: the seat is kept for its holder. */
  hasJudgeInvite: boolean;
  /** A team round: only these (the team's coaches and named judges) may take its seat. */
  teamJudgeIds?: readonly string[] | undefined;
  /**
   * A debater is under 18 (or has not given their age): the seat is kept for a minor, a coach of either debater's
   * team (`minorRoundCoachIds`), a moderator or admin, or a verified judge (issue 24). Absent: no minor.
   */
  hasMinor?: boolean | undefined;
  minorRoundCoachIds?: readonly string[] | undefined;
}

/** The parts of the signed-in user the judge's seat of a round with a minor reads (the door's `TSessionUser`). */
export type TJudgeActor =
  (NonNullable<TActor> & { ageBand?: TAgeBand | undefined; isVerifiedJudge?: boolean | undefined }) | null;

/** Why an action on a round is refused: the HTTP class, the reason a client branches on, and the words. */
export type TRoundRefusal = TRefusal;

const isDebaterOf = (userId: string, round: TRoundSeats) => round.debaterAId === userId || round.debaterBId === userId;

/**
 * Taking the judge's seat: anyone signed in who is not a debater, while the round is live and the seat free and not
 * kept for an invited judge; with the invitation (`invite: 'valid'`), also after the last speech while the round
 * waits for that judge's ballot. The judge already seated is not refused (taking the seat again changes nothing).
 */
export function judgeRefusal(
  actor: TJudgeActor,
  round: TRoundSeats,
  invite: 'none' | 'valid' | 'invalid' = 'none',
): TRoundRefusal | null {
  if (!actor) return { code: 'forbidden', reason: 'not_in_round', message: 'Sign in to judge a debate.' };
  if (isDebaterOf(actor.id, round)) {
    return { code: 'forbidden', reason: 'debater_cannot_judge', message: 'A debater cannot judge their own debate.' };
  }
  if (round.judgeId === actor.id) return null;
  if (round.teamJudgeIds && !round.teamJudgeIds.includes(actor.id)) return refusalOf('not_team_judge');
  // An invitation does not open the seat of a minor's round to anyone else: a debater cannot vouch for a stranger.
  if (round.hasMinor && !mayJudgeMinors(actor, round)) return refusalOf('minor_round_judge');
  const isOpen = round.status === 'live' || (round.status === 'awaiting_ballot' && round.judgeId === null);
  if (!isOpen) return refusalOf('round_over');
  if (round.judgeId !== null) return refusalOf('judge_taken');
  if (round.hasJudgeInvite && invite !== 'valid') {
    return invite === 'invalid'
      ? { code: 'conflict', reason: 'judge_invite_invalid', message: 'That judge invitation is no longer valid.' }
      : { code: 'conflict', reason: 'judge_invited', message: 'A debater has invited a judge for this round.' };
  }
  if (!round.hasJudgeInvite && round.status !== 'live') return refusalOf('round_over');
  return null;
}

/**
 * Who may sit in the judge's seat of a round with a debater under 18 (issue 24): a minor, a coach of a team either
 * debater belongs to, a moderator or admin, or a judge an admin verified.
 */
export function mayJudgeMinors(actor: NonNullable<TJudgeActor>, round: TRoundSeats): boolean {
  return (
    actor.ageBand === 'minor' ||
    isStaff(actor) ||
    actor.isVerifiedJudge === true ||
    (round.minorRoundCoachIds ?? []).includes(actor.id)
  );
}

/** Whether `actor` may take (or already holds) the judge's seat; see `judgeRefusal`. */
export function canJudge(
  actor: TJudgeActor,
  round: TRoundSeats,
  invite: 'none' | 'valid' | 'invalid' = 'none',
): boolean {
  return judgeRefusal(actor, round, invite) === null;
}

/**
 * A debater's judge invitation (a link that keeps the seat for its holder): only in a round open to any judge, so
 * never in a team's practice round (its coaches and named judges judge it), and only while the round is live and
 * its seat is free.
 */
export function judgeInviteRefusal(actor: TActor, round: TRoundSeats & { isTeamRound: boolean }): TRoundRefusal | null {
  if (!actor || !isDebaterOf(actor.id, round)) {
    return { code: 'forbidden', reason: 'not_in_round', message: 'Only the debaters can invite a judge.' };
  }
  if (round.isTeamRound) return refusalOf('not_team_judge');
  if (round.status !== 'live') return refusalOf('round_over');
  if (round.judgeId !== null) return refusalOf('judge_taken');
  return null;
}

/** A ballot: only the round's judge, and only between the last speech and the decision. */
export function ballotRefusal(actor: TActor, round: TRoundSeats): TRoundRefusal | null {
  if (!actor || round.judgeId !== actor.id) {
    return {
      code: 'forbidden',
      reason: 'not_in_round',
      message: 'Only the judge of this debate can submit a ballot.',
    };
  }
  if (round.status === 'live') {
    return { code: 'conflict', reason: 'ballot_not_open', message: 'The ballot opens after the last speech.' };
  }
  if (round.status !== 'awaiting_ballot') {
    return { code: 'conflict', reason: 'already_decided', message: 'This debate has already been decided.' };
  }
  return null;
}

export function canSubmitBallot(actor: TActor, round: TRoundSeats): boolean {
  return ballotRefusal(actor, round) === null;
}

/**
 * Reading a meeting link the snapshot keeps back (a round spectators may not watch, issue 24): its debaters and its
 * judge only.
 */
export function meetingLinkReadRefusal(actor: TActor, round: TRoundSeats): TRoundRefusal | null {
  if (actor && (isDebaterOf(actor.id, round) || round.judgeId === actor.id)) return null;
  return refusalOf('spectators_not_watching');
}

/** The in-round chat: its debaters and its judge write; everyone signed in reads. */
export function canPostInRound(actor: TActor, round: TRoundSeats): boolean {
  return !!actor && (isDebaterOf(actor.id, round) || round.judgeId === actor.id);
}

/** Writing in the in-round chat (see `canPostInRound`); the ban refusal of every chat, `chatPostRefusal`, comes after. */
export function roundChatRefusal(actor: TActor, round: TRoundSeats): TRoundRefusal | null {
  if (canPostInRound(actor, round)) return null;
  return {
    code: 'forbidden',
    reason: 'not_in_round',
    message: 'Only the debaters and the judge can write in the round chat.',
  };
}

/**
 * The round chat is open while the round is (live, or awaiting its ballot, when the judge may still ask or explain);
 * once it is over it is read-only: nobody writes into a finished, forfeited or abandoned round (one a block ended).
 */
export function roundChatClosedRefusal(status: TDebateStatus): TRefusal | null {
  return status === 'live' || status === 'awaiting_ballot' ? null : refusalOf('round_chat_closed');
}

/** A private flow sheet of the round: its debaters and judge keep one each. */
export function flowRefusal(actor: TActor, round: TRoundSeats): TRoundRefusal | null {
  if (canPostInRound(actor, round)) return null;
  return {
    code: 'forbidden',
    reason: 'not_in_round',
    message: 'Only the debaters and the judge keep a flow of this round.',
  };
}

/** Offering a point of information (or of order): the debaters of a live round (the clock's own rule comes after). */
export function poiOfferRefusal(actor: TActor, round: TRoundSeats): TRoundRefusal | null {
  if (round.status !== 'live') return refusalOf('round_over');
  if (actor && isDebaterOf(actor.id, round)) return null;
  return { code: 'forbidden', reason: 'not_in_round', message: 'Only the debaters offer points.' };
}

/** The meeting link a round may use instead of the built-in call: its debaters set it (or clear it). */
export function meetingLinkRefusal(actor: TActor, round: TRoundSeats): TRoundRefusal | null {
  if (actor && isDebaterOf(actor.id, round)) return null;
  return { code: 'forbidden', reason: 'not_in_round', message: 'Only the debaters can share a meeting link.' };
}

// ---- Recordings ----

/** Agreeing (or no longer agreeing) to record the round: each debater for themselves, while the round is live. */
export function recordingConsentRefusal(actor: TActor, round: TRoundSeats): TRoundRefusal | null {
  if (!actor || !isDebaterOf(actor.id, round)) {
    return {
      code: 'forbidden',
      reason: 'not_in_round',
      message: 'Only the debaters decide whether the round is recorded.',
    };
  }
  if (round.status !== 'live') return refusalOf('round_over');
  return null;
}

/** A debater's browser starting its recording: a live round whose two debaters have both agreed. */
export function recordingStartRefusal(
  actor: TActor,
  round: TRoundSeats & { consent: Record<'a' | 'b', boolean> },
): TRoundRefusal | null {
  if (!actor || !isDebaterOf(actor.id, round)) {
    return { code: 'forbidden', reason: 'not_in_round', message: 'Only the debaters record the round.' };
  }
  if (round.status !== 'live') return refusalOf('round_over');
  if (!round.consent.a || !round.consent.b) {
    return {
      code: 'conflict',
      reason: 'no_recording_consent',
      message: 'Both debaters must agree before the round is recorded.',
    };
  }
  return null;
}

/** Playing a round's recordings: its debaters and judge. */
export function recordingViewRefusal(actor: TActor, round: TRoundSeats): TRoundRefusal | null {
  if (canPostInRound(actor, round)) return null;
  return { code: 'forbidden', reason: 'not_in_round', message: 'A round’s recordings are for its debaters and judge.' };
}

/** A round's recordings are deleted (both sides' at once) by its debaters only: the judge watches them, no more. */
export function recordingDeleteRefusal(actor: TActor, round: TRoundSeats): TRoundRefusal | null {
  if (actor && isDebaterOf(actor.id, round)) return null;
  return { code: 'forbidden', reason: 'not_in_round', message: 'Only the debaters delete the round’s recordings.' };
}

export function canDeleteRecordings(actor: TActor, round: TRoundSeats): boolean {
  return recordingDeleteRefusal(actor, round) === null;
}

/**
 * The round's seats as these rules read them, from a client's `TDebate`. A team round is judged by its team's judges
 * (none left when the team was deleted), whatever `team` holds.
 */
export function seatsOfDebate(debate: {
  kind: TRoundKind;
  status: TDebateStatus;
  debaters: Record<'a' | 'b', { userId: string }>;
  judge: { userId: string } | null;
  hasJudgeInvite: boolean;
  team: { judgeIds: string[] } | null;
  minors?: { hasMinor: boolean; coachIds: string[] } | undefined;
}): TRoundSeats {
  return {
    status: debate.status,
    debaterAId: debate.debaters.a.userId,
    debaterBId: debate.debaters.b.userId,
    judgeId: debate.judge?.userId ?? null,
    hasJudgeInvite: debate.hasJudgeInvite,
    teamJudgeIds: debate.kind === 'team' ? (debate.team?.judgeIds ?? []) : undefined,
    hasMinor: debate.minors?.hasMinor,
    minorRoundCoachIds: debate.minors?.coachIds,
  };
}

// ---- Who a minor meets (issue 24, item 2) ----

/** Whether a round's debaters' bands put a minor in it: under 18, or no band yet (the safe side). */
export function isMinorRound(bands: readonly (TAgeBand | null | undefined)[]): boolean {
  return bands.some((band) => band == null || isUnder18(band));
}

/** A coach seating a judge who may not judge a round with a minor in it (`mayJudgeMinors`): names the judge. */
export function minorPairingJudgeRefusal(judgeName: string | null): TRoundRefusal | null {
  if (judgeName === null) return null;
  return {
    code: 'conflict',
    reason: 'minor_round_judge',
    message:
      `${judgeName} cannot judge this round: a debater in it is under 18, so its judge must be a student under 18, ` +
      'a coach of their team, a moderator or a verified judge.',
  };
}

/**
 * Accepting a challenge link: the two must be in the same age band (`ageBandsMayMeet`: minors with minors, adults
 * with adults) unless they share a team.
 */
export function ageBandRefusal(me: TMeetingProfile, them: TMeetingProfile): TRefusal | null {
  return ageBandsMayMeet(me, them) ? null : refusalOf('age_band');
}

/**
 * Whether spectators of a round see and hear its debaters (and see its evidence): always in a round of adults;
 * in a round with a minor only while both debaters let spectators watch. `watch` is each debater's toggle as stored
 * (null: not chosen, which reads as on for adults and off with a minor).
 */
export function spectatorsMayWatch(round: { hasMinor: boolean; watch: Record<'a' | 'b', boolean | null> }): boolean {
  return (round.watch.a ?? !round.hasMinor) && (round.watch.b ?? !round.hasMinor);
}

/** A spectator reaching for a round's audio, video or evidence while its debaters have not let spectators watch. */
export function spectatorWatchRefusal(isWatchAllowed: boolean): TRoundRefusal | null {
  return isWatchAllowed ? null : refusalOf('spectators_not_watching');
}

/** Turning "let spectators watch" on or off: each debater for themselves, while the round is on. */
export function watchToggleRefusal(actor: TActor, round: TRoundSeats): TRoundRefusal | null {
  if (!actor || !isDebaterOf(actor.id, round)) {
    return {
      code: 'forbidden',
      reason: 'not_in_round',
      message: 'Only the debaters decide whether spectators watch the round.',
    };
  }
  if (round.status !== 'live' && round.status !== 'awaiting_ballot') return refusalOf('round_over');
  return null;
}

// ---- Teams ----

/** Someone's place on a team; `null` for someone outside it. */
export type TTeamMembership = { role: TTeamRole; isJudge: boolean } | null;

/** Coaches manage the team: its details, join code, members, and the rounds they pair. */
export function canManageTeam(membership: TTeamMembership): boolean {
  return membership?.role === 'coach';
}

/** Members (coaches too) see the team's roster, rounds and leaderboard; outsiders see its name only. */
export function canViewTeam(membership: TTeamMembership): boolean {
  return membership !== null;
}

/** Coaches, and the members a coach names, judge the team's practice rounds. */
export function canJudgeTeamRounds(membership: TTeamMembership): boolean {
  return membership !== null && (membership.role === 'coach' || membership.isJudge);
}

/** A member's progress (ballots, ratings): their coaches and themselves. */
export function canViewMemberProgress(actorId: string, membership: TTeamMembership, memberUserId: string): boolean {
  return canManageTeam(membership) || (membership !== null && actorId === memberUserId);
}

const notTeamMember = (message: string): TRefusal => ({ code: 'forbidden', reason: 'not_team_member', message });

/** Managing the team (details, join code, members, pairings): its coaches. */
export function teamManageRefusal(membership: TTeamMembership): TRefusal | null {
  return canManageTeam(membership) ? null : notTeamMember('Only the team’s coaches can do that.');
}

/** The team's rounds: its members. */
export function teamRoundsRefusal(membership: TTeamMembership): TRefusal | null {
  return canViewTeam(membership) ? null : notTeamMember('Only the team’s members see its rounds.');
}

/** Removing someone from the team: a coach, or the member themselves (leaving). */
export function memberRemovalRefusal(actorId: string, membership: TTeamMembership, memberUserId: string) {
  return actorId === memberUserId || canManageTeam(membership)
    ? null
    : notTeamMember('Only the team’s coaches can remove members.');
}

/** A member's progress: see `canViewMemberProgress`. */
export function memberProgressRefusal(actorId: string, membership: TTeamMembership, memberUserId: string) {
  return canViewMemberProgress(actorId, membership, memberUserId)
    ? null
    : notTeamMember('Only the team’s coaches see a member’s progress.');
}

// ---- Evidence ----

/** Sharing evidence into a round: its debaters and judge, while the round is live or waits for its ballot. */
export function evidenceShareRefusal(actor: TActor, round: TRoundSeats): TRoundRefusal | null {
  if (canPostInRound(actor, round) && (round.status === 'live' || round.status === 'awaiting_ballot')) return null;
  return {
    code: 'forbidden',
    reason: 'not_in_round',
    message: 'Only the debaters and the judge share evidence, while the round is on.',
  };
}

export function canShareEvidence(actor: TActor, round: TRoundSeats): boolean {
  return evidenceShareRefusal(actor, round) === null;
}

/**
 * Seeing (and downloading) a round's evidence: its debaters and judge; signed-in spectators if the debaters allow.
 * (Once the round is over, the round's own view rule, `roundViewRefusal`, applies as well.)
 */
export function evidenceViewRefusal(actor: TActor, round: TRoundSeats, isPublic: boolean): TRoundRefusal | null {
  if (canPostInRound(actor, round) || (actor !== null && isPublic)) return null;
  return {
    code: 'forbidden',
    reason: 'evidence_private',
    message: 'The debaters have not shared this round’s evidence with spectators.',
  };
}

export function canSeeEvidence(actor: TActor, round: TRoundSeats, isPublic: boolean): boolean {
  return evidenceViewRefusal(actor, round, isPublic) === null;
}

/** Letting spectators see the round's evidence (or no longer): its debaters. */
export function evidenceVisibilityRefusal(actor: TActor, round: TRoundSeats): TRoundRefusal | null {
  if (actor && isDebaterOf(actor.id, round)) return null;
  return {
    code: 'forbidden',
    reason: 'not_in_round',
    message: 'Only the debaters decide whether spectators see the evidence.',
  };
}

// ---- Replays ----

/**
 * A finished round's replay, and its place in a debater's profile: its debaters and judge always; a team's practice
 * round also its team's members; any other round anyone signed in (as the live room is), unless a debater keeps
 * it private. `membership` is the actor's place on the round's team (null when outside it, or for a public round).
 */
export function canViewReplay(
  actor: TActor,
  round: TRoundSeats & { isTeamRound: boolean; isPrivate: boolean },
  membership: TTeamMembership,
): boolean {
  if (!actor || round.status === 'live') return false;
  if (canPostInRound(actor, round)) return true;
  return round.isTeamRound ? canViewTeam(membership) : !round.isPrivate;
}

/** A signed-in person with no seat in any round and no team: how a visitor is answered about a round. */
const STRANGER: NonNullable<TActor> = { id: '', role: 'user' };

/**
 * Looking at a round (its page, chat, evidence, replay). A live round is open to anyone signed in, as a spectator; a
 * finished one follows `canViewReplay`. A visitor is answered as a signed-in stranger would be (signing in is all a
 * live or public round asks of them; the routes still require it). `membership` is the actor's place on the round's
 * team (null when outside it, or for a public round; it is not read for a live round).
 */
export function roundViewRefusal(
  actor: TActor,
  round: TRoundSeats & { isTeamRound: boolean; isPrivate: boolean },
  membership: TTeamMembership,
): TRoundRefusal | null {
  if (round.status === 'live') return null;
  if (canViewReplay(actor ?? STRANGER, round, membership)) return null;
  if (round.isTeamRound) {
    return { code: 'forbidden', reason: 'not_team_member', message: 'This practice round is for its team.' };
  }
  return refusalOf('replay_private');
}

// ---- Chats ----

/** The part of an account the ban rule reads, as stored (better-auth's admin plugin: `banned`, `banExpires`). */
export interface TBanState {
  banned: number | boolean | null;
  banExpires: string | Date | null;
}

/** A ban holds while `banned` is set and its end (if any) has not come, as better-auth's admin plugin reads it. */
export function isBanActive(ban: TBanState, nowMs = Date.now()): boolean {
  return (
    (ban.banned === true || Number(ban.banned) === 1) &&
    (ban.banExpires === null || new Date(ban.banExpires).getTime() > nowMs)
  );
}

/** Posting in any chat (the community chat, a round's chat): anyone whose account is not banned. */
export function chatPostRefusal(author: TBanState, nowMs = Date.now()): TRefusal | null {
  return isBanActive(author, nowMs) ? refusalOf('account_banned') : null;
}

/**
 * Posting in the community chat while an admin lets only established accounts post (issue 24, item 6): moderators,
 * admins and established accounts (`isEstablishedAccount`: older than 24 hours, a completed round) may; others are
 * told why. They can still read.
 */
export function chatLockRefusal(
  author: { role: TRole | string; isEstablished: boolean },
  isLocked: boolean,
): TRefusal | null {
  if (!isLocked || author.role === 'moderator' || author.role === 'admin' || author.isEstablished) return null;
  return {
    code: 'forbidden',
    reason: 'chat_locked',
    message:
      'Only established accounts can post in the chat right now (older than 24 hours, with a completed round). You can still read it.',
  };
}

/**
 * A new account's community chat limit (`newAccountChatLimit`) reached: refused (429) saying when it may post again,
 * `retryAtMs` (when the oldest message of the window leaves it).
 */
export function chatSlowModeRefusal(
  limit: { messages: number; windowMs: number },
  retryAtMs: number,
  nowMs = Date.now(),
): TRefusal {
  const seconds = Math.max(1, Math.ceil((retryAtMs - nowMs) / 1000));
  const perMinute = Math.round((limit.messages * 60_000) / limit.windowMs);
  return {
    code: 'rate_limited',
    reason: 'chat_slow_mode',
    message: `New accounts can send ${perMinute} messages a minute in the chat. You can post again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
  };
}

/** Keeping a round's replay private (or public again): its debaters, whose round it is. */
export function replayPrivacyRefusal(actor: TActor, round: TRoundSeats): TRoundRefusal | null {
  if (actor && isDebaterOf(actor.id, round)) return null;
  return { code: 'forbidden', reason: 'not_in_round', message: 'Only the debaters decide who sees the replay.' };
}

export function canSetReplayPrivacy(actor: TActor, round: TRoundSeats): boolean {
  return replayPrivacyRefusal(actor, round) === null;
}

// ---- Blocks ----

/** Why a block is refused: the HTTP class, the reason a client branches on, and the words. */
export interface TBlockRefusal {
  code: 'validation_failed' | 'not_found' | 'conflict';
  reason?: TErrorReason;
  message: string;
}

/** Blocking someone: a signed-in user blocks another account that exists, not themselves, within `BLOCKS_MAX`. */
export function blockRefusal(
  actor: { id: string },
  target: { id: string; exists: boolean },
  blockCount: { current: number; max: number; isAlreadyBlocked: boolean },
): TBlockRefusal | null {
  if (target.id === actor.id)
    return { code: 'validation_failed', reason: 'block_self', message: 'You cannot block yourself.' };
  if (!target.exists) return { code: 'not_found', message: 'That user does not exist.' };
  if (!blockCount.isAlreadyBlocked && blockCount.current >= blockCount.max) {
    return {
      code: 'conflict',
      reason: 'blocks_full',
      message: `You have blocked ${blockCount.max} people, the most one account can. Unblock someone first.`,
    };
  }
  return null;
}

// ---- Moderation (issue 23): restrictions read from the door's user, and who may act on whom ----

/** The restrictions the door reads with the session user (set only while they hold). */
export interface TRestricted {
  mutedUntil?: string | undefined;
  suspendedUntil?: string | undefined;
}

export interface TRestrictionRefusal {
  code: 'forbidden';
  reason: TErrorReason;
  message: string;
}

const holds = (until: string | undefined, nowMs: number) => until !== undefined && new Date(until).getTime() > nowMs;

/** Posting in the community chat or a round's chat: refused while a mute holds, saying until when. */
export function muteRefusal(user: TRestricted, nowMs = Date.now()): TRestrictionRefusal | null {
  if (!holds(user.mutedUntil, nowMs)) return null;
  return {
    code: 'forbidden',
    reason: 'muted',
    message: `You are muted until ${formatUntil(user.mutedUntil!)}. You cannot send messages until then.`,
  };
}

/** Joining the queue, making or taking a challenge, taking a judge's seat: refused while a suspension holds. */
export function suspensionRefusal(user: TRestricted, nowMs = Date.now()): TRestrictionRefusal | null {
  if (!holds(user.suspendedUntil, nowMs)) return null;
  return {
    code: 'forbidden',
    reason: 'suspended',
    message: `You are suspended from live debates until ${formatUntil(user.suspendedUntil!)}.`,
  };
}

/**
 * Joining the queue: refused during a matchmaking cooldown (issue 24, item 5) brought by leaving or missing rounds,
 * with the time left in words.
 */
export function playbanRefusal(cooldownUntil: string | null, nowMs = Date.now()): TRestrictionRefusal | null {
  if (!holds(cooldownUntil ?? undefined, nowMs)) return null;
  const left = timeLeftInWords(Date.parse(cooldownUntil!) - nowMs);
  return {
    code: 'forbidden',
    reason: 'playban',
    message: `You left or missed three rounds within a day, so you cannot find an opponent for ${left}.`,
  };
}

/** The moderation queue, its cases and actions: moderators and admins. */
export function canModerate(actor: TActor): boolean {
  return isStaff(actor);
}

/**
 * Acting on a user: moderators act on users only, admins on anyone but themselves; no one acts on their own
 * account.
 */
export function moderationTargetRefusal(
  actor: TActor,
  target: { id: string; role: TRole },
): TRestrictionRefusal | null {
  if (!canModerate(actor) || !actor) {
    return { code: 'forbidden', reason: 'cannot_moderate_staff', message: 'Only moderators and admins can do that.' };
  }
  if (actor.id === target.id) {
    return { code: 'forbidden', reason: 'cannot_moderate_staff', message: 'You cannot act on your own account.' };
  }
  if (actor.role === 'moderator' && target.role !== 'user') {
    return {
      code: 'forbidden',
      reason: 'cannot_moderate_staff',
      message: 'Moderators cannot act on moderators or admins. Ask an admin.',
    };
  }
  return null;
}

/**
 * Where a block keeps two people apart. `challenge`, `judge` and `pairing` bring the two into one round (refused
 * whichever of them blocked the other); `spectate` and `evidence` are the blocked user reaching into the blocker's
 * round.
 */
export type TBlockDoor = 'challenge' | 'judge' | 'spectate' | 'evidence' | 'round_chat';

const BLOCK_DOOR_MESSAGES: Record<TBlockDoor, string> = {
  challenge: 'You cannot debate this person: one of you has blocked the other.',
  judge: 'You cannot judge this round: one of its debaters and you have a block between you.',
  spectate: 'You cannot watch this round.',
  evidence: 'You cannot share evidence into this round.',
  round_chat: 'You cannot write in this round: someone in it and you have a block between you.',
};

/** A door that a block between the two people involved closes (`isBlocked`: the server read a block), or null. */
export function blockedPairRefusal(door: TBlockDoor, isBlocked: boolean): TRoundRefusal | null {
  if (!isBlocked) return null;
  return {
    code: door === 'spectate' || door === 'evidence' || door === 'round_chat' ? 'forbidden' : 'conflict',
    reason: 'blocked',
    message: BLOCK_DOOR_MESSAGES[door],
  };
}

/** A coach's pairing of two members one of whom blocked the other: a clear conflict naming them. */
export function blockedPairingRefusal(names: [string, string] | null): TRoundRefusal | null {
  if (!names) return null;
  return {
    code: 'conflict',
    reason: 'blocked',
    message: `${names[0]} and ${names[1]} cannot be paired: one of them has blocked the other. Pair them with someone else.`,
  };
}

// ---- Ages (issue 24, item 1): the month of birth asked first, and accounts limited to their teams ----

/** The part of the door's user the age rules read. */
export interface TAgeState {
  ageBand?: TAgeBand | undefined;
  isTeamManaged?: true | undefined;
}

/**
 * An account limited to its teams: one created team-managed through a join link, and any account under 13 (one that
 * gave an under-13 month after signing up some other way — Google, or before ages were asked — is held to the same
 * limits until a coach's join link makes it team-managed; docs/decisions.md).
 */
export function isLimitedToTeams(user: TAgeState): boolean {
  return user.isTeamManaged === true || user.ageBand === 'child';
}

/**
 * Where an account limited to its teams is refused, each with its own words. `meetings` (the public rooms' external
 * meeting links) is a door of the web only: its screens do not offer them and say this on the page (issue 29).
 */
export type TTeamManagedDoor = 'queue' | 'challenge' | 'judge' | 'community_chat' | 'meetings' | 'leave_last_team';

const TEAM_MANAGED_MESSAGES: Record<TTeamManagedDoor, string> = {
  queue: 'Your account is run with your team: you debate in the rounds your coach pairs, not with random opponents.',
  challenge:
    'Your account is run with your team: you debate in the rounds your coach pairs, not through challenge links.',
  judge: 'Your account is run with your team: you judge only your team’s rounds.',
  community_chat: 'The community chat is not open to accounts run with a team. Talk to your team through your coach.',
  meetings:
    'Your account is run with your team: you meet in the rounds your coach pairs, not in the public meeting rooms.',
  leave_last_team: 'Your coach looks after your account: ask them to remove you from your last team.',
};

/** Refused to an account that has not given its month of birth yet (asked at its next sign-in), at the age doors. */
export function ageRequiredRefusal(user: TAgeState): TRefusal | null {
  return user.ageBand === undefined ? refusalOf('age_required') : null;
}

/** Refused to an account limited to its teams (see `isLimitedToTeams`), or null. */
export function teamManagedRefusal(user: TAgeState, door: TTeamManagedDoor): TRefusal | null {
  if (!isLimitedToTeams(user)) return null;
  return { code: 'forbidden', reason: 'team_managed', message: TEAM_MANAGED_MESSAGES[door] };
}

/**
 * A door that depends on age (the queue, challenge links, the judge's seat outside a team round, the community chat):
 * first the month of birth must be given, then an account limited to its teams is kept out.
 */
export function ageDoorRefusal(user: TAgeState, door: Exclude<TTeamManagedDoor, 'leave_last_team'>): TRefusal | null {
  return ageRequiredRefusal(user) ?? teamManagedRefusal(user, door);
}

/** Giving one's own month of birth: only while it is unset; afterwards only an admin changes it. */
export function birthMonthChangeRefusal(hasBirthMonth: boolean): TRefusal | null {
  return hasBirthMonth ? refusalOf('birth_month_set') : null;
}

/** Leaving a team (not a coach removing a member): an account limited to its teams never leaves its last one. */
export function leaveTeamRefusal(
  user: TAgeState & { id: string },
  memberUserId: string,
  teamsOfMember: number,
): TRefusal | null {
  if (user.id !== memberUserId || teamsOfMember > 1) return null;
  return teamManagedRefusal(user, 'leave_last_team');
}

/** A direct sign-up (not through a team's join link) with a month making the person under 13. */
export function directSignUpRefusal(ageBand: TAgeBand | null, hasJoinCode: boolean): TRefusal | null {
  return ageBand === 'child' && !hasJoinCode ? refusalOf('under_13') : null;
}

/**
 * The debates contract: what the HTTP API returns and the request schemas both sides validate with, over HTTP and
 * the socket alike. The debate part of the Socket.IO event maps is `socket-events.ts`.
 */
import { z } from 'zod';
import type { TEvidence } from './evidence.js';
import type { TPoi } from './poi.js';
import type { TFlow } from './flows.js';
import { FORMAT_IDS, oneOnOneFormatRefusal, twoSidedFormatRefusal, type TFormatId, type TSideKey } from '../formats.js';
import { DB_INT_MAX } from '../constants.js';
import { withoutControlCharacters, zText } from '../text.js';
import type { TClockState } from './clock.js';
import type { TCoinFlip } from './coin-flip.js';
import type { TNotCounted } from './awards.js';
import type { TDebaterPoints } from './ballot-points.js';
import type { TBpRecord, TBpRoundResult } from '../bp/round-result.js';
import type { TBpForfeits } from '../bp/forfeits.js';

/** A debate's id: a positive integer the databases can store. */
export const ZDebateId = z.number().int().positive().max(DB_INT_MAX);

export const ZFormatId = z.enum(FORMAT_IDS as [TFormatId, ...TFormatId[]], { error: 'Choose a debate format.' });

/**
 * The format of a round of one debater a side: the one-on-one queue, a challenge, a coach's pairing, a tournament of
 * single entrants. A team-only format (Policy, World Schools) is refused with why (`oneOnOneFormatRefusal`).
 */
export const ZOneOnOneFormatId = ZFormatId.superRefine((formatId, ctx) => {
  const refusal = oneOnOneFormatRefusal(formatId);
  if (refusal) ctx.addIssue({ code: 'custom', message: refusal });
});

/**
 * The format of a path that pairs two sides (a challenge, the team queue, a coach's team pairing, a tournament): any
 * but British Parliamentary, which seats four teams (`twoSidedFormatRefusal`).
 */
export const ZTwoSidedFormatId = ZFormatId.superRefine((formatId, ctx) => {
  const refusal = twoSidedFormatRefusal(formatId);
  if (refusal) ctx.addIssue({ code: 'custom', message: refusal });
});
export const ZSideKey = z.enum(['a', 'b']);

/**
 * A round's status, the one definition (the database column, the API and every rule read it). `abandoned`:
 * both debaters left at once; nobody is blamed and nobody earns.
 */
export const DEBATE_STATUSES = ['live', 'awaiting_ballot', 'completed', 'judged', 'forfeited', 'abandoned'] as const;
export type TDebateStatus = (typeof DEBATE_STATUSES)[number];

/**
 * How a round came to be: paired by the public queue (`matchmade`), from an accepted challenge link (`challenge`),
 * by a team's coach (`team`, a practice round), or by a tournament's draw (`tournament`: its pairing row names the
 * tournament and round). Stored with the round (`debates.kind`); rules read it, never whether
 * the round has a team.
 */
export const ROUND_KINDS = ['matchmade', 'challenge', 'team', 'tournament'] as const;
export type TRoundKind = (typeof ROUND_KINDS)[number];

export interface TRatingSummary {
  rating: number;
  deviation: number;
  /** Shown as provisional until the deviation falls below RATING_PROVISIONAL_DEVIATION. */
  isProvisional: boolean;
  games: number;
}

export interface TDebateParticipant {
  userId: string;
  displayName: string;
}

export interface TDebater extends TDebateParticipant {
  rating: TRatingSummary;
}

/**
 * One debater's seat in a round (issue 40): their side and, on a side of two or three, their speaker position (a
 * format's position id: `first`, `pm`, `1a`); null on a side of one, whose debater gives every speech of the side.
 */
export interface TDebateSeat extends TDebater {
  side: TSideKey;
  position: string | null;
  /** This debater's own say: whether they agree to record the round (every debater must). */
  recordConsent?: boolean;
  /** This debater's own say: whether they let spectators see and hear them (every debater must). */
  spectatorWatch?: boolean;
}

export interface TBallot {
  winnerSide: TSideKey;
  /** 26.0–30.0, in tenths: each side's first seat's (the whole side in a one-on-one round). */
  speakerPoints: Record<TSideKey, number>;
  /** Every debater's speaker points and optional speaker rank, side A's seats first (`TDebaterPoints`). */
  debaterPoints: TDebaterPoints[];
  reason: string;
  judge: TDebateParticipant | null;
  /** False when the judge took the seat after the speeches began (marked on the ballot; earns no judging points). */
  wasJudgePresent: boolean;
  createdAt: string;
}

/** One panel judge's own ballot, as everyone sees it once the panel has decided. */
export interface TPanelBallot {
  judge: TDebateParticipant;
  winnerSide: TSideKey;
  /** 26.0–30.0, in tenths. */
  speakerPoints: Record<TSideKey, number>;
  /** The judge's points (and ranks) per debater, side A's seats first; empty for a ballot that scored sides only. */
  debaterPoints: TDebaterPoints[];
  reason: string;
  createdAt: string;
}

/**
 * A round judged by a panel (`debate/panel.ts`): its judges in seat order (the first, the chair, is also `judge`),
 * whose ballot is in, and — once a majority decided — every ballot and the votes (a late ballot among them).
 */
export interface TDebatePanel {
  judges: (TDebateParticipant & { hasSubmitted: boolean })[];
  /** Empty until the panel has decided: no judge reads another's ballot before writing their own. */
  ballots: TPanelBallot[];
  /** The votes of the ballots in, once decided; null before. */
  votes: Record<TSideKey, number> | null;
}

export interface TDebate {
  id: number;
  formatId: TFormatId;
  resolution: string;
  status: TDebateStatus;
  /** How the round came to be (the queue, a challenge, a coach's pairing). */
  kind: TRoundKind;
  /** Each side's first seat (the whole round in a one-on-one round); every debater is in `seats`. */
  debaters: Record<TSideKey, TDebater>;
  /** Every debater of the round, side A's seats first, each side's in seat order (its first seat first). */
  seats: TDebateSeat[];
  judge: TDebateParticipant | null;
  winnerSide: TSideKey | null;
  /** Abandoned because the team's coach called the round off (not because both debaters left). */
  isCancelled: boolean;
  /** Abandoned because one person in the round blocked another (said neutrally: nobody is named). */
  isEndedEarly: boolean;
  forfeitedBy: string | null;
  /**
   * The meeting link a debater shared, or null. In a round spectators may not watch (a minor's, until both debaters
   * let them) it is null here and `hasMeetingLink` says one is set: the debaters and the judge read it from
   * `GET /api/debates/:id/meeting-link`, so the room's published snapshot never carries it to spectators.
   */
  externalLink: string | null;
  hasMeetingLink: boolean;
  clock: TClockState;
  clockVersion: number;
  /**
   * A Public Forum tournament round's coin flip (`debate/coin-flip.ts`): its winner and the choices made so far; the
   * clock waits for both. Null in every other round.
   */
  coinFlip: TCoinFlip | null;
  /**
   * Counted up each time the server publishes the round (`debate.updated` and the HTTP answer of the change that
   * caused it): of two snapshots, the one with the higher revision is the newer. See `newerDebate`.
   */
  revision: number;
  ballot: TBallot | null;
  /** A British Parliamentary room's ranked ballot (`POST /api/debates/:id/bp-ballots`); null in every other round. */
  bpResult: TBpRoundResult | null;
  /** A British Parliamentary room's teams that forfeited, each with the place it takes (`{}`: none, or another format). */
  bpForfeits: TBpForfeits;
  /** A panel of judges (each submits a ballot, the majority decides); null: one judge. */
  panel: TDebatePanel | null;
  createdAt: string;
  endedAt: string | null;
  /** What the round earned each participant, and why (entries at 0 points say why nothing); empty while live. */
  awards: TDebateAward[];
  /** Why the round did not count for points; null when it counted or is running. */
  notCounted: TNotCounted | null;
  /** A judge invitation is out: the seat is kept for whoever holds its link. */
  hasJudgeInvite: boolean;
  /** A team's practice round: the team, who may judge it (its coaches and named judges), when it was set to start. */
  team: { id: number; name: string; judgeIds: string[] } | null;
  startsAt: string | null;
  /** The debaters let spectators see the round's evidence. */
  evidencePublic: boolean;
  /** A debater keeps the replay to the round's debaters and judge (and, for a practice round, its team). */
  isReplayPrivate: boolean;
  /** Points of information and of order offered so far, oldest first. */
  pois: TPoi[];
  /** Each debater's agreement to record the round; browsers record only when both agree. */
  recordConsent: Record<TSideKey, boolean>;
  /**
   * Who a minor meets: a debater is under 18 (or has not given an age); then `coachIds` are the coaches of
   * either debater's teams, who may judge the round (empty otherwise). Never anyone's age.
   */
  minors: { hasMinor: boolean; coachIds: string[] };
  /**
   * Each debater's "let spectators watch" as it reads now (not chosen: on in a round of adults, off with a minor), and
   * whether spectators get the debaters' audio, video and evidence (both on).
   */
  spectatorWatch: Record<TSideKey, boolean> & { isAllowed: boolean };
}

/** `PUT /api/debates/:id/spectator-watch`: a debater lets spectators watch the round, or stops letting them. */
export const ZSpectatorWatchRequest = z.object({ allow: z.boolean({ error: 'Say whether spectators may watch.' }) });

/** `POST /api/debates/:id/judge`: the invitation's token when joining by a debater's link. */
export const ZJoinAsJudgeRequest = z
  .object({ invite: z.string().min(8, 'That judge invitation is not valid.').max(64).optional() })
  .nullish();

/** One score-ledger entry a round wrote (see `awardsFor`). */
export interface TDebateAward {
  userId: string;
  points: number;
  reason: string;
}

/** A row of the live list or of a history. */
export interface TDebateSummary {
  id: number;
  formatId: TFormatId;
  resolution: string;
  status: TDebateStatus;
  debaters: Record<TSideKey, TDebateParticipant>;
  judge: TDebateParticipant | null;
  winnerSide: TSideKey | null;
  /** A practice round paired for later: its start. Until then a live round is upcoming, not under way. */
  startsAt: string | null;
  /** Abandoned because the team's coach called the round off (not because both debaters left). */
  isCancelled: boolean;
  /** Abandoned because one person in the round blocked another (said neutrally: nobody is named). */
  isEndedEarly: boolean;
  createdAt: string;
  endedAt: string | null;
  /** Why the round did not count for points (`notCountedText`); null when it counted or is running. */
  notCounted: TNotCounted | null;
}

/** A debater's own record, for their dashboard: results, speaker points and a rating per format. */
export interface TDebateRecord {
  wins: number;
  losses: number;
  /** Rounds that ended without a winner (completed without a ballot, abandoned). */
  noDecision: number;
  /** Mean of the speaker points judges gave this debater, or null before any ballot. */
  averageSpeakerPoints: number | null;
  /** One entry per format the debater has a rating in. */
  ratings: { formatId: TFormatId; rating: TRatingSummary }[];
  /** Their British Parliamentary rooms' results; null before their first judged BP room. */
  bp: TBpRecord | null;
}

/** A round from one of its debaters' point of view: their side, their opponent, how it went for them. */
export interface TRoundOfDebater extends TDebateSummary {
  side: TSideKey;
  /** The other side's first seat (the opponent of a one-on-one round). */
  opponent: TDebateParticipant;
  /** The debater's partners on their side in a round of teams (empty one-on-one). */
  partners: TDebateParticipant[];
  result: 'win' | 'loss' | 'no-decision';
}

/** One past debate from a debater's point of view. */
export interface THistoryEntry extends TRoundOfDebater {
  ballot: TBallot | null;
}

/**
 * One round a user judged, ended (not live): the round's result (`status`, `winnerSide`) and the ballot, if one was
 * written. Listed on the judge's Debates page and, to those who may replay it, on their profile.
 */
export interface TJudgedRound extends TDebateSummary {
  ballot: TBallot | null;
  /** A team's practice round (listed on a profile only to its team and the round's debaters and judge). */
  isTeamRound: boolean;
}

/** `GET /api/debates/history`: the rounds the user debated (with how many they joined) and those they judged. */
export interface THistoryResponse {
  debates: THistoryEntry[];
  debatesJoined: number;
  /** Newest first, live rounds left out; a round still waiting for the ballot is listed. */
  judged: TJudgedRound[];
}

export interface TDebateMessage {
  id: number;
  debateId: number;
  userId: string;
  displayName: string;
  text: string;
  createdAt: string;
}

export const DEBATE_MESSAGE_MAX = 1000;
/** `debate.signal` per connection: a burst that holds a whole WebRTC negotiation, then a steady trickle. */
export const SIGNAL_LIMIT = { burst: 120, perSecond: 10 } as const;

export const CLOCK_ACTIONS = ['start_speech', 'end_speech', 'start_prep', 'end_prep', 'pause', 'resume'] as const;
export type TClockAction = (typeof CLOCK_ACTIONS)[number];

export const ZClockAction = z.enum(CLOCK_ACTIONS);

/** The payload of every clock event (`debate.start_speech`, `debate.pause`, …). */
export const ZClockCommand = z.object({
  debateId: ZDebateId,
  /** The clock version the client saw: a stale command (someone else acted first) is refused. */
  clockVersion: z.number().int().min(0).max(DB_INT_MAX).optional(),
});
export type TClockCommand = z.infer<typeof ZClockCommand>;

export type TClockReply = { clock: TClockState; clockVersion: number; serverTime: number };

export const ZDebateRef = z.object({ debateId: ZDebateId });
export type TDebateRef = z.infer<typeof ZDebateRef>;

/**
 * `debate.join`. A debater or judge who opens the round in another window takes its call there (`takeOver`, the
 * default): their other windows in the round are told (`debate.opened_elsewhere`). A window that was told so rejoins
 * after a reconnect without taking the call back (`takeOver: false`), until its person asks for it.
 */
export const ZJoinDebate = ZDebateRef.extend({ takeOver: z.boolean().optional() });
export type TJoinDebate = z.infer<typeof ZJoinDebate>;

export const ZSendDebateMessage = z.object({
  debateId: ZDebateId,
  text: zText('multiline', {
    label: 'A message',
    max: DEBATE_MESSAGE_MAX,
    required: 'Type a message first.',
    tooLong: `Messages are at most ${DEBATE_MESSAGE_MAX} characters.`,
  }),
  /** Made by the sender once per message: a retry with it never stores twice (the web client always sends one). */
  clientId: z.uuid({ error: 'The message needs a client id (a UUID).' }).optional(),
});
export type TSendDebateMessage = z.infer<typeof ZSendDebateMessage>;

export const ZExternalLinkRequest = z.object({
  link: withoutControlCharacters(z.string().trim().max(2000), 'Meeting link').refine(
    (v) => v === '' || /^https?:\/\/[^\s@]+$/i.test(v),
    {
      error: 'Meeting link must be a web address starting with http:// or https://.',
    },
  ),
});

/**
 * How many spectators a participant's browser sends audio and video to. The round's media is a mesh (every
 * participant uploads to every peer), so each spectator costs each debater and the judge one more upload:
 * beyond this many, spectators follow the clock and chat without media (docs/decisions.md).
 */
export const SPECTATOR_MEDIA_LIMIT = 4;

/** Who takes part in a round's audio and video, in the order that decides who offers to whom. */
export type TMediaRole = 'a' | 'b' | 'judge' | 'spectator';

/** WebRTC signalling, relayed as-is between two people in a round (a hello without `toUserId` goes to the room). */
export const ZRtcSignal = z.discriminatedUnion('type', [
  /**
   * `offerId` names this offer (a new one for every offer, ICE restarts too), and the answer repeats it, so an answer
   * to an older offer is told apart and ignored; `toCallId` is the peer's call (its hello's `callId`) the offer is
   * for, so a window that started its call again ignores an offer made for its earlier one. Both are absent from a
   * browser older than them.
   */
  z.object({
    type: z.literal('offer'),
    sdp: z.string().max(20_000),
    offerId: z.string().min(1).max(64).optional(),
    toCallId: z.string().min(1).max(64).optional(),
  }),
  z.object({ type: z.literal('answer'), sdp: z.string().max(20_000), offerId: z.string().min(1).max(64).optional() }),
  z.object({
    type: z.literal('candidate'),
    candidate: z.object({
      candidate: z.string().max(2000),
      sdpMid: z.string().max(100).nullable().optional(),
      sdpMLineIndex: z.number().int().nullable().optional(),
      usernameFragment: z.string().max(200).nullable().optional(),
    }),
  }),
  /**
   * "I start afresh": `callId` names this window's call (a new one per page, reload or take-back), so a hello from
   * another window of the same person is told from a repeat of one already answered.
   */
  z.object({
    type: z.literal('hello'),
    callId: z.string().min(1).max(64).optional(),
    /** A debater's or judge's camera is on (absent: on, as before camera choice, or a spectator who sends nothing). */
    camera: z.boolean().optional(),
  }),
  /** A participant's browser already sends media to SPECTATOR_MEDIA_LIMIT spectators. */
  z.object({ type: z.literal('full') }),
  /**
   * A debater or the judge turned their camera on or off (to the room), or tells a peer it just offered to (a late
   * joiner): the others show a placeholder instead of the last frame while it is off.
   */
  z.object({ type: z.literal('media'), camera: z.boolean() }),
]);
export type TRtcSignal = z.infer<typeof ZRtcSignal>;
export const ZDebateSignal = z.object({
  debateId: ZDebateId,
  /** The one peer this signal is for; absent only for a hello or a camera change (`media`) to everyone in the round. */
  toUserId: z.string().min(1).max(100).optional(),
  signal: ZRtcSignal,
});

/** A clock command as the replay's timeline keeps it. */
export interface TClockEvent {
  action: TClockAction;
  phase: TClockState['phase'];
  speechIndex: number;
  at: string;
}

/** `GET /api/debates/:id/replay`: a finished round, everything the viewer may see of it, on one timeline. */
export interface TReplay {
  debate: TDebate;
  events: TClockEvent[];
  messages: TDebateMessage[];
  /** Null when the viewer may not see the round's evidence. */
  evidence: TEvidence[] | null;
  /** The viewer's own flow (debaters and judge), else null. */
  flow: TFlow | null;
}

/** A participant's recording of a round, for the replay. */
export interface TRecording {
  id: number;
  debateId: number;
  userId: string | null;
  displayName: string;
  mimeType: string;
  size: number;
  startedAt: string;
}

/**
 * Tournaments: what the API accepts and answers. A host (an admin or a coach) creates one with its format, number of
 * preliminary rounds, break, schedule and entry; entrants join until the first round is released; the host
 * releases each round's draw. The draw itself is the pure core in `tournaments/`.
 */
import { z } from 'zod';
import { isFourTeamFormat, oneOnOneFormatRefusal, teamSizeOf, type TFormatId } from './formats.js';
import { bpBreakRefusal } from './bp/tournament.js';
import type { TBpSide } from './bp/types.js';
import { DB_INT_MAX } from './constants.js';
import { zText } from './text.js';
import { ZFormatId } from './debate/protocol.js';
import { ZRoundStartTimes } from './tournament-schedule-schemas.js';
import type { TJudgesPerRoom } from './debate/panel.js';

export const TOURNAMENT_LIMITS = {
  nameMax: 100,
  prelimRoundsMin: 1,
  prelimRoundsMax: 9,
  /** A break of 0 (no elimination rounds) or 2 to this many; one that is not a power of two is partial. */
  breakMax: 64,
  /** Named divisions one tournament may have (novice, JV, varsity…). */
  divisionsMax: 8,
  divisionNameMax: 40,
  /** Entrants of one tournament. */
  entrantsMax: 400,
  /** Co-hosts beside the host. */
  cohostsMax: 10,
  /** Tournaments one host may have that are not finished (a league runs a few at once; a script, not thousands). */
  unfinishedPerHost: 20,
  /** Judges in one tournament's pool. */
  judgesMax: 200,
} as const;

/** How the next round starts: at the host's times, or as soon as every ballot of the last one is in. */
export const TOURNAMENT_SCHEDULE_MODES = ['fixed', 'when_ballots_in'] as const;
export type TTournamentScheduleMode = (typeof TOURNAMENT_SCHEDULE_MODES)[number];

/** Who may enter: members of the host's named teams, anyone with the join code, or anyone signed in. */
export const TOURNAMENT_ENTRY_MODES = ['teams', 'code', 'open'] as const;
export type TTournamentEntryMode = (typeof TOURNAMENT_ENTRY_MODES)[number];

export const TOURNAMENT_STATUSES = ['registration', 'running', 'finished'] as const;
export type TTournamentStatus = (typeof TOURNAMENT_STATUSES)[number];

/** A round of one division: drawn and waiting, released (its debates open), or complete (every result in). */
export const TOURNAMENT_ROUND_STATUSES = ['draft', 'released', 'complete'] as const;
export type TTournamentRoundStatus = (typeof TOURNAMENT_ROUND_STATUSES)[number];

/** The age band a division of an open tournament holds (`null`: a division of every age). */
export type TDivisionAgeBand = 'minor' | 'adult';

const ZId = (what: string) =>
  z.coerce
    .number({ error: `Unknown ${what}.` })
    .int({ error: `Unknown ${what}.` })
    .positive({ error: `Unknown ${what}.` })
    .max(DB_INT_MAX, { error: `Unknown ${what}.` });

export const ZTournamentId = ZId('tournament');

/** `tournament.watch` / `tournament.unwatch`: the tournament whose page a socket has open. */
export const ZTournamentWatch = z.object({ tournamentId: ZTournamentId });
export type TTournamentWatch = z.infer<typeof ZTournamentWatch>;

/** `tournament.watch`'s answer: whether this socket is sent the tab itself (`tournament.standings_changed`). */
export interface TTournamentWatching {
  tournamentId: number;
  isTabPushed: boolean;
}

const ZDivisionName = zText('name', {
  label: 'A division name',
  max: TOURNAMENT_LIMITS.divisionNameMax,
  required: 'Give each division a name.',
  tooLong: `Division names are at most ${TOURNAMENT_LIMITS.divisionNameMax} characters.`,
});

/** One judge per room, or a panel of three (`JUDGES_PER_ROOM`). */
const ZJudgesPerRoom = z.union([z.literal(1), z.literal(3)], { error: 'Choose 1 judge or a panel of 3 per room.' });

export const ZCreateTournamentRequest = z
  .object({
    name: zText('name', {
      label: 'The name',
      max: TOURNAMENT_LIMITS.nameMax,
      required: 'Give the tournament a name.',
      tooLong: `The name is at most ${TOURNAMENT_LIMITS.nameMax} characters.`,
    }),
    /**
     * Any format; a team-only one (Policy, World Schools) with entrants of its team size; British Parliamentary with
     * teams of two, four to a room.
     */
    formatId: ZFormatId,
    prelimRounds: z
      .number({ error: 'Choose how many preliminary rounds (1 to 9).' })
      .int('Choose how many preliminary rounds (1 to 9).')
      .min(TOURNAMENT_LIMITS.prelimRoundsMin, 'Choose how many preliminary rounds (1 to 9).')
      .max(TOURNAMENT_LIMITS.prelimRoundsMax, 'Choose how many preliminary rounds (1 to 9).'),
    breakSize: z
      .number({ error: `The break is 0 or 2 to ${TOURNAMENT_LIMITS.breakMax} entrants.` })
      .int(`The break is 0 or 2 to ${TOURNAMENT_LIMITS.breakMax} entrants.`)
      .min(0, `The break is 0 or 2 to ${TOURNAMENT_LIMITS.breakMax} entrants.`)
      .max(TOURNAMENT_LIMITS.breakMax, `The break is 0 or 2 to ${TOURNAMENT_LIMITS.breakMax} entrants.`)
      .refine((n) => n !== 1, 'A break of one entrant has no one to debate: choose 0 or at least 2.'),
    scheduleMode: z.enum(TOURNAMENT_SCHEDULE_MODES, { error: 'Choose how rounds are scheduled.' }),
    entryMode: z.enum(TOURNAMENT_ENTRY_MODES, { error: 'Choose who may enter.' }),
    /** With entry by the host's teams: which of the host's teams (the host coaches each). */
    teamIds: z.array(ZId('team')).max(20, 'Name at most 20 teams.').default([]),
    /** Named divisions; none given: one division. */
    divisions: z
      .array(ZDivisionName)
      .max(TOURNAMENT_LIMITS.divisionsMax, `At most ${TOURNAMENT_LIMITS.divisionsMax} divisions.`)
      .default([])
      .refine((names) => new Set(names.map((n) => n.toLowerCase())).size === names.length, 'Division names repeat.'),
    /** Round 1 paired at random, or by rating (1 v N). */
    firstRound: z.enum(['random', 'rating']).default('random'),
    /** Each preliminary round's start (`fixed`; round 1's only for `when_ballots_in`); none: released by hand. */
    roundStartsAt: ZRoundStartTimes.optional(),
    /** Judges per room in preliminary rounds and in elimination rounds: one, or a panel of three. */
    prelimJudgesPerRoom: ZJudgesPerRoom.default(1),
    elimJudgesPerRoom: ZJudgesPerRoom.default(1),
    /**
     * Debaters per entrant: 1 (each entrant debates alone, the one-on-one mode of a partner format), or the format's
     * team size (a tournament of teams: Public Forum and Parliamentary pairs).
     */
    teamSize: z
      .number({ error: 'Choose how many debaters an entrant has.' })
      .int('Choose how many debaters an entrant has.')
      .min(1, 'Choose how many debaters an entrant has.')
      .max(3, 'Choose how many debaters an entrant has.')
      .default(1),
    /** British Parliamentary: seven-minute speeches (universities) or five (schools). */
    speechMinutes: z.union([z.literal(7), z.literal(5)], { error: 'Speeches are seven or five minutes.' }).optional(),
  })
  .superRefine((value, ctx) => {
    const teamSize = teamSizeOf(value.formatId);
    if (isFourTeamFormat(value.formatId)) {
      const breakRefusal = bpBreakRefusal(value.breakSize);
      if (breakRefusal) ctx.addIssue({ code: 'custom', path: ['breakSize'], message: breakRefusal });
    } else if (value.speechMinutes !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['speechMinutes'],
        message: 'Only British Parliamentary tournaments choose their speech length.',
      });
    }
    const aloneRefusal = value.teamSize === 1 ? oneOnOneFormatRefusal(value.formatId) : null;
    if (aloneRefusal) ctx.addIssue({ code: 'custom', path: ['teamSize'], message: aloneRefusal });
    else if (value.teamSize !== 1 && value.teamSize !== teamSize) {
      ctx.addIssue({
        code: 'custom',
        path: ['teamSize'],
        message:
          teamSize === 1
            ? 'This format is debated alone: an entrant is one debater.'
            : `An entrant is one debater, or a team of ${teamSize} in this format.`,
      });
    }
    const starts = value.roundStartsAt?.length ?? 0;
    const startsMax = value.scheduleMode === 'fixed' ? value.prelimRounds : 1;
    if (starts > startsMax) {
      ctx.addIssue({
        code: 'custom',
        path: ['roundStartsAt'],
        message:
          value.scheduleMode === 'fixed'
            ? `Give at most one start per preliminary round (${value.prelimRounds}).`
            : 'When rounds follow the ballots, give round 1’s start only.',
      });
    }
    if (value.entryMode === 'teams' && value.teamIds.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['teamIds'], message: 'Choose at least one of your teams to enter.' });
    }
    if (value.entryMode !== 'teams' && value.teamIds.length > 0) {
      ctx.addIssue({ code: 'custom', path: ['teamIds'], message: 'Teams are named only for entry by your teams.' });
    }
  });
export type TCreateTournamentRequest = z.input<typeof ZCreateTournamentRequest>;

/** Entering: the named division (when there are several) and the team entered for (one the entrant is on). */
export const ZEnterTournamentRequest = z.object({
  divisionId: ZId('division').optional(),
  teamId: ZId('team').nullable().optional(),
  /** A tournament of teams: the partner the caller enters with (their user id), who then confirms. */
  partnerIds: z.array(z.string().trim().min(1, 'Name your partner.').max(100)).max(2).optional(),
});
export type TEnterTournamentRequest = z.input<typeof ZEnterTournamentRequest>;

/**
 * The `details` of the refusal of an entry that names too few or too many partners: the format and how many partners
 * to name, so a page that entered by code (not knowing the tournament yet) can ask for them.
 */
export interface TPartnersWanted {
  formatId: TFormatId;
  partnersWanted: number;
}

/** `POST /api/tournaments/:id/judges`: a host names a judge of the pool. */
export const ZAddJudgeRequest = z.object({ userId: z.string().trim().min(1, 'Choose a judge.').max(100) });
export type TAddJudgeRequest = z.input<typeof ZAddJudgeRequest>;

/** `PUT /api/tournaments/:id/rounds/:number/availability`: a judge of the pool says whether they can judge the round. */
export const ZJudgeAvailabilityRequest = z.object({
  isAvailable: z.boolean({ error: 'Say whether you can judge this round.' }),
});
export type TJudgeAvailabilityRequest = z.input<typeof ZJudgeAvailabilityRequest>;

/** `PUT /api/tournaments/:id/judges/:userId/conflicts`: the entrants a judge must never judge (replaces the list). */
export const ZJudgeConflictsRequest = z.object({
  entrantIds: z
    .array(ZId('entrant'))
    .max(TOURNAMENT_LIMITS.entrantsMax, `At most ${TOURNAMENT_LIMITS.entrantsMax} conflicts.`),
});
export type TJudgeConflictsRequest = z.input<typeof ZJudgeConflictsRequest>;

/** A judge of the pool: hosts see each; a judge sees their own line. */
export interface TTournamentJudge {
  userId: string;
  displayName: string;
  /** The team they judge for (a conflict with its entrants), if any. */
  teamName: string | null;
  /** Preliminary rounds they said they cannot judge (every other round they are available). */
  unavailableRounds: number[];
  /** Entrants they declared a conflict with. */
  conflictEntrantIds: number[];
  addedAt: string;
}

export const ZAddCohostRequest = z.object({ userId: z.string().trim().min(1, 'Choose a co-host.').max(100) });
export type TAddCohostRequest = z.input<typeof ZAddCohostRequest>;

export interface TTournamentDivision {
  id: number;
  /** As shown (`divisionLabel`): an open tournament's two pools of one name are "pool A" and "pool B", never an age. */
  name: string;
  /** The host's name: entering by it places an entrant in the pool of their age band, which is never shown. */
  entryName: string;
}

/**
 * An entrant as a pairing, the tab or the bracket names them. To someone outside the tournament a minor (or an
 * account with no age given) is `publicName`d and their user id withheld (null), so no profile link leads to them.
 */
export interface TTournamentEntrantRef {
  entrantId: number;
  userId: string | null;
  /** For showing only (a team's is `teamDisplayName` of its members'); who is in it is `memberNames`. */
  displayName: string;
  /** The entrant's debaters' names in speaking order (one for an entrant of one), as this viewer may read them. */
  memberNames: string[];
}

/**
 * A team's name as shown, its members' names in speaking order: "Ann Lee & Ben Ode". Never split it to learn who is
 * in the team (a name may hold " & "): read the members' list beside it.
 */
export function teamDisplayName(memberNames: readonly string[]): string {
  return memberNames.join(' & ');
}

export interface TTournamentEntrant {
  id: number;
  userId: string;
  displayName: string;
  divisionId: number;
  teamId: number | null;
  teamName: string | null;
  isWithdrawn: boolean;
  noShows: number;
  /** A late entrant's missed rounds, each scored as a bye (0 for an entrant from the start). */
  lateByes: number;
  enteredAt: string;
  /**
   * The entrant's debaters in speaking order, the captain (`userId`, who entered) first. A tournament of teams draws a
   * team only once every member has confirmed.
   */
  members: TTournamentMember[];
}

/** A debater of an entrant (a tournament of teams; one member, the entrant themselves, otherwise). */
export interface TTournamentMember {
  userId: string;
  displayName: string;
  isConfirmed: boolean;
}

/** `PUT /api/tournaments/:id/entrants/:entrantId/members/:userId`: a host replaces a member who cannot come. */
export const ZReplaceMemberRequest = z.object({
  userId: z.string().trim().min(1, 'Choose who takes their place.').max(100),
});
export type TReplaceMemberRequest = z.input<typeof ZReplaceMemberRequest>;

export interface TTournament {
  id: number;
  name: string;
  formatId: TFormatId;
  prelimRounds: number;
  breakSize: number;
  scheduleMode: TTournamentScheduleMode;
  entryMode: TTournamentEntryMode;
  firstRound: 'random' | 'rating';
  /** Judges per room (1, or a panel of 3) in preliminary rounds and in elimination rounds. */
  judgesPerRoom: { prelims: TJudgesPerRoom; elims: TJudgesPerRoom };
  status: TTournamentStatus;
  /**
   * The host and co-hosts. To someone outside the tournament a host under 18 is named as a minor entrant is
   * (`publicName`, no user id); `userId` is '' for a former host.
   */
  host: TTournamentHostRef;
  cohosts: TTournamentHostRef[];
  divisions: TTournamentDivision[];
  teams: { id: number; name: string }[];
  /** The join code: for the host and co-hosts of a tournament entered by code, else null. */
  joinCode: string | null;
  entrantCount: number;
  /** The last round released (0 before the first). */
  roundsReleased: number;
  /**
   * The caller's part: host, co-host, entrant (with their entrant id), judge, coach of an entrant's team, or none;
   * `tournamentAccess` (`rules/tournament.ts`) says what follows from it.
   */
  viewer: {
    isHost: boolean;
    isCohost: boolean;
    entrantId: number | null;
    isJudge: boolean;
    isCoachOfEntrant: boolean;
  };
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  /** When a host published the results (standings, pairings) to everyone; null: hosts and entrants only. */
  publishedAt: string | null;
  /** The judge obligation: each team owes one judge per this many of its entrants; null: none. */
  entrantsPerJudge: number | null;
  /** Debaters per entrant: 1, or the format's team size (a tournament of teams). */
  teamSize: number;
  /** British Parliamentary: each speech's minutes (7, or 5 for schools); null in the other formats. */
  speechMinutes: number | null;
}

/** A host or co-host as a tournament names them (`userId` null: a minor's, to an outsider). */
export interface TTournamentHostRef {
  userId: string | null;
  displayName: string;
}

/** What an entrant is told when a round's draw is released (`tournament.round_released` to `user:<id>`). */
/**
 * What a tournament round's room says of its tournament (`GET /api/debates/:id/tournament`): given to someone who may
 * both watch the round and see the tournament.
 */
export interface TTournamentRoomTag {
  tournamentId: number;
  tournamentName: string;
  roundNumber: number;
  /** The round's name (`roundName`): "Round 2", "Final". */
  roundName: string;
  /** The tournament is finished: its results are final, and its rounds take no more ballots. */
  isFinished: boolean;
}

/** Why the ballot route refuses a ballot on a round of a finished tournament (the room says the same). */
export const TOURNAMENT_OVER_BALLOT_MESSAGE =
  'This tournament is over and its results are final: no more ballots are taken for its rounds.';

export interface TTournamentRoundReleased {
  tournamentId: number;
  tournamentName: string;
  roundNumber: number;
  /** The round's name (`roundName`): "Round 2", "Final". */
  roundName: string;
  /** The entrant's debate (null: they have the bye). */
  debateId: number | null;
  side: 'aff' | 'neg' | null;
  /** Told to the judge seated in `debateId` (then `side` is null). */
  asJudge: boolean;
  /** A British Parliamentary debater's team place (`side` is its bench); null otherwise. */
  bpTeam?: TBpSide | null;
}

/** One entrant's line of the tab (`standings.ts`), speaker points in points (28.5), not tenths. */
export interface TTournamentStandingRow {
  /** 1 is first; tied entrants share a rank. */
  rank: number;
  entrantId: number;
  userId: string;
  displayName: string;
  /** The entrant's debaters' names in speaking order (`TTournamentEntrantRef.memberNames`). */
  memberNames: string[];
  teamName: string | null;
  isWithdrawn: boolean;
  wins: number;
  losses: number;
  byes: number;
  /** Total speaker points, after the high-low drop when `isHighLowDropped`. */
  speakerPoints: number;
  isHighLowDropped: boolean;
  opponentWins: number;
  /**
   * British Parliamentary: the team tab's team points (3, 2, 1, 0 a room), the rooms it won and its positions so far
   * (`wins` counts its firsts, `losses` its other rooms); null in the other formats.
   */
  bp: { teamPoints: number; rooms: number; positions: Record<TBpSide, number> } | null;
}

/** The tab of one division, from its confirmed results (a debate still without a result is left out). */
export interface TTournamentDivisionStandings {
  divisionId: number;
  name: string;
  /** Confirmed debates and byes counted. */
  resultsCounted: number;
  standings: TTournamentStandingRow[];
  /**
   * To someone outside the tournament: the entrants under 18 (or with no age given), by `publicName` alone, whose
   * rank, record and points are not shown (left out of `standings`). Empty for the tournament's own people.
   */
  privateEntrants: { entrantId: number; displayName: string }[];
  /**
   * A tournament of teams: the speaker tab, each debater's own points over the preliminary rounds with the high-low
   * drop (`computeSpeakerTab`), best first; empty when each entrant debates alone (the tab is theirs). To an outsider,
   * debaters under 18 are left out.
   */
  speakers: TTournamentSpeakerRow[];
}

export interface TTournamentSpeakerRow {
  rank: number;
  userId: string;
  displayName: string;
  /** The team they spoke for. */
  entrantId: number;
  speakerPoints: number;
  isHighLowDropped: boolean;
  averagePoints: number;
  rounds: number;
}

/** `GET /api/tournaments/:id/standings`. */
export interface TTournamentStandings {
  tournamentId: number;
  publishedAt: string | null;
  divisions: TTournamentDivisionStandings[];
}

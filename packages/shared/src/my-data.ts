import { z } from 'zod';

/**
 * "Download my data": everything the account holds about itself, as one JSON file. Only the
 * user's own data: never a password hash or a session token, never another person's flow or message, never a
 * reporter's identity or a moderator's name.
 */
export const ZMyDataRound = z.object({
  id: z.number(),
  formatId: z.string(),
  resolution: z.string(),
  /** The user's seat: `a` and `b` are the two sides, `judge` the judge's chair. */
  seat: z.enum(['a', 'b', 'judge']),
  /** A debater's speaker position on a side of two or three (`first`, `pm`), else null. */
  position: z.string().nullable(),
  status: z.string(),
  winnerSide: z.string().nullable(),
  createdAt: z.string(),
  endedAt: z.string().nullable(),
});

export const ZMyDataBallot = z.object({
  debateId: z.number(),
  /** `wrote`: the user judged; `received`: the ballot decided a round the user debated. */
  role: z.enum(['wrote', 'received']),
  winnerSide: z.string(),
  speakerPointsA: z.number(),
  speakerPointsB: z.number(),
  /** A ballot one received: one's own speaker points on it, in tenths as the sides' (null: a ballot one wrote). */
  ownPoints: z.number().nullable(),
  reason: z.string(),
  createdAt: z.string(),
});

export const ZMyDataFlow = z.object({ debateId: z.number(), cells: z.unknown(), updatedAt: z.string() });

export const ZMyDataMessage = z.object({ text: z.string(), createdAt: z.string(), deletedAt: z.string().nullable() });

export const ZMyDataRoundMessage = z.object({ debateId: z.number(), text: z.string(), createdAt: z.string() });

/** A message one wrote in one's team's partner chat (`side`: the team's side of the round). */
export const ZMyDataPartnerMessage = ZMyDataRoundMessage.extend({ side: z.string() });

/** A partner link one made or accepted (issue 40): its format and, once accepted, the partner's name. */
export const ZMyDataPartnerLink = z.object({
  formatId: z.string(),
  role: z.enum(['made', 'accepted']),
  /** The other person's display name once the link was accepted; null while it was open. */
  partner: z.string().nullable(),
  createdAt: z.string(),
  acceptedAt: z.string().nullable(),
});

/** A cell of a team flow that one wrote last (a partner's cells are theirs). */
export const ZMyDataTeamFlowCell = z.object({
  debateId: z.number(),
  side: z.string(),
  column: z.number(),
  row: z.number(),
  text: z.string(),
  isExtension: z.boolean(),
  updatedAt: z.string(),
});

export const ZMyDataEvidence = z.object({
  debateId: z.number(),
  kind: z.string(),
  name: z.string(),
  size: z.number(),
  /** Known only where a copy was kept with a moderation case; otherwise null. */
  sha256: z.string().nullable(),
  createdAt: z.string(),
});

export const ZMyDataReport = z.object({
  reason: z.string(),
  target: z.string(),
  createdAt: z.string(),
  /** As the reporter sees it: still open, or closed with an outcome. */
  outcome: z.enum(['open', 'dismissed', 'actioned', 'closed']),
});

export const ZMyDataAction = z.object({
  action: z.string(),
  reason: z.string(),
  until: z.string().nullable(),
  createdAt: z.string(),
});

/** A tournament the account entered: its division and team, and whether they withdrew or missed rounds. */
export const ZMyDataTournamentEntry = z.object({
  tournamentId: z.number(),
  tournamentName: z.string(),
  division: z.string(),
  team: z.string().nullable(),
  enteredAt: z.string(),
  withdrawnAt: z.string().nullable(),
  noShows: z.number(),
  /** Rounds missed by entering late, each scored as a bye. */
  lateByes: z.number(),
});

/** A tournament whose judge pool the account is in: the team judged for, availability and declared conflicts. */
export const ZMyDataTournamentJudging = z.object({
  tournamentId: z.number(),
  tournamentName: z.string(),
  team: z.string().nullable(),
  addedAt: z.string(),
  /** The preliminary rounds they said they cannot judge. */
  unavailableRounds: z.array(z.number()),
  /** The entrants they declared a conflict with, by name. */
  conflicts: z.array(z.string()),
});

export const ZMyData = z.object({
  exportedAt: z.string(),
  account: z.object({
    id: z.string(),
    displayName: z.string(),
    email: z.string(),
    emailVerified: z.boolean(),
    role: z.string(),
    score: z.number(),
    createdAt: z.string(),
    /** The account's own month of birth ("YYYY-MM"), or null until given. */
    birthMonth: z.string().nullable(),
    isTeamManaged: z.boolean(),
    /** The judge's paradigm they wrote (null: none). */
    paradigm: z.string().nullable(),
  }),
  rounds: z.array(ZMyDataRound),
  ballots: z.array(ZMyDataBallot),
  flows: z.array(ZMyDataFlow),
  communityMessages: z.array(ZMyDataMessage),
  roundMessages: z.array(ZMyDataRoundMessage),
  partnerMessages: z.array(ZMyDataPartnerMessage),
  partnerLinks: z.array(ZMyDataPartnerLink),
  teamFlowCells: z.array(ZMyDataTeamFlowCell),
  evidence: z.array(ZMyDataEvidence),
  reportsFiled: z.array(ZMyDataReport),
  moderationActions: z.array(ZMyDataAction),
  tournamentEntries: z.array(ZMyDataTournamentEntry),
  tournamentJudging: z.array(ZMyDataTournamentJudging),
});
export type TMyData = z.infer<typeof ZMyData>;

/** The download's file name for a date (`YYYY-MM-DD`). */
export function myDataFileName(isoDate: string): string {
  return `resolved-data-${isoDate.slice(0, 10)}.json`;
}

/** What the tournament pages say about a tournament, its release button and a pairing: pure, so it is unit tested. */
import {
  coinFlipText,
  eliminationRoundsOf,
  FORMATS,
  inSentence,
  roundName,
  tournamentAccess,
  type TDebateStatus,
  type TDrawFlag,
  type TBpSide,
  type TTournament,
  type TTournamentAccess,
  type TTournamentBpRoom,
  type TTournamentAuditAction,
  type TTournamentDivision,
  type TTournamentEntryMode,
  type TTournamentPairing,
  type TTournamentEntrantsLeftOut,
  type TTournamentRoundReleased,
  type TTournamentStatus,
} from '@resolved/shared';
import { bpSideName, ownLiveBpRoom } from './bp-view';

export const STATUS_LABELS: Record<TTournamentStatus, string> = {
  registration: 'Taking entries',
  running: 'Running',
  finished: 'Finished',
};

export const ENTRY_MODE_LABELS: Record<TTournamentEntryMode, string> = {
  code: 'By join code',
  open: 'Open to anyone signed in',
  teams: 'Members of my teams',
};

/** A tournament room's state as its pairing or BP room says it. */
export const DEBATE_STATUS_LABELS: Record<TDebateStatus, string> = {
  live: 'Live',
  awaiting_ballot: 'Waiting for the ballot',
  completed: 'Finished',
  judged: 'Judged',
  forfeited: 'Forfeited',
  abandoned: 'Abandoned',
};

export const FLAG_LABELS: Record<TDrawFlag, string> = {
  rematch: 'Rematch',
  same_team: 'Same team',
  side_imbalance: 'Sides uneven',
  walkover_corrected: 'Walkover corrected',
};

/** A round a judge of the pool says they can or cannot judge: every preliminary and elimination round. */
export interface TAvailabilityRound {
  number: number;
  name: string;
  /** Released rounds are closed: their judges are seated. */
  isReleased: boolean;
  isAvailable: boolean;
}

/**
 * The rounds of the judge's availability list, preliminaries then the elimination rounds the break makes (known from
 * the tournament's creation), each available unless the judge said otherwise.
 */
export function availabilityRounds(
  tournament: Pick<TTournament, 'prelimRounds' | 'breakSize' | 'roundsReleased'>,
  unavailableRounds: readonly number[],
): TAvailabilityRound[] {
  const count = tournament.prelimRounds + eliminationRoundsOf(tournament);
  return Array.from({ length: count }, (_, i) => i + 1).map((number) => ({
    number,
    name: roundName(number, tournament),
    isReleased: number <= tournament.roundsReleased,
    isAvailable: !unavailableRounds.includes(number),
  }));
}

/** The dashboard's nudge to a coach whose team still owes judges: "Bring 1 more judge to Spring Open". */
export function judgesOwedText(line: { missing: number; tournamentName: string }): string {
  return `Bring ${line.missing} more ${line.missing === 1 ? 'judge' : 'judges'} to ${line.tournamentName}`;
}

export interface TReleaseState {
  /** The round the button releases next; null once every round (preliminary and elimination) is out. */
  number: number | null;
  /** Why the button is disabled; null when the host may press it (the server still has the last word). */
  disabledReason: string | null;
}

/**
 * The host's "Release round N" button. Disabled, with the reason, only for what the page knows for certain: the
 * tournament is over, every round is out, or fewer than 2 have entered before round 1. Whether the last round's
 * results are confirmed is the server's to judge (its 409 says which are missing). After the preliminaries come the
 * elimination rounds of the break.
 */
export function releaseState(
  tournament: Pick<TTournament, 'status' | 'prelimRounds' | 'roundsReleased' | 'entrantCount'> &
    Partial<Pick<TTournament, 'breakSize'>>,
): TReleaseState {
  const next = tournament.roundsReleased + 1;
  const last = tournament.prelimRounds + eliminationRoundsOf({ ...tournament, breakSize: tournament.breakSize ?? 0 });
  if (tournament.status === 'finished') return { number: null, disabledReason: 'This tournament is over.' };
  if (next > last) {
    return {
      number: null,
      disabledReason:
        last > tournament.prelimRounds
          ? 'Every round has been released.'
          : 'Every preliminary round has been released.',
    };
  }
  if (next === 1 && tournament.entrantCount < 2) {
    return {
      number: 1,
      disabledReason: `A tournament needs at least 2 entrants to start; this one has ${tournament.entrantCount}.`,
    };
  }
  return { number: next, disabledReason: null };
}

type TSeat = NonNullable<TTournamentPairing['aff']>;

/** An entrant's own pairing in words: their side and opponent, their bye, or their walkover (either way). */
export function ownPairing(
  pairing: TTournamentPairing,
  entrantId: number,
):
  | { kind: 'bye' }
  | { kind: 'walkover' }
  | { kind: 'walked_over' }
  | { kind: 'debate'; side: 'aff' | 'neg'; opponent: TSeat | null }
  | null {
  if (pairing.bye?.entrantId === entrantId) return pairing.walkoverFrom ? { kind: 'walkover' } : { kind: 'bye' };
  if (pairing.walkoverFrom?.entrantId === entrantId) return { kind: 'walked_over' };
  if (pairing.aff?.entrantId === entrantId) return { kind: 'debate', side: 'aff', opponent: pairing.neg };
  if (pairing.neg?.entrantId === entrantId) return { kind: 'debate', side: 'neg', opponent: pairing.aff };
  return null;
}

/**
 * A bye or a walkover in words ("Ann has the bye", "Ann goes through: Ben cannot take part (walkover)"), in the
 * present while the round runs or the past on the results page; null for a debate.
 */
export function byeText(pairing: TTournamentPairing, tense: 'present' | 'past'): string | null {
  if (!pairing.bye) return null;
  const name = pairing.bye.displayName;
  if (!pairing.walkoverFrom) return tense === 'present' ? `${name} has the bye` : `${name} had a bye`;
  const other = pairing.walkoverFrom.displayName;
  // A host corrected the walkover: the entrant who went through first does not go on (nobody "did not take part").
  if (pairing.flags.includes('walkover_corrected')) {
    return tense === 'present'
      ? `${name} goes through: a host corrected the walkover, and ${other} does not go on`
      : `${name} went through: a host corrected the walkover, and ${other} did not go on`;
  }
  return tense === 'present'
    ? `${name} goes through: ${other} cannot take part (walkover)`
    : `${name} went through: ${other} did not take part (walkover)`;
}

/** An entrant's debaters' names as the room names a side ("Ann Lee and Ben Ode"): a team is named by its members. */
export function entrantMembersText(ref: Pick<TSeat, 'displayName' | 'memberNames'>): string {
  // Read from the members' list the server sends, never by splitting the joined name (a name may hold " & ").
  const names = ref.memberNames;
  return names.length <= 1 ? ref.displayName : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * A Public Forum pairing's coin flip in one sentence, as the room says it ("Alex won the coin flip and chose Con; Sam
 * chose to speak first."; a team by its members, "Ann and Ben won the coin flip and choose…"), "You" for the viewer's
 * own entrant (any member of a team); null without a coin flip (or once a debater has withdrawn).
 */
export function pairingCoinFlipText(pairing: TTournamentPairing, viewerEntrantId: number | null): string | null {
  const flip = pairing.coinFlip;
  const seats = [pairing.aff, pairing.neg].filter((seat): seat is TSeat => seat !== null);
  const loser = seats.find((seat) => seat.userId !== flip?.winnerId);
  if (!flip || seats.length < 2 || !loser?.userId) return null;
  // The flip names each side by its first seat, a team's captain.
  const entrantOf = (userId: string) => seats.find((seat) => seat.userId === userId);
  const nameOf = (userId: string) => {
    const entrant = entrantOf(userId);
    if (!entrant) return 'Someone';
    return entrant.entrantId === viewerEntrantId ? 'You' : entrantMembersText(entrant);
  };
  const isTeam = (userId: string) => (entrantOf(userId)?.memberNames.length ?? 1) > 1;
  return coinFlipText(flip, loser.userId, nameOf, FORMATS.pf.sides, isTeam);
}

export const SIDE_LABELS = { aff: 'Affirmative', neg: 'Negative' } as const;

/** The toast an entrant sees when a round of theirs is released. */
export function releasedMessage(payload: TTournamentRoundReleased): string {
  const round = `${payload.tournamentName}: ${inSentence(payload.roundName)} is out.`;
  if (payload.debateId === null) return `${round} You have the bye this round (it counts as a win).`;
  if (payload.asJudge) return `${round} You judge a debate — open the room.`;
  if (payload.bpTeam) return `${round} You are ${bpSideName(payload.bpTeam)} — open your room.`;
  return `${round} You debate on the ${payload.side === 'neg' ? 'negative' : 'affirmative'} — open your room.`;
}

/** The toast a host sees when a round was released without entrants who may not take a seat now (never why). */
export function leftOutMessage(payload: TTournamentEntrantsLeftOut): string {
  const names = payload.displayNames;
  const who = names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
  const them = names.length === 1 ? 'them' : 'them all';
  const outcome = payload.isWalkover
    ? `${names.length === 1 ? 'their opponent goes' : 'their opponents go'} through by walkover in ${inSentence(payload.roundName)}`
    : `${inSentence(payload.roundName)} was released without ${them}`;
  return `${payload.tournamentName}: ${who} cannot take part in rounds right now, so ${outcome}.`;
}

export interface TOpenTournamentRound {
  tournamentId: number;
  tournamentName: string;
  roundNumber: number;
  /** The round's name (`roundName`): "Round 2", "Final". */
  roundName: string;
  debateId: number;
  /** Their side, or their team's position in a British Parliamentary room ("og"). */
  side: 'aff' | 'neg' | TBpSide;
  /** The side or position by name: "Affirmative", "Opening Government". */
  sideName: string;
  /** The opponent of a two-sided debate; null in a BP room (three other teams) or when withdrawn. */
  opponentName: string | null;
}

/**
 * The tournament debates of this entrant that are live now (released, not yet over), from their tournaments and each
 * one's rounds as the server lists them to an entrant (their own pairings only): the dashboard's "Your tournament
 * round". Newest round first.
 */
export function openTournamentRounds(
  tournaments: readonly (Pick<TTournament, 'id' | 'name' | 'viewer' | 'prelimRounds' | 'breakSize'> &
    Partial<Pick<TTournament, 'formatId'>>)[],
  roundsOf: (
    tournamentId: number,
  ) =>
    | readonly { number: number; pairings: readonly TTournamentPairing[]; bpRooms?: readonly TTournamentBpRoom[] }[]
    | undefined,
): TOpenTournamentRound[] {
  const open: TOpenTournamentRound[] = [];
  for (const tournament of tournaments) {
    const entrantId = tournament.viewer.entrantId;
    if (entrantId === null) continue;
    for (const round of roundsOf(tournament.id) ?? []) {
      const bpRoom = ownLiveBpRoom({ bpRooms: round.bpRooms ?? [] }, entrantId);
      if (bpRoom) {
        open.push({
          tournamentId: tournament.id,
          tournamentName: tournament.name,
          roundNumber: round.number,
          roundName: roundName(round.number, tournament),
          debateId: bpRoom.debateId,
          side: bpRoom.side,
          sideName: bpSideName(bpRoom.side),
          opponentName: null,
        });
      }
      for (const pairing of round.pairings) {
        const own = ownPairing(pairing, entrantId);
        if (own?.kind !== 'debate' || pairing.debateId === null || pairing.debateStatus !== 'live') continue;
        open.push({
          tournamentId: tournament.id,
          tournamentName: tournament.name,
          roundNumber: round.number,
          roundName: roundName(round.number, tournament),
          debateId: pairing.debateId,
          side: own.side,
          sideName: SIDE_LABELS[own.side],
          opponentName: own.opponent?.displayName ?? null,
        });
      }
    }
  }
  return open.sort((a, b) => b.roundNumber - a.roundNumber);
}

/**
 * The divisions someone may choose on entering, one per name the host gave: an open tournament draws each in two
 * pools by age band, and the server places an entrant in their own pool of the name chosen (a band never shown).
 */
export function enterableDivisions<T extends Pick<TTournamentDivision, 'entryName'>>(divisions: readonly T[]): T[] {
  const seen = new Set<string>();
  return divisions.filter((d) => !seen.has(d.entryName) && seen.add(d.entryName));
}

/**
 * What the signed-in user (or a visitor, `null`) may do with the tournament and see of it: the shared rule the
 * server's doors read (`tournamentAccess`), so the page asks only for what the server gives.
 */
export function accessOf(
  tournament: Pick<TTournament, 'viewer' | 'publishedAt'>,
  user: { role: string } | null | undefined,
): TTournamentAccess {
  const { viewer } = tournament;
  return tournamentAccess({
    isSignedIn: Boolean(user),
    isAdmin: user?.role === 'admin',
    isHost: viewer.isHost,
    isCohost: viewer.isCohost,
    isEntrant: viewer.entrantId !== null,
    isJudge: viewer.isJudge,
    isCoachOfEntrant: viewer.isCoachOfEntrant,
    isPublished: tournament.publishedAt !== null,
  });
}

/** How the hosts' audit names each kind of correction. */
export const AUDIT_ACTION_LABELS: Record<TTournamentAuditAction, string> = {
  sides_swapped: 'Sides swapped',
  judge_changed: 'Judge changed',
  round_repaired: 'Round re-paired',
  result_corrected: 'Result corrected',
  member_replaced: 'Team member replaced',
};

import { FORMATS, type TDebate, type TMediaRole } from '@resolved/shared';
import { positionName, seatsOfRound, sideName, teamOf, viewerSeat } from '../room/round-seats';

/** Someone this browser shows a video of (everyone in the round but itself and the spectators). */
export interface TCallPerson {
  userId: string;
  label: string;
  caption: string;
  name: string;
}

/** The role of anyone in the round's call: a debater's side (any seat of it), a judge, or a spectator. */
export function mediaRoleOf(debate: TDebate, userId: string): TMediaRole {
  const seat = viewerSeat(debate, userId);
  if (seat) return seat.side;
  return userId === debate.judge?.userId || !!debate.panel?.judges.some((j) => j.userId === userId)
    ? 'judge'
    : 'spectator';
}

/**
 * Every debater (partners too), then the judge (and a panel's other judges), leaving out this person's own seat
 * (`myUserId`; without it, the first seat of `myRole`'s side, as before seats).
 */
export function callPeople(debate: TDebate, myRole: TMediaRole | null, myUserId?: string | null): TCallPerson[] {
  const format = FORMATS[debate.formatId];
  const isDebater = myRole === 'a' || myRole === 'b';
  const people: TCallPerson[] = [];
  const isBp = debate.formatId === 'bp';
  const myTeam = isBp ? seatsOfRound(debate).find((seat) => seat.userId === myUserId) : undefined;
  for (const seat of seatsOfRound(debate)) {
    const isMe = myUserId
      ? seat.userId === myUserId
      : seat.side === myRole && seat.userId === debate.debaters[seat.side].userId;
    if (isMe) continue;
    const isTeam = teamOf(debate, seat.side).length > 1;
    // British Parliamentary: a seat by its team and position ("Opening Government · PM"); a bench holds two teams, so
    // the partner is the one of the same team, not of the same bench.
    const bpWhere = isBp ? `${sideName(debate, seat)} · ${positionName(debate, seat) ?? ''}` : null;
    const isPartner = isBp
      ? !!myTeam && isDebater && sideName(debate, myTeam) === sideName(debate, seat)
      : seat.side === myRole;
    const label = !isDebater
      ? `${bpWhere ?? format.sides[seat.side]} camera`
      : isPartner
        ? 'Your partner'
        : bpWhere
          ? bpWhere
          : isTeam
            ? `Opponent · ${positionName(debate, seat) ?? format.sides[seat.side]}`
            : 'Your opponent';
    const where =
      bpWhere ??
      (isTeam ? `${format.sides[seat.side]} ${positionName(debate, seat) ?? ''}`.trim() : format.sides[seat.side]);
    people.push({
      userId: seat.userId,
      label,
      caption: `${where} · ${seat.displayName}`,
      name: seat.displayName,
    });
  }
  if (debate.judge && myRole !== 'judge') {
    people.push({
      userId: debate.judge.userId,
      label: 'Judge camera',
      caption: `Judge · ${debate.judge.displayName}`,
      name: debate.judge.displayName,
    });
  }
  // A panel's other judges: the debaters and spectators see them; judges do not connect to each other.
  if (myRole !== 'judge') {
    for (const judge of debate.panel?.judges.slice(1) ?? []) {
      if (judge.userId === debate.judge?.userId) continue;
      people.push({
        userId: judge.userId,
        label: 'Panel judge camera',
        caption: `Judge · ${judge.displayName}`,
        name: judge.displayName,
      });
    }
  }
  return people;
}

const STATE_TEXT: Record<string, string> = {
  new: 'Connecting',
  connecting: 'Connecting',
  connected: 'connected',
  disconnected: 'Reconnecting',
  failed: 'Connection failed',
  closed: 'Closed',
};

/** The worst state among the connections that matter here ("connected" only when all are). */
export function callState(states: (RTCPeerConnectionState | undefined)[], waiting: string): string {
  if (states.some((s) => s === undefined)) return waiting;
  for (const s of ['failed', 'disconnected', 'new', 'connecting', 'closed'] as const) {
    if (states.includes(s)) return STATE_TEXT[s]!;
  }
  return STATE_TEXT.connected!;
}

/**
 * How the call stands for this person: the worst state among their connections to the round's debaters (every seat:
 * partners and opponents for a debater, all of them for a judge or a spectator); the judges' tiles show their own.
 */
export function shownCallState(
  people: readonly TCallPerson[],
  debaterIds: ReadonlySet<string>,
  stateOf: (userId: string) => RTCPeerConnectionState | undefined,
  myRole: TMediaRole,
): string {
  const debaters = people.filter((p) => debaterIds.has(p.userId));
  const waiting =
    myRole !== 'a' && myRole !== 'b'
      ? 'Waiting for the debaters'
      : debaters.length > 1
        ? 'Waiting for the other debaters'
        : 'Waiting for your opponent';
  return callState(
    debaters.map((p) => stateOf(p.userId)),
    waiting,
  );
}

/**
 * Policy and World Schools as played rounds (issue 40): the clock runs their schedules, each CX's cross-examiner and
 * answerer run it, prep is a pool per team (Policy) or a block the host sets (World Schools), POIs open between the
 * first and last minute of a World Schools speech, and the third speaker's reply is refused in the reply's own words.
 */
import { describe, expect, it } from 'vitest';
import { FORMATS, mayRunSpeech, poiPositionRefusal, replyTurnRefusal, takersOf } from '../formats.js';
import { allowedClockActions, clockRefusal } from './clock-rules.js';
import { createClock, displayAt, endPrep, endSpeech, startPrep, startSpeech, type TClockState } from './clock.js';
import { ZCreateChallengeRequest, ZJoinQueueRequest } from './queue-schemas.js';
import { ZJoinTeamQueueRequest } from './team-queue-schemas.js';

const MIN = 60_000;

/** Runs every speech of a round back to back, each for its full time; returns what the clock showed at each start. */
function runRound(formatId: 'policy' | 'ws') {
  let clock: TClockState = createClock(formatId);
  let now = 0;
  const shown: string[] = [];
  while (clock.phase !== 'finished') {
    clock = startSpeech(clock, now);
    const display = displayAt(clock, now);
    shown.push(`${display.speech!.short} ${display.remainingMs / MIN}`);
    now += display.durationMs;
    clock = endSpeech(clock, now);
  }
  return shown;
}

const seat = (side: 'a' | 'b', position: string) => ({ side, position, isJudge: false });

/** The seats of a team round that run (start, pause, end) the speech at `speechIndex`, as `side:position`. */
function runners(formatId: 'policy' | 'ws', speechIndex: number): string[] {
  const format = FORMATS[formatId];
  const speech = format.speeches[speechIndex]!;
  const seats = format.sideList.flatMap((side) => side.positions.map((p) => seat(side.key, p.id)));
  return seats.filter((role) => mayRunSpeech(format, speech.id, role)).map((role) => `${role.side}:${role.position}`);
}

describe('a Policy round on the clock', () => {
  it('runs the high-school schedule in order, each speech for its own time', () => {
    expect(runRound('policy')).toEqual([
      '1AC 8',
      'CX 3',
      '1NC 8',
      'CX 3',
      '2AC 8',
      'CX 3',
      '2NC 8',
      'CX 3',
      '1NR 5',
      '1AR 5',
      '2NR 5',
      '2AR 5',
    ]);
  });

  it('names each CX’s cross-examiner and answerer: the 2N the 1A, the 1A the 1N, the 1N the 2A, the 2A the 2N', () => {
    const cx = FORMATS.policy.speeches.filter((speech) => speech.kind === 'cross-examination');
    expect(cx.map((speech) => takersOf(speech).map((ref) => `${ref.side}:${ref.position}`))).toEqual([
      ['b:2n', 'a:1a'],
      ['a:1a', 'b:1n'],
      ['b:1n', 'a:2a'],
      ['a:2a', 'b:2n'],
    ]);
  });

  it('lets only the cross-examiner and the answerer run a CX, and only its speaker a speech', () => {
    expect(runners('policy', 0)).toEqual(['a:1a']); // 1AC
    expect(runners('policy', 1)).toEqual(['a:1a', 'b:2n']); // CX of the 1A by the 2N
    expect(runners('policy', 3)).toEqual(['a:1a', 'b:1n']); // CX of the 1N by the 1A
    expect(runners('policy', 5)).toEqual(['a:2a', 'b:1n']); // CX of the 2A by the 1N
    expect(runners('policy', 7)).toEqual(['a:2a', 'b:2n']); // CX of the 2N by the 2A
    expect(runners('policy', 8)).toEqual(['b:1n']); // 1NR
    expect(runners('policy', 11)).toEqual(['a:2a']); // 2AR
    expect(runners('ws', 4)).toEqual(['a:third']); // 3rd Prop
    expect(runners('ws', 6)).toEqual(['b:first', 'b:second']); // Opp Reply
  });

  it('gives each team its own 8 minutes of prep, shared by its two debaters', () => {
    let clock = createClock('policy');
    expect(clock.prepRemainingMs).toEqual({ a: 8 * MIN, b: 8 * MIN });
    clock = endSpeech(startSpeech(clock, 0), 8 * MIN);
    clock = endPrep(startPrep(clock, 'a', 8 * MIN), 10 * MIN);
    expect(clock.prepRemainingMs).toEqual({ a: 6 * MIN, b: 8 * MIN });
    // Either member of the negative takes the negative's prep; the affirmative's pool is untouched.
    expect(clockRefusal('policy', clock, seat('b', '2n'), 'start_prep')).toBeNull();
    clock = endPrep(startPrep(clock, 'b', 10 * MIN), 13 * MIN);
    expect(clock.prepRemainingMs).toEqual({ a: 6 * MIN, b: 5 * MIN });
    // A host may not shorten it: Policy prep is 8 minutes a team.
    expect(createClock('policy', { prepMinutes: 3 }).prepRemainingMs.a).toBe(8 * MIN);
  });
});

describe('a World Schools round on the clock', () => {
  it('runs six 8-minute speeches, then the Opposition’s reply and the Proposition’s, 4 minutes each', () => {
    expect(runRound('ws')).toEqual([
      '1st Prop 8',
      '1st Opp 8',
      '2nd Prop 8',
      '2nd Opp 8',
      '3rd Prop 8',
      '3rd Opp 8',
      'Opp Reply 4',
      'Prop Reply 4',
    ]);
  });

  it('opens points of information between the first and the last minute of an 8-minute speech', () => {
    const clock = startSpeech(createClock('ws'), 0);
    expect(displayAt(clock, 59_000).poi).toEqual({ isProtected: true, isOpen: false });
    expect(displayAt(clock, 60_000).poi).toEqual({ isProtected: false, isOpen: true });
    expect(displayAt(clock, 7 * MIN - 1_000).poi).toEqual({ isProtected: false, isOpen: true });
    expect(displayAt(clock, 7 * MIN).poi).toEqual({ isProtected: true, isOpen: false });
    // From any member of the other side, never the speaker's own.
    expect(poiPositionRefusal(FORMATS.ws, 'prop-first', { side: 'b', position: 'third' }, 90)).toBeNull();
    expect(poiPositionRefusal(FORMATS.ws, 'prop-first', { side: 'a', position: 'second' }, 90)).toBe(
      'Only the other side offers a point.',
    );
    // Not in a reply.
    const reply = { ...createClock('ws'), phase: 'speech' as const, speechIndex: 6, startedAt: 0 };
    expect(displayAt(reply, 2 * MIN).poi).toBeUndefined();
  });

  it('prepares before the first speech for as long as the host sets (30 minutes unless set, none to 60)', () => {
    expect(createClock('ws').prepRemainingMs).toEqual({ a: 30 * MIN, b: 30 * MIN });
    expect(createClock('ws', { prepMinutes: 0 }).prepRemainingMs.a).toBe(0);
    expect(createClock('ws', { prepMinutes: 90 }).prepRemainingMs.a).toBe(60 * MIN);
    const preparing = startPrep(createClock('ws'), 'a', 0);
    expect(preparing.prepTaker).toBe('both');
    const started = startSpeech(preparing, 20 * MIN);
    expect(() => startPrep(endSpeech(started, 28 * MIN), 'b', 28 * MIN)).toThrow(
      'World Schools prep time comes before the first speech only.',
    );
  });

  it('refuses the reply to the third speaker, and lets the first or second speaker give it', () => {
    const oppReply = { ...createClock('ws'), speechIndex: 6 };
    const refusal = 'The reply is given by the first speaker or second speaker, never the third speaker.';
    expect(clockRefusal('ws', oppReply, seat('b', 'third'), 'start_speech')).toBe(refusal);
    expect(allowedClockActions('ws', oppReply, seat('b', 'third'), 0)).not.toContain('start_speech');
    expect(clockRefusal('ws', oppReply, seat('b', 'first'), 'start_speech')).toBeNull();
    expect(clockRefusal('ws', oppReply, seat('b', 'second'), 'start_speech')).toBeNull();
    const running = startSpeech({ ...createClock('ws'), speechIndex: 7 }, 0);
    expect(clockRefusal('ws', running, seat('a', 'third'), 'end_speech')).toBe(refusal);
    expect(clockRefusal('ws', running, seat('a', 'third'), 'pause')).toBe(refusal);
    // The third speaker runs their own substantive speech; the rule reads the reply only.
    expect(replyTurnRefusal(FORMATS.ws, 'prop-third', { side: 'a', position: 'third' })).toBeNull();
    expect(replyTurnRefusal(FORMATS.ws, 'prop-reply', { side: 'b', position: 'third' })).toBeNull();
  });
});

describe('team-only formats', () => {
  it('are refused for a round of one debater a side: the queue, a challenge, a queue without a mode', () => {
    const policy = ZJoinQueueRequest.safeParse({ formatId: 'policy' });
    expect(policy.error?.issues[0]?.message).toBe('Policy is debated in teams of two: it has no one-on-one rounds.');
    const ws = ZCreateChallengeRequest.safeParse({ formatId: 'ws', prepMinutes: 20 });
    expect(ws.error?.issues[0]?.message).toBe(
      'World Schools is debated in teams of three: it has no one-on-one rounds.',
    );
    expect(ZJoinQueueRequest.safeParse({ formatId: 'parli' }).success).toBe(true);
    expect(ZJoinTeamQueueRequest.safeParse({ formatId: 'policy' }).error?.issues[0]?.message).toBe(
      'Policy is debated in teams of two: it has no one-on-one rounds.',
    );
    expect(ZJoinTeamQueueRequest.safeParse({ formatId: 'policy', mode: 'solo' }).success).toBe(true);
  });
});

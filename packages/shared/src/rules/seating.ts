/**
 * Who may sit in one round together, every seat read (issue 40): the seat rule for each person (bans, suspensions),
 * blocks between any two of them (partners, opponents, judges), and who a minor meets between any two debaters
 * (`ageBandsMayMeet`: same band, or teammates). A path that makes a round reads the facts and asks this once.
 */
import type { TRefusal } from '../errors.js';
import { ageBandsMayMeet, type TMeetingProfile } from '../debate/matchmaking.js';
import { pairsOfSeating, peopleOfSeating, type TRoundSeating } from '../debate/seating.js';
import { refusalOf } from './refusals.js';

/** What the rule reads of the people of a seating, read by the server in the transaction that seats them. */
export interface TSeatingFacts {
  /** Those who may not be seated now (`seatRefusal`: banned or suspended). */
  unseatable: ReadonlySet<string>;
  /** Whether one of the two blocked the other. */
  isBlocked: (x: string, y: string) => boolean;
  /** Each debater's age band and teams (a debater missing has no band and no team: meets nobody). */
  profiles: ReadonlyMap<string, TMeetingProfile>;
  /** A person's name for the words (a coach or host chose them). */
  nameOf: (userId: string) => string;
}

const NO_PROFILE: TMeetingProfile = { band: null, teamIds: [] };

/**
 * Why these people may not sit in one round, naming who, or null: someone who may not be seated now, two people one
 * of whom blocked the other (partners and judges included), or two debaters whose age bands do not meet and who
 * share no team. (A judge of a round with a minor is `mayJudgeMinors`' question, asked beside this one.)
 */
export function seatingRefusal(seating: TRoundSeating, facts: TSeatingFacts): TRefusal | null {
  const unavailable = peopleOfSeating(seating).find((id) => facts.unseatable.has(id));
  if (unavailable !== undefined) return refusalOf('seat_unavailable', facts.nameOf(unavailable));
  const pairs = pairsOfSeating(seating);
  const blocked = pairs.find(([x, y]) => facts.isBlocked(x, y));
  if (blocked) return refusalOf('blocked', [facts.nameOf(blocked[0]), facts.nameOf(blocked[1])]);
  const debaters = new Set(seating.debaters.map((d) => d.userId));
  const apart = pairs.find(
    ([x, y]) =>
      debaters.has(x) &&
      debaters.has(y) &&
      !ageBandsMayMeet(facts.profiles.get(x) ?? NO_PROFILE, facts.profiles.get(y) ?? NO_PROFILE),
  );
  return apart ? refusalOf('age_band_pair', [facts.nameOf(apart[0]), facts.nameOf(apart[1])]) : null;
}

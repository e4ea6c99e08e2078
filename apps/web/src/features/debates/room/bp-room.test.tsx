import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { createClock, type TDebate, type TDebateSeat } from '@resolved/shared';
import { SpeechSchedule } from './SpeechSchedule';
import { speechLengthNote } from './speech-length';
import { RoundDebaters } from './RoundDebaters';
import { BpBallotForm } from '../ballot/BpBallot';
import { bpTeamsOf, currentSpeakersText, positionName, sideName } from './round-seats';
import { callPeople } from '../video/call-people';

const rating = { rating: 1500, deviation: 350, isProvisional: true, games: 0 };
const seat = (userId: string, side: 'a' | 'b', position: string): TDebateSeat => ({
  userId,
  displayName: userId.toUpperCase(),
  rating,
  side,
  position,
});
const seats = [
  seat('pia', 'a', 'pm'),
  seat('dan', 'a', 'dpm'),
  seat('max', 'a', 'mg'),
  seat('gus', 'a', 'gw'),
  seat('leo', 'b', 'lo'),
  seat('del', 'b', 'dlo'),
  seat('mo', 'b', 'mo'),
  seat('owen', 'b', 'ow'),
];
const debate = {
  id: 1,
  formatId: 'bp',
  debaters: { a: seats[0], b: seats[4] },
  seats,
  judge: null,
  panel: null,
  clock: { ...createClock('bp'), phase: 'speech', speechIndex: 4 },
} as unknown as TDebate;

/** The text of the rendered markup, tags dropped. */
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

describe('a British Parliamentary room in the web', () => {
  it('groups the eight seats into the four teams, each labelled, positions by their short names', () => {
    expect(bpTeamsOf(debate).map(({ name, seats: s }) => [name, s.map((x) => x.userId)])).toEqual([
      ['Opening Government', ['pia', 'dan']],
      ['Opening Opposition', ['leo', 'del']],
      ['Closing Government', ['max', 'gus']],
      ['Closing Opposition', ['mo', 'owen']],
    ]);
    expect([positionName(debate, seats[6]!), sideName(debate, seats[6]!)]).toEqual(['MO', 'Closing Opposition']);
    const html = textOf(
      renderToStaticMarkup(<RoundDebaters debate={debate} side="a" viewerId={undefined} presentUserIds={[]} />),
    );
    expect(html).toMatch(/Opening Government PM PIA .* DPM DAN/);
    expect(html).toMatch(/Closing Government MG MAX /);
    expect(html).toContain('Closing Opposition MO MO');
  });

  it('shows the speaking order from the format data, each speech by position and team', () => {
    const html = renderToStaticMarkup(<SpeechSchedule debate={debate} />);
    const rows = html
      .split('<li')
      .slice(1)
      .map((row) => textOf(row.replace(/^[^>]*>/, '')));
    expect(rows).toEqual([
      'PM · Prime Minister Opening Government · 7 min PIA',
      'LO · Leader of the Opposition Opening Opposition · 7 min LEO',
      'DPM · Deputy Prime Minister Opening Government · 7 min DAN',
      'DLO · Deputy Leader of the Opposition Opening Opposition · 7 min DEL',
      'MG · Member of the Government Closing Government · 7 min MAX',
      'MO · Member of the Opposition Closing Opposition · 7 min MO',
      'GW · Government Whip Closing Government · 7 min GUS',
      'OW · Opposition Whip Closing Opposition · 7 min OWEN',
    ]);
    expect(currentSpeakersText(debate)).toBe('Speaking: MAX (Closing Government, MG)');
  });

  it('gives the judge four places to choose and eight speaker point inputs on the 50–100 scale', () => {
    const html = renderToStaticMarkup(<BpBallotForm debate={debate} onSubmitted={() => {}} />);
    expect(html.match(/<select/g)).toHaveLength(4);
    expect(html.match(/type="number" min="50" max="100" step="1"/g)).toHaveLength(8);
    expect(textOf(html)).toContain('Speaker points: OWEN (OW)');
    expect(textOf(html)).toContain('First (3 team points)');
  });

  it('asks the judge to rank only the teams that stayed, and names a forfeited team in the room', () => {
    const forfeited = { ...debate, bpForfeits: { cg: 4 } } as TDebate;
    const html = renderToStaticMarkup(<BpBallotForm debate={forfeited} onSubmitted={() => {}} />);
    expect(html.match(/<select/g)).toHaveLength(3);
    expect(html.match(/type="number" min="50" max="100" step="1"/g)).toHaveLength(6);
    expect(textOf(html)).toContain('Your ballot: rank the teams that stayed');
    expect(textOf(html)).toContain('Forfeited: fourth place, no team or speaker points.');
    expect(textOf(html)).not.toContain('Fourth (0 team points)');
    expect(textOf(html)).not.toContain('Speaker points: MAX (MG)');
    const room = textOf(
      renderToStaticMarkup(<RoundDebaters debate={forfeited} side="a" viewerId={undefined} presentUserIds={[]} />),
    );
    expect(room).toContain('Closing Government · forfeited');
    expect(room).not.toContain('Opening Government · forfeited');
  });

  it('shows a five-minute room’s length on its schedule, with the points of information stretch of five', () => {
    const five = { ...debate, clock: { ...createClock('bp', { speechMinutes: 5 }), phase: 'idle' } } as TDebate;
    expect(speechLengthNote(five)).toBe('5-minute speeches (schools): points of information from 1:00 to 4:00');
    expect(speechLengthNote(debate)).toBe('7-minute speeches (universities): points of information from 1:00 to 6:00');
    expect(speechLengthNote({ ...debate, formatId: 'parli' } as TDebate)).toBeNull();
    const html = textOf(renderToStaticMarkup(<SpeechSchedule debate={five} />));
    expect(html).toContain('5-minute speeches (schools)');
    expect(html.match(/· 5 min/g)).toHaveLength(8);
    expect(html).not.toContain('7 min');
  });

  it('labels each call tile by team and position, the partner by the same team and not the same bench', () => {
    const pmSees = callPeople(debate, 'a', 'pia');
    expect(pmSees.map((p) => [p.label, p.caption])).toEqual([
      ['Your partner', 'Opening Government · DPM · DAN'],
      ['Closing Government · MG', 'Closing Government · MG · MAX'],
      ['Closing Government · GW', 'Closing Government · GW · GUS'],
      ['Opening Opposition · LO', 'Opening Opposition · LO · LEO'],
      ['Opening Opposition · DLO', 'Opening Opposition · DLO · DEL'],
      ['Closing Opposition · MO', 'Closing Opposition · MO · MO'],
      ['Closing Opposition · OW', 'Closing Opposition · OW · OWEN'],
    ]);
    // The Member of the Government's partner is the Whip, though the PM sits on the same bench.
    expect(
      callPeople(debate, 'a', 'max')
        .filter((p) => p.label === 'Your partner')
        .map((p) => p.userId),
    ).toEqual(['gus']);
    // The judge sees eight tiles, each named by its team and position (no two alike).
    const judgeSees = callPeople(
      { ...debate, judge: { userId: 'jo', displayName: 'JO', rating } } as TDebate,
      'judge',
      'jo',
    );
    expect(judgeSees.map((p) => p.label)).toContain('Closing Opposition · OW camera');
    expect(new Set(judgeSees.map((p) => p.label)).size).toBe(8);
  });
});

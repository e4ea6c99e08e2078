import type { TGuideContent } from './content';

/** The British Parliamentary guide's prose (timings, positions and who speaks come from `GUIDE_FORMATS`). */
export const BRITISH_PARLIAMENTARY_GUIDE: TGuideContent = {
  title: 'British Parliamentary Debate',
  lead: 'Four teams of two in one room, ranked first to fourth: the format of the World Universities Debating Championship.',
  overview: {
    id: 'what-is-bp',
    title: 'What is British Parliamentary debate?',
    paragraphs: [
      'British Parliamentary (BP) is debated by four teams of two. Two teams support the motion as the Government and two oppose it as the Opposition, but every team competes against the other three: the judges rank the four teams first to fourth, and a team can win the room while its own bench partner comes last.',
      'The opening teams (Opening Government and Opening Opposition) set up the debate; the closing teams (Closing Government and Closing Opposition) must agree with their side’s opening team and yet bring something new, an extension, that makes them the better team. Motions are announced shortly before the round, so BP rewards clear reasoning, general knowledge and quick strategy more than research.',
    ],
  },
  practiceNote: {
    title: 'British Parliamentary on Resolved',
    paragraphs: [
      'Queue with your partner, or choose “Find me a partner”: a British Parliamentary room on Resolved opens when four teams of two are waiting, with the places and speaking positions drawn at random. The clock runs the speaking order below with seven-minute speeches; only the other bench may offer points of information, outside the protected first and last minute. Each team prepares alone for fifteen minutes, with its own audio, team chat and flow, and the chair ranks the four teams and gives every speaker points.',
    ],
  },
  sections: [
    {
      id: 'positions',
      title: 'Four teams, eight speakers',
      paragraphs: [
        'The speeches alternate between the benches: the Prime Minister opens, the Leader of the Opposition answers, then the two deputies, then the closing teams’ members, and finally the two whips. The whips sum up the debate for their bench without new arguments, while still showing why their own closing team did more than its opening.',
        'Each team prepares on its own: from the moment the motion is shown, the two members of a team plan together, apart from the other three teams, including the one on their own bench.',
      ],
    },
    {
      id: 'poi',
      title: 'Points of information',
      paragraphs: [
        'In every speech, outside the protected first and last minute, a member of the other bench may rise to offer a point of information. The speaker chooses whether to take it; the clock keeps running. The two Government teams never offer points to each other, nor do the two Opposition teams.',
      ],
      points: [
        'Take one or two points in a speech: judges notice a speaker who refuses every one.',
        'Closing teams: offer points during the opening half, so that the judges remember you before you speak.',
      ],
    },
    {
      id: 'ballot',
      title: 'The ranked ballot',
      paragraphs: [
        'The judges rank the four teams: the first earns 3 team points, the second 2, the third 1 and the fourth none. Each of the eight speakers also gets speaker points, from 50 to 100 on the world championships’ scale. A team ranked higher must have more speaker points than every team below it; a judge who ranks a team above one with as many points or more must confirm it as a low-point win.',
        'A panel confers and the chair gives the panel’s ballot. In a tournament, teams are drawn into rooms with teams on the same team points, and their positions rotate over the rounds so that nobody opens or closes the Government every time.',
      ],
    },
  ],
  tips: [
    'Opening teams: set out a clear case early, because the closing teams will build on it or against it.',
    'Closing teams: name your extension in your first minute, so the judges know what is yours.',
    'Engage with all three other teams, not just the one across from you.',
    'Whips: sum up around two or three questions the debate turned on, not speech by speech.',
  ],
};

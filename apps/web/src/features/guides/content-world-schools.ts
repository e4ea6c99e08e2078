import type { TGuideContent } from './content';

/** The World Schools guide's prose (timings and who speaks come from `GUIDE_FORMATS`). */
export const WORLD_SCHOOLS_GUIDE: TGuideContent = {
  title: 'World Schools Debate',
  lead: 'Three speakers a side, a reply speech each, and points of information: the format of the world championships.',
  overview: {
    id: 'what-is-ws',
    title: 'What is World Schools debate?',
    paragraphs: [
      'World Schools is the format of the World Schools Debating Championships and a growing event in American high schools. Two teams of three debate a motion: the Proposition supports it and the Opposition opposes it. Some motions are announced weeks ahead; others only shortly before the round, with a set time to prepare and no internet.',
      'Judges weigh content, style and strategy together: what a team argues, how persuasively it says it, and whether it spends its time on the issues that matter. The format prizes clear principle and real-world examples over evidence read from cards.',
    ],
  },
  practiceNote: {
    title: 'World Schools on Resolved',
    paragraphs: [
      'World Schools is played by teams of three only: queue with your two teammates, challenge another team, or play a round a coach pairs. Each speech is run by the speaker in its position; a side’s reply is given by its first or second speaker, never its third, and points of information come from the other side outside the protected first and last minute.',
    ],
  },
  sections: [
    {
      id: 'speakers',
      title: 'Three speakers and a reply',
      paragraphs: [
        'The six main speeches alternate between the sides. The first speakers define the motion and set out their cases; the second speakers rebuild and extend them; the third speakers answer the other side and bring the debate to its main clashes, without new arguments of their own.',
        'Then each team gives a reply speech, the Opposition first and the Proposition last. The reply is given by the team’s first or second speaker, never the third, and is a short, biased account of the round: the questions it turned on and why your side won them. Each team names its reply speaker before the round.',
      ],
    },
    {
      id: 'poi',
      title: 'Points of information',
      paragraphs: [
        'During the six main speeches, any member of the other team may rise to offer a point of information: a question or remark of a few seconds. The speaker chooses whether to take it. The first and the last minute of each main speech are protected, and no points are offered in the replies.',
      ],
      points: [
        'Take one or two points in a speech: refusing them all looks like avoiding the argument.',
        'Offer points throughout the other side’s speeches; a good point can expose a weakness in one sentence.',
      ],
    },
    {
      id: 'prep',
      title: 'Preparation',
      paragraphs: [
        'There is no prep time during the round: speeches follow one another. Before it, the team prepares together for as long as the host sets, often thirty minutes to an hour for a motion announced at the round, and only with printed references.',
      ],
    },
  ],
  tips: [
    'Agree on your team’s line before the round, so that every speaker argues the same case.',
    'Use examples from many countries: World Schools judges reward arguments that hold beyond one place.',
    'Third speakers: organise the rebuttal around two or three clashes rather than going speech by speech.',
    'In the reply, judge the round from your side: no new material, just why you won it.',
  ],
};

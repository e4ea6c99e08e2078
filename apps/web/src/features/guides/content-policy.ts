import type { TGuideContent } from './content';

/** The Policy guide's prose (timings and who speaks come from `GUIDE_FORMATS`). */
export const POLICY_GUIDE: TGuideContent = {
  title: 'Policy Debate',
  lead: 'Two teams of two test a plan: should the government do it, and would it do more good than harm?',
  overview: {
    id: 'what-is-policy',
    title: 'What is Policy debate?',
    paragraphs: [
      'Policy debate, also called cross-examination or CX debate, is the oldest team format in American high schools. One resolution is debated for a whole school year, usually a call for the United States federal government to change a policy. The Affirmative team proposes a plan within the resolution; the Negative team argues that the plan should not be adopted.',
      'Because the topic lasts all year, Policy rewards research: teams build large files of evidence and answer arguments in depth. Each speaker has a fixed place in the round, and who cross-examines whom follows from who speaks next.',
    ],
  },
  practiceNote: {
    title: 'Policy on Resolved',
    paragraphs: [
      'Policy is played by teams of two only: queue with a partner or choose “Find me a partner”, challenge another team, or play a round a coach pairs. Each speech is run by the speaker in its position, each cross-examination by the two speakers the table names, and each team draws from its own eight minutes of prep, hearing only itself while it runs.',
    ],
  },
  sections: [
    {
      id: 'positions',
      title: 'Four speakers, four places',
      paragraphs: [
        'Each team has a first and a second speaker: 1A and 2A for the Affirmative, 1N and 2N for the Negative. Each gives one constructive and one rebuttal. The 1A opens with the plan; the 2A gives the Affirmative’s last constructive and its final rebuttal; the 1N lays out the Negative strategy; the 2N gives the Negative’s last word.',
        'The 2NC and the 1NR come back to back, thirteen minutes of Negative speaking known as the Negative block. The partners split the arguments between them so the block covers everything, and the 1AR then has five minutes to answer it all.',
      ],
    },
    {
      id: 'cross-examination',
      title: 'Cross-examination',
      paragraphs: [
        'Three minutes of questions follow each constructive. The questioner is the opponent who does not speak next, so their partner can prepare: the 2N questions the 1A, the 1A the 1N, the 1N the 2A and the 2A the 2N.',
      ],
      points: [
        'Ask for the evidence you need to see and the claims you want pinned down.',
        'Use questions to set up the arguments your partner is about to make.',
        'A concession counts only when a speech uses it.',
      ],
    },
    {
      id: 'prep',
      title: 'Prep time',
      paragraphs: [
        'Each team has one bank of prep time for the round and spends it between speeches, in any pieces it chooses. Both partners draw from the same bank, so a team agrees in advance how much to keep for the rebuttals.',
      ],
    },
    {
      id: 'arguments',
      title: 'What the Negative runs',
      paragraphs: [
        'The Negative may attack the case itself (the harm is small, the plan will not solve it), argue that the plan causes disadvantages that outweigh it, propose a competing counterplan, argue that the plan is not within the resolution (topicality), or question the assumptions behind the case (a critique). The rebuttals then choose which of these decide the round.',
      ],
    },
  ],
  tips: [
    'Flow every argument: with eight speeches of new material, the flow is the only way to answer each one.',
    'Speak quickly only as far as the judge can follow; clarity wins over speed.',
    'Divide the Negative block so the 2NC and the 1NR never cover the same argument.',
    'In the last rebuttal, weigh: compare the impacts and tell the judge which matters more and why.',
  ],
};

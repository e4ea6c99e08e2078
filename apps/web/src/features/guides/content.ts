import type { TGuideFormatId } from '@resolved/shared';
import { BRITISH_PARLIAMENTARY_GUIDE } from './content-british-parliamentary';
import { POLICY_GUIDE } from './content-policy';
import { WORLD_SCHOOLS_GUIDE } from './content-world-schools';

/**
 * The prose of the format guides, in our own words (Policy, World Schools and British Parliamentary in their own files). Timings and who
 * gives each speech are deliberately absent: the guide page renders them from `GUIDE_FORMATS` in @resolved/shared,
 * so the tables, the prose and the debate clock never disagree.
 */

export interface TGuideSection {
  id: string;
  title: string;
  paragraphs: readonly string[];
  /** An optional bullet list under the paragraphs. */
  points?: readonly string[];
}

export interface TGuideContent {
  /** The page's h1. */
  title: string;
  /** One sentence under the h1. */
  lead: string;
  /** "What is …?" */
  overview: TGuideSection;
  /** Shown straight after the overview as a highlighted note (e.g. how Resolved adapts a team format). */
  practiceNote?: { title: string; paragraphs: readonly string[] };
  /** Shown after the timing table, in order. */
  sections: readonly TGuideSection[];
  tips: readonly string[];
}

export const GUIDES: Readonly<Record<TGuideFormatId, TGuideContent>> = {
  ld: {
    title: 'Lincoln Douglas Debate',
    lead: 'A one-on-one debate about values: which principle matters most, and which side best upholds it.',
    overview: {
      id: 'what-is-ld',
      title: 'What is Lincoln Douglas?',
      paragraphs: [
        'Lincoln Douglas (LD) pits two debaters against each other on a resolution that usually asks whether an action or policy is just, moral or desirable. The Affirmative argues that the resolution is true; the Negative argues that it is not.',
        'Where other formats mostly count costs and benefits, LD asks a deeper question first: what should we value, and how do we know when that value is achieved? The format is named after the 1858 debates between Abraham Lincoln and Stephen Douglas, which turned on exactly that kind of moral question.',
      ],
    },
    sections: [
      {
        id: 'case',
        title: 'Building a case: value, criterion, contentions',
        paragraphs: [
          'Each constructive is organised around a framework. The value is the highest goal in the round (justice, human dignity, societal welfare). The criterion is the yardstick that tells the judge how to measure whether the value is being met. The contentions are your arguments, each showing that your side meets the criterion better than your opponent’s.',
          'Many rounds are decided on the framework: if the judge accepts your criterion and you show your contentions link to it, you are usually ahead.',
        ],
      },
      {
        id: 'cross-examination',
        title: 'Cross-examination',
        paragraphs: [
          'A cross-examination period follows each constructive. The debater who just spoke answers; the opponent asks. It is not a speech: keep questions short and answers direct.',
          'Use it to clarify what the case actually claims, to win small concessions you will use later, and to expose missing links. A concession only counts if you bring it up in a speech, so note it and use it.',
        ],
        points: [
          'Ask closed questions that lead somewhere: “So your criterion only looks at outcomes?”',
          'When answering, be honest and brief, and don’t give away more than you were asked.',
          'Cross-examination time is not prep time: think about your next speech after it ends.',
        ],
      },
      {
        id: 'rebuttals',
        title: 'The rebuttals',
        paragraphs: [
          'The Affirmative speaks first and last, but the Negative has the longest unbroken stretch of the round: the Negative Constructive and, after the short 1AR, the Negative Rebuttal. That makes the 1AR the hardest speech in LD. It has to answer everything the Negative said and rebuild the Affirmative case in very little time, so group arguments and move quickly.',
          'The NR and 2AR are about choices. Do not try to win everything: pick the arguments that decide the round, explain why they matter more than your opponent’s, and tie them back to the framework.',
        ],
      },
      {
        id: 'prep',
        title: 'Prep time',
        paragraphs: [
          'Each debater has one bank of prep time for the whole round and spends it in pieces, whenever they choose, between speeches. Time not used is simply lost, but running out early leaves you speaking unprepared.',
          'Most debaters save the bulk of it for the rebuttals, especially before the 1AR and the 2AR. On Resolved the debate clock shows how much prep each side has left.',
        ],
      },
    ],
    tips: [
      'Write your value and criterion so that a judge could repeat them back after one hearing.',
      'Flow the round: note every argument in columns so you can answer each one in order.',
      'Signpost: say which argument you are answering before you answer it.',
      'In the last speech, weigh. Tell the judge why your best argument outweighs theirs.',
    ],
  },

  pf: {
    title: 'Public Forum Debate',
    lead: 'A team debate on a current-events question, argued clearly enough for any thoughtful listener to judge.',
    overview: {
      id: 'what-is-pf',
      title: 'What is Public Forum?',
      paragraphs: [
        'Public Forum (PF) is debated by two teams of two: the Pro team supports the resolution and the Con team opposes it. Resolutions are drawn from the news, on questions of policy, economics or international affairs, and change every month or two.',
        'PF was designed to be judged by anyone, including parents and community volunteers with no debate training. That shapes the format: evidence matters, but so do plain language, a clear story and explicit weighing. If a smart listener cannot follow you, you are not winning.',
      ],
    },
    practiceNote: {
      title: 'Partners, or one-on-one, on Resolved',
      paragraphs: [
        'Public Forum is a team format, and the table below says which partner gives each speech: queue with a partner (a teammate, or anyone through a partner link), or choose “Find me a partner” and the queue pairs you with another debater queued alone. Partners share a partner chat and a team flow, and hear only each other while prep time runs.',
        'One-on-one practice stays as a named mode: you give every speech of your side, the constructive, the rebuttal, the summary and the final focus, and both of you may ask and answer in every crossfire, grand crossfire included. The speech times stay the same, so you practise the full round.',
      ],
    },
    sections: [
      {
        id: 'crossfire',
        title: 'Crossfire',
        paragraphs: [
          'PF has no one-way cross-examination. In crossfire both debaters may ask and answer questions. The first crossfire follows the two constructives and involves the first speakers; the second follows the rebuttals and involves the second speakers; grand crossfire, after the summaries, brings all four debaters in at once.',
          'Because either side can talk, crossfire rewards courtesy and control: ask short questions, give the other side a chance to ask theirs, and never talk over an answer. Judges notice who keeps their composure.',
        ],
        points: [
          'Open with the question that matters most: time can run out quickly.',
          'Answer, then ask: a direct answer followed by your own question keeps the exchange balanced.',
          'Nothing said in crossfire counts unless it is repeated in a later speech.',
        ],
      },
      {
        id: 'speeches',
        title: 'Constructive, rebuttal, summary, final focus',
        paragraphs: [
          'Constructives present each team’s case: a framework if needed, and usually two or three contentions backed by evidence. Rebuttals attack the opposing case; the second-speaking team should also begin to defend its own.',
          'The summary narrows the round to the arguments your team is winning and extends them, with the defence they need. The final focus is the last word: explain the key voting issue and why it outweighs. Anything you want in the final focus must already be in your summary, and no new arguments belong in either.',
        ],
      },
      {
        id: 'prep',
        title: 'Prep time',
        paragraphs: [
          'Each team has a bank of prep time it may spend between speeches, in whatever pieces it chooses. Teams often use a little before the rebuttal and save the rest for the summary and the final focus, where choosing what to extend decides the round.',
        ],
      },
    ],
    tips: [
      'Explain every piece of evidence: who says it, what it proves, and why it matters in this round.',
      'Weigh with clear comparisons: magnitude, probability, timeframe, who is affected.',
      'Keep summary and final focus consistent: extend the same arguments in both.',
      'Speak to the judge in front of you: skip jargon a newcomer would not know.',
    ],
  },

  parli: {
    title: 'Parliamentary Debate',
    lead: 'NPDA-style limited-preparation debate: a fresh motion each round, quick thinking and points of information.',
    overview: {
      id: 'what-is-parli',
      title: 'What is Parliamentary debate?',
      paragraphs: [
        'Parliamentary debate (parli), in the style of the U.S. National Parliamentary Debate Association (NPDA), is a team format loosely modelled on a legislature. The Government team (Prime Minister and Member of the Government) supports the motion; the Opposition team (Leader of the Opposition and Member of the Opposition) opposes it.',
        'The motion is announced only shortly before the round, and teams may not read researched evidence while they speak. Rounds are won with reasoning, general knowledge, clear structure and the ability to respond on your feet.',
      ],
    },
    sections: [
      {
        id: 'prep',
        title: 'Prep time',
        paragraphs: [
          'Parli has one block of preparation, before the first speech, starting when the motion is announced. Partners prepare together, usually by brainstorming arguments for both sides, then writing their own case and predicting the other team’s. Once the Prime Minister stands up there is no more prep.',
          'The Government should use prep to decide how it will define and interpret the motion; the Opposition should prepare answers to the cases the Government is most likely to run.',
        ],
      },
      {
        id: 'speeches',
        title: 'Speech order and roles',
        paragraphs: [
          'The Prime Minister opens by defining the motion and presenting the Government case. The Leader of the Opposition may accept or challenge those definitions, answers the case and builds the Opposition’s own. The Member speeches extend and defend their team’s case; the Member of the Opposition gives the last constructive, so new arguments end there.',
          'The rebuttals are reversed: the Leader of the Opposition rebuts first, then the Prime Minister has the final word. Rebuttals summarise and weigh the round and may not introduce new arguments.',
        ],
      },
      {
        id: 'poi',
        title: 'Points of information',
        paragraphs: [
          'During the constructives, a member of the other team may rise to offer a point of information (POI): a short question or statement addressed to the speaker. The speaker chooses whether to take it (“I’ll take your point”) or decline (“No, thank you”). If accepted, the POI is stated briefly and answered, and the speaker’s clock keeps running throughout.',
          'POIs are never offered in the rebuttals or during protected time.',
        ],
        points: [
          'Accepting one or two POIs per speech shows confidence; refusing every one can look evasive.',
          'Keep your own POIs to a single sentence that exposes a real weakness.',
        ],
      },
      {
        id: 'protected-time',
        title: 'Protected time',
        paragraphs: [
          'The first and last minute of each constructive are protected: no points of information may be offered, so the speaker can set up and close the speech without interruption. The timekeeper signals when protected time ends and when it begins again.',
        ],
      },
      {
        id: 'grace-time',
        title: 'Grace time',
        paragraphs: [
          'When a speaker’s time runs out, a short grace period lets them finish the sentence they are on. It is for wrapping up, not for starting a new argument; judges may ignore anything new said in grace time.',
        ],
      },
      {
        id: 'points-of-order',
        title: 'Points of order',
        paragraphs: [
          'If a speaker introduces a new argument in a rebuttal, a member of the other team may rise on a point of order to say so. The judge may rule on it at once or take it under consideration and decide at the end of the round.',
        ],
      },
    ],
    tips: [
      'In prep, write a one-line thesis for your side before anything else.',
      'Use examples everyone in the room can check: history, current events, everyday experience.',
      'Signpost clearly: without evidence cards, structure is how the judge follows you.',
      'In the rebuttal, choose two or three voting issues and weigh them; don’t re-give your constructive.',
    ],
  },
  policy: POLICY_GUIDE,
  ws: WORLD_SCHOOLS_GUIDE,
  bp: BRITISH_PARLIAMENTARY_GUIDE,
};

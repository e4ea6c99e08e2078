/**
 * Every public page and the spec texts (seed-spec §1–3) that prove it rendered. The texts are written
 * out here on purpose instead of being imported from the app: they are the contract the app must meet.
 */
/** The points rules the How To and Help pages document (complete 10, win 15 more, judge 5). */
const POINTS_TEXT =
  /Finishing a live debate earns 10 points, winning a judged debate \(or a forfeit\) earns 15 more, and judging a debate earns the judge 5 points\./;

export interface TPublicPage {
  path: string;
  /** Text the page's one `<h1>` contains (any text when the spec does not fix it). */
  heading: string | RegExp;
  /** Further texts that must be visible in the main region. */
  texts: readonly (string | RegExp)[];
  /** Names of sections (`<h2>` headings) the page must have. */
  sections?: readonly string[];
}

export const DEFAULT_TOPIC = {
  title: 'Should cryptocurrencies be regulated like traditional currencies?',
  date: 'July 20, 2025',
} as const;

/** Spec §2: welcome text about live debates, points and a How To section. */
const WELCOME = { heading: /\S/, texts: [/Welcome to Resolved/, /live debate/i, /points/i], sections: ['How To'] };

export const PUBLIC_PAGES: readonly TPublicPage[] = [
  { path: '/', ...WELCOME },
  { path: '/welcome', ...WELCOME },
  { path: '/topics', heading: 'Current Topic', texts: [DEFAULT_TOPIC.title, DEFAULT_TOPIC.date] },
  {
    path: '/how-to',
    heading: 'Choose Debate Format',
    texts: ['Lincoln Douglas', 'Public Forum', 'Parliamentary', POINTS_TEXT],
    sections: ['More formats'],
  },
  { path: '/parliamentary', heading: 'Lincoln Douglas', texts: [] },
  { path: '/oxford', heading: 'Public Forum', texts: [] },
  { path: '/parli', heading: 'Parliamentary', texts: [] },
  { path: '/policy', heading: 'Policy', texts: [] },
  { path: '/world-schools', heading: 'World Schools', texts: [] },
  { path: '/british-parliamentary', heading: 'British Parliamentary', texts: [] },
  {
    path: '/rooms',
    heading: 'Join or Create a Room',
    texts: ['Room 1', 'Room 2', 'Room 3', 'Room 4', 'Room 5', 'Room 6'],
  },
  { path: '/about', heading: 'About Us', texts: [] },
  { path: '/help', heading: 'Help & Support', texts: [POINTS_TEXT] },
];

import { ArrowRight, Clock, Landmark, Scale, Timer, Users, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import {
  FORMATS,
  GUIDE_FORMAT_IDS,
  GUIDE_FORMATS,
  totalSpeechMinutes,
  type TFormatId,
  type TGuideFormatId,
} from '@resolved/shared';
import { PageHeading } from '../../shell/PageHeading';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { formatPrep, formatTeamSize } from '../guides/format-text';
import { DebatePointsNote } from '../debates/room/DebateNotes';

/** Card order and targets are the spec's contract: LD → /parliamentary, PF → /oxford, Parli → /parli. */
const CARDS: readonly { formatId: TFormatId; icon: LucideIcon; description: string; audience: string }[] = [
  {
    formatId: 'ld',
    icon: Scale,
    description: 'One-on-one value debate: two debaters weigh a moral question with values, criteria and evidence.',
    audience: '1 vs 1',
  },
  {
    formatId: 'pf',
    icon: Users,
    description:
      'Team debate on a current-events question, argued for a citizen judge with crossfires between speeches.',
    audience: '2 vs 2 · 1 vs 1 on Resolved',
  },
  {
    formatId: 'parli',
    icon: Landmark,
    description: 'Limited-prep team debate: a new motion each round, no scripted evidence, points of information.',
    audience: '2 vs 2',
  },
];

export default function HowToPage() {
  useDocumentTitle('Choose Debate Format');
  return (
    <>
      <PageHeading
        title="Choose Debate Format"
        lead="Each guide explains the format, the order and purpose of every speech, and the exact timings you will debate with on Resolved."
      />
      <ul className="grid gap-5 md:grid-cols-3">
        {CARDS.map(({ formatId, icon: Icon, description, audience }) => {
          const format = FORMATS[formatId];
          return (
            <li key={formatId}>
              <Link
                to={format.guidePath}
                className="group flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:-translate-y-0.5 hover:border-brand-300 hover:shadow-md"
              >
                <span className="inline-flex h-12 w-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700 ring-1 ring-brand-100 group-hover:bg-brand-700 group-hover:text-white">
                  <Icon className="h-6 w-6" aria-hidden="true" />
                </span>
                <h2 className="mt-4 text-xl font-bold text-slate-900">{format.name}</h2>
                <p className="mt-1 text-sm font-medium text-slate-500">{audience}</p>
                <p className="mt-3 flex-1 leading-relaxed text-slate-600">{description}</p>
                <dl className="mt-5 space-y-2 border-t border-slate-100 pt-4 text-sm">
                  <div className="flex items-center justify-between gap-3">
                    <dt className="flex items-center gap-1.5 text-slate-500">
                      <Clock className="h-4 w-4 text-brand-600" aria-hidden="true" />
                      Round length
                    </dt>
                    <dd className="font-semibold text-slate-900">{totalSpeechMinutes(format)} min of speeches</dd>
                  </div>
                  <div className="flex items-center justify-between gap-3">
                    <dt className="flex items-center gap-1.5 text-slate-500">
                      <Timer className="h-4 w-4 text-brand-600" aria-hidden="true" />
                      Prep
                    </dt>
                    <dd className="text-right font-semibold text-slate-900">{formatPrep(format.prep)}</dd>
                  </div>
                </dl>
                <span className="mt-5 inline-flex items-center gap-1 text-sm font-semibold text-brand-700 group-hover:underline">
                  Read the guide
                  <ArrowRight className="h-4 w-4 transition-transform group-hover:translate-x-0.5" aria-hidden="true" />
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
      <MoreFormats />
      <section aria-labelledby="points-title" className="mt-10 rounded-2xl border border-brand-100 bg-brand-50 p-6">
        <h2 id="points-title" className="text-xl font-bold tracking-tight text-slate-900">
          Points
        </h2>
        <div className="mt-2 leading-relaxed">
          <DebatePointsNote />
        </div>
      </section>
    </>
  );
}

type TMoreFormatId = Exclude<TGuideFormatId, 'ld' | 'pf' | 'parli'>;

/** One line each, below the spec's three cards: the team-only formats (debated with a partner, or two). */
const MORE_FORMATS: Readonly<Record<TMoreFormatId, string>> = {
  policy: 'A year-long resolution, a plan to test, and cross-examination after every constructive.',
  ws: 'Three speakers a side, a reply speech each and points of information: the world championships’ format.',
  bp: 'Four teams of two in one room, ranked first to fourth: the format of the university world championships.',
};

function MoreFormats() {
  const cardIds: readonly TGuideFormatId[] = CARDS.map((card) => card.formatId);
  const others = GUIDE_FORMAT_IDS.filter((id): id is TMoreFormatId => !cardIds.includes(id));
  return (
    <section aria-labelledby="more-formats-title" className="mt-10">
      <h2 id="more-formats-title" className="text-xl font-bold tracking-tight text-slate-900">
        More formats
      </h2>
      <p className="mt-1 text-slate-600">
        Team formats: debate them with a partner (Policy, British Parliamentary) or two (World Schools).
      </p>
      <ul className="mt-4 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white shadow-sm">
        {others.map((id) => {
          const format = GUIDE_FORMATS[id];
          return (
            <li key={id}>
              <Link
                to={format.guidePath}
                className="group flex items-center gap-4 px-5 py-4 hover:bg-brand-50 focus-visible:bg-brand-50"
              >
                <span className="min-w-0 flex-1">
                  <span className="block font-semibold text-slate-900 group-hover:underline">{format.name}</span>
                  <span className="mt-0.5 block text-sm text-slate-600">{MORE_FORMATS[id]}</span>
                  <span className="mt-1 block text-xs font-medium uppercase tracking-wide text-slate-500">
                    {formatTeamSize(format)} · {totalSpeechMinutes(format)} min of speeches
                  </span>
                </span>
                <ArrowRight
                  className="h-4 w-4 shrink-0 text-brand-700 transition-transform group-hover:translate-x-0.5"
                  aria-hidden="true"
                />
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

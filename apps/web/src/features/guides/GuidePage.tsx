import { ArrowLeft, ArrowRight, Clock, Info, Lightbulb, Mic, Timer, Users } from 'lucide-react';
import { Link } from 'react-router';
import {
  GUIDE_FORMAT_IDS,
  GUIDE_FORMATS,
  totalSpeechMinutes,
  type TGuideFormatId,
  type TGuideFormatRules,
} from '@resolved/shared';
import { PageHeading } from '../../shell/PageHeading';
import { Card } from '../../ui/Card';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { GUIDES, type TGuideSection } from './content';
import { formatPrep, formatTeamSize } from './format-text';
import { TimingSection } from './GuideTiming';

/** One component for every format guide: prose from `content.ts`, every timing and speaker from `GUIDE_FORMATS`. */
export default function GuidePage({ formatId }: { formatId: TGuideFormatId }) {
  const format = GUIDE_FORMATS[formatId];
  const guide = GUIDES[formatId];
  useDocumentTitle(`${format.name} guide`);
  const otherFormats = GUIDE_FORMAT_IDS.filter((id) => id !== formatId);

  return (
    <article className="space-y-10">
      <div>
        <Link
          to="/how-to"
          className="mb-4 inline-flex items-center gap-1.5 rounded-lg text-sm font-semibold text-brand-700 hover:underline"
        >
          <ArrowLeft className="h-4 w-4" aria-hidden="true" />
          All formats
        </Link>
        <PageHeading title={guide.title} lead={guide.lead} />
        <QuickFacts format={format} />
      </div>

      <GuideSection section={guide.overview} />

      {guide.practiceNote ? (
        <aside
          role="note"
          aria-labelledby="practice-note-title"
          className="rounded-2xl border border-amber-300 bg-amber-50 p-6 text-amber-950 shadow-sm"
        >
          <h2 id="practice-note-title" className="flex items-center gap-2 text-lg font-bold">
            <Info className="h-5 w-5 shrink-0 text-amber-700" aria-hidden="true" />
            {guide.practiceNote.title}
          </h2>
          {guide.practiceNote.paragraphs.map((paragraph) => (
            <p key={paragraph} className="mt-2 leading-relaxed">
              {paragraph}
            </p>
          ))}
        </aside>
      ) : null}

      <TimingSection format={format} />

      {guide.sections.map((section) => (
        <GuideSection key={section.id} section={section} />
      ))}

      <section aria-labelledby="tips-title">
        <Card className="bg-gradient-to-br from-brand-50 to-white p-6 sm:p-8">
          <h2 id="tips-title" className="flex items-center gap-2 text-2xl font-bold tracking-tight text-slate-900">
            <Lightbulb className="h-6 w-6 text-brand-700" aria-hidden="true" />
            Tips
          </h2>
          <ul className="mt-4 grid gap-3 sm:grid-cols-2">
            {guide.tips.map((tip) => (
              <li key={tip} className="rounded-xl bg-white p-4 leading-relaxed text-slate-700 ring-1 ring-slate-200">
                {tip}
              </li>
            ))}
          </ul>
        </Card>
      </section>

      <nav aria-label="Other format guides" className="border-t border-slate-200 pt-8">
        <p className="text-sm font-semibold uppercase tracking-wide text-slate-500">Other formats</p>
        <ul className="mt-3 grid gap-3 sm:grid-cols-2">
          {otherFormats.map((id) => (
            <li key={id}>
              <Link
                to={GUIDE_FORMATS[id].guidePath}
                className="group flex items-center justify-between rounded-xl border border-slate-200 bg-white px-5 py-4 font-semibold text-slate-900 shadow-sm hover:border-brand-300 hover:bg-brand-50"
              >
                {GUIDE_FORMATS[id].name}
                <ArrowRight
                  className="h-4 w-4 text-brand-700 transition-transform group-hover:translate-x-0.5"
                  aria-hidden="true"
                />
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </article>
  );
}

function QuickFacts({ format }: { format: TGuideFormatRules }) {
  const names = format.sideList.map((side) => side.name);
  const facts = [
    format.sideList.length > 2
      ? { icon: Users, label: 'Teams', value: `${names.length} teams of ${format.teamSize}: ${names.join(', ')}` }
      : { icon: Users, label: 'Sides', value: `${names.join(' vs ')}, ${formatTeamSize(format)}` },
    { icon: Mic, label: 'Speeches', value: `${format.speeches.length} in order` },
    { icon: Clock, label: 'Speaking time', value: `${totalSpeechMinutes(format)} min` },
    { icon: Timer, label: 'Prep', value: formatPrep(format.prep) },
  ];
  return (
    <dl className="-mt-2 grid grid-cols-2 gap-3 lg:grid-cols-4">
      {facts.map(({ icon: Icon, label, value }) => (
        <div key={label} className="rounded-xl border border-slate-200 bg-white px-4 py-3 shadow-sm">
          <dt className="flex items-center gap-1.5 text-xs font-semibold uppercase tracking-wide text-slate-500">
            <Icon className="h-3.5 w-3.5" aria-hidden="true" />
            {label}
          </dt>
          <dd className="mt-1 font-semibold text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function GuideSection({ section }: { section: TGuideSection }) {
  const titleId = `${section.id}-title`;
  return (
    <section aria-labelledby={titleId} className="max-w-3xl">
      <h2 id={titleId} className="text-2xl font-bold tracking-tight text-slate-900">
        {section.title}
      </h2>
      {section.paragraphs.map((paragraph) => (
        <p key={paragraph} className="mt-3 leading-relaxed text-slate-700">
          {paragraph}
        </p>
      ))}
      {section.points ? (
        <ul className="mt-4 space-y-2">
          {section.points.map((point) => (
            <li key={point} className="flex gap-3 leading-relaxed text-slate-700">
              <span className="mt-2.5 h-1.5 w-1.5 shrink-0 rounded-full bg-brand-600" aria-hidden="true" />
              {point}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

import { ArrowRight, GraduationCap, Server, Swords, Trophy, type LucideIcon } from 'lucide-react';
import { PRODUCT_NAME } from '@resolved/shared';
import { PageHeading } from '../../shell/PageHeading';
import { ButtonLink } from '../../ui/ButtonLink';
import { Card } from '../../ui/Card';
import { useDocumentTitle } from '../../ui/useDocumentTitle';

const PILLARS: readonly { icon: LucideIcon; title: string; paragraphs: readonly string[] }[] = [
  {
    icon: Swords,
    title: `What ${PRODUCT_NAME} is`,
    paragraphs: [
      `${PRODUCT_NAME} is a place to practise competitive debate between tournaments. Each event features one current topic; you join a live debate against a random opponent, speak on a shared clock, and earn points for every round.`,
      'Points feed a leaderboard and a rank, the community chat connects debaters between rounds, and the How To guides explain Lincoln Douglas, Public Forum and Parliamentary debate from the ground up.',
    ],
  },
  {
    icon: GraduationCap,
    title: 'Who it is for',
    paragraphs: [
      `${PRODUCT_NAME} is for high school and college debaters, from first-years learning the speech order to varsity competitors who want more rounds than their schedule allows. It is free for any high school or college student.`,
      'Coaches and teams can use the meeting rooms to run their own practice sessions alongside the live debates.',
    ],
  },
  {
    icon: Server,
    title: 'Open source and self-hostable',
    paragraphs: [
      `${PRODUCT_NAME} is open-source software. Anyone can read the code, suggest changes and contribute fixes.`,
      'Schools and debate leagues can host their own copy on their own server, with their own database and their own help form, so student data stays under their control.',
    ],
  },
];

export default function AboutPage() {
  useDocumentTitle('About Us');
  return (
    <>
      <PageHeading
        title="About Us"
        lead={`${PRODUCT_NAME} gives every debater a practice partner: a live opponent, a fair clock and a reason to come back tomorrow.`}
      />
      <div className="grid gap-5 lg:grid-cols-3">
        {PILLARS.map(({ icon: Icon, title, paragraphs }) => (
          <Card as="section" key={title} className="p-6" aria-labelledby={slug(title)}>
            <span className="inline-flex h-11 w-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700 ring-1 ring-brand-100">
              <Icon className="h-6 w-6" aria-hidden="true" />
            </span>
            <h2 id={slug(title)} className="mt-4 text-xl font-bold text-slate-900">
              {title}
            </h2>
            {paragraphs.map((paragraph) => (
              <p key={paragraph} className="mt-3 leading-relaxed text-slate-600">
                {paragraph}
              </p>
            ))}
          </Card>
        ))}
      </div>

      <Card className="mt-8 flex flex-col gap-5 bg-gradient-to-r from-brand-900 to-brand-700 p-6 text-white sm:flex-row sm:items-center sm:justify-between sm:p-8">
        <div className="flex items-start gap-4">
          <Trophy className="mt-1 h-7 w-7 shrink-0 text-brand-200" aria-hidden="true" />
          <div>
            <h2 className="text-xl font-bold">Ready for your first round?</h2>
            <p className="mt-1 text-brand-100">Learn a format, then take on today&apos;s topic.</p>
          </div>
        </div>
        <div className="flex flex-col gap-3 sm:flex-row">
          <ButtonLink to="/how-to" variant="inverse">
            How To
            <ArrowRight className="h-4 w-4" aria-hidden="true" />
          </ButtonLink>
          <ButtonLink to="/help" variant="inverse-outline">
            Help &amp; Support
          </ButtonLink>
        </div>
      </Card>
    </>
  );
}

function slug(text: string): string {
  return `about-${text.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
}

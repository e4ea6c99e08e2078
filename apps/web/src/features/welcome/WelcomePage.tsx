import { ArrowRight, BookOpen, CalendarDays, Medal, Swords, Trophy, UserPlus, Users } from 'lucide-react';
import { Link } from 'react-router';
import { FORMAT_IDS, FORMATS, isLimitedToTeams, PRODUCT_NAME } from '@resolved/shared';
import { ButtonLink } from '../../ui/ButtonLink';
import { Card } from '../../ui/Card';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { useCurrentTopic } from '../topics/useCurrentTopic';
import { useAuth } from '../auth/useAuth';

const FEATURES = [
  {
    icon: Swords,
    title: 'Live debates',
    body: 'Every event has one featured topic. Join and you are paired with a random opponent for a live, timed round.',
  },
  {
    icon: Medal,
    title: 'Earn points',
    body: 'Each debate you take part in earns points. Your total shows how far your practice has taken you.',
  },
  {
    icon: Trophy,
    title: 'Climb the leaderboard',
    body: 'Points decide your rank. See where you stand against debaters from other schools and keep climbing.',
  },
] as const;

const STEPS = [
  {
    title: 'Pick a format',
    body: 'Read the guide for Lincoln Douglas, Public Forum or Parliamentary: speech order, timings and tactics.',
  },
  {
    title: 'Read the topic',
    body: "Today's Topics shows the resolution everyone is debating. Prepare arguments for both sides.",
  },
  {
    title: 'Debate and improve',
    body: 'Create an account, join a live round, and watch your points and rank grow as you practise.',
  },
] as const;

export default function WelcomePage() {
  const { user } = useAuth();
  useDocumentTitle('Welcome');
  return (
    <div className="space-y-12">
      <section
        aria-labelledby="welcome-title"
        className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-brand-950 via-brand-900 to-brand-700 px-6 py-10 text-white shadow-lg sm:px-10 sm:py-14"
      >
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -right-24 -top-24 h-72 w-72 rounded-full bg-brand-500/30 blur-3xl"
        />
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -bottom-32 right-1/3 h-72 w-72 rounded-full bg-indigo-300/10 blur-3xl"
        />
        <div className="relative max-w-2xl">
          <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-medium text-brand-100 ring-1 ring-white/20">
            <Users className="h-4 w-4" aria-hidden="true" />
            Free for high school and college debaters
          </p>
          <h1 id="welcome-title" className="mt-5 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">
            Debate live. Earn points. Climb the leaderboard.
          </h1>
          <p className="mt-4 text-lg leading-relaxed text-brand-100 sm:text-xl">
            Welcome to {PRODUCT_NAME}! Join a live debate against a random opponent on today&apos;s topic. Every round
            earns you points, and your points move you up the leaderboard.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            {user && isLimitedToTeams(user) ? null : (
              <ButtonLink to="/debates" variant="inverse">
                <Swords className="h-4 w-4" aria-hidden="true" />
                Find an opponent
              </ButtonLink>
            )}
            {user ? null : (
              <ButtonLink to="/signup" variant="inverse-outline">
                <UserPlus className="h-4 w-4" aria-hidden="true" />
                Sign up
              </ButtonLink>
            )}
            <ButtonLink to="/topics" variant="inverse-outline">
              <CalendarDays className="h-4 w-4" aria-hidden="true" />
              Today&apos;s Topics
            </ButtonLink>
            <ButtonLink to="/how-to" variant="inverse-outline">
              <BookOpen className="h-4 w-4" aria-hidden="true" />
              How To
            </ButtonLink>
          </div>
        </div>
      </section>

      <TopicTeaser />

      <section aria-labelledby="features-title">
        <h2 id="features-title" className="text-2xl font-bold tracking-tight text-slate-900">
          How {PRODUCT_NAME} works
        </h2>
        <ul className="mt-5 grid gap-4 md:grid-cols-3">
          {FEATURES.map(({ icon: Icon, title, body }) => (
            <Card as="li" key={title} className="flex gap-4 p-5 md:block md:p-6">
              <span className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                <Icon className="h-6 w-6" aria-hidden="true" />
              </span>
              <div>
                <h3 className="text-lg font-semibold text-slate-900 md:mt-4">{title}</h3>
                <p className="mt-1 leading-relaxed text-slate-600 md:mt-2">{body}</p>
              </div>
            </Card>
          ))}
        </ul>
      </section>

      <section aria-labelledby="how-to-title">
        <Card className="p-6 sm:p-8">
          <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
            <div>
              <h2 id="how-to-title" className="text-2xl font-bold tracking-tight text-slate-900">
                How To
              </h2>
              <p className="mt-2 max-w-2xl text-slate-600">
                New to competitive debate, or to a format? Start here: three steps from reading to your first round.
              </p>
            </div>
            <ButtonLink to="/how-to" variant="secondary" className="shrink-0">
              Choose a format
              <ArrowRight className="h-4 w-4" aria-hidden="true" />
            </ButtonLink>
          </div>
          <ol className="mt-6 grid gap-4 md:grid-cols-3">
            {STEPS.map((step, index) => (
              <li key={step.title} className="flex gap-4 rounded-xl bg-slate-50 p-5 ring-1 ring-slate-200 md:block">
                <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white">
                  {index + 1}
                </span>
                <div>
                  <h3 className="font-semibold text-slate-900 md:mt-3">{step.title}</h3>
                  <p className="mt-1 text-sm leading-relaxed text-slate-600">{step.body}</p>
                </div>
              </li>
            ))}
          </ol>
          <p className="mt-6 flex flex-wrap items-center gap-x-2 gap-y-2 text-sm text-slate-600">
            <span className="font-medium text-slate-700">Format guides:</span>
            {FORMAT_IDS.map((id) => (
              <Link
                key={id}
                to={FORMATS[id].guidePath}
                className="rounded-full bg-brand-50 px-3 py-1 font-medium text-brand-800 ring-1 ring-brand-100 hover:bg-brand-100"
              >
                {FORMATS[id].name}
              </Link>
            ))}
          </p>
        </Card>
      </section>
    </div>
  );
}

/** The current topic, so a first-time visitor sees what everyone is debating right now. */
function TopicTeaser() {
  const { data: topic } = useCurrentTopic();
  if (!topic) return null;
  return (
    <section aria-labelledby="teaser-title">
      <Card className="flex flex-col gap-4 p-6 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <p className="flex items-center gap-2 text-sm font-semibold uppercase tracking-wide text-brand-700">
            <CalendarDays className="h-4 w-4" aria-hidden="true" />
            <span id="teaser-title">Today&apos;s topic</span>
            <span className="font-normal normal-case tracking-normal text-slate-500">· {topic.date}</span>
          </p>
          <p className="mt-2 text-lg font-semibold leading-snug text-slate-900">{topic.title}</p>
        </div>
        <ButtonLink to="/topics" variant="primary" className="shrink-0">
          Read the topic
          <ArrowRight className="h-4 w-4" aria-hidden="true" />
        </ButtonLink>
      </Card>
    </section>
  );
}

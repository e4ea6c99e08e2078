import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Users } from 'lucide-react';
import { TEAM_LIMITS, ZCreateTeamRequest } from '@resolved/shared';
import { formErrors } from '../../lib/form-errors';
import { toast } from '../../lib/toast';
import { PageHeading } from '../../shell/PageHeading';
import { TextField } from '../../ui/TextField';
import { buttonClass } from '../../ui/button-styles';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { JoinWithCodeForm } from './JoinWithCodeForm';
import { createTeam, listMyTeams, teamKeys } from './teams-queries';

const TEAM_FIELDS = ['name', 'school', 'description'] as const;
type TFields = (typeof TEAM_FIELDS)[number];

/** The teams one belongs to, and a form to start one (its creator becomes the coach). */
export default function TeamsPage() {
  useDocumentTitle('Teams');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const teams = useQuery({ queryKey: teamKeys.mine, queryFn: listMyTeams });
  const [values, setValues] = useState<Record<TFields, string>>({ name: '', school: '', description: '' });
  const [errors, setErrors] = useState<Partial<Record<TFields, string>>>({});
  const create = useMutation({
    mutationFn: createTeam,
    onSuccess: (team) => {
      void queryClient.invalidateQueries({ queryKey: teamKeys.all });
      toast.success(`Team “${team.name}” created. Share its join link with your debaters.`);
      void navigate(`/teams/${team.id}`);
    },
    onError: (error) => {
      const { fields, form } = formErrors(error, TEAM_FIELDS);
      setErrors(fields);
      if (Object.keys(fields).length === 0) toast.error(form);
    },
  });

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = ZCreateTeamRequest.safeParse(values);
    if (!parsed.success) {
      setErrors(formErrors(parsed.error, TEAM_FIELDS).fields);
      return;
    }
    setErrors({});
    create.mutate(values);
  }

  const set = (field: TFields) => (value: string) => setValues((v) => ({ ...v, [field]: value }));

  return (
    <>
      <PageHeading title="Teams" lead="Coaches pair their debaters for practice rounds and follow their progress." />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <section aria-labelledby="my-teams" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <h2 id="my-teams" className="text-lg font-bold text-slate-900">
            Your teams
          </h2>
          {teams.isPending ? (
            <p className="mt-2 text-sm text-slate-600">Loading…</p>
          ) : teams.isError ? (
            <p className="mt-2 text-sm text-rose-700">Your teams could not be loaded.</p>
          ) : teams.data.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600">
              You are not on a team yet. Join with the code your coach gave you, open the join link they sent, or start
              a team of your own.
            </p>
          ) : (
            <ul className="mt-3 divide-y divide-slate-100" data-testid="team-list">
              {teams.data.map((team) => (
                <li key={team.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                  <div>
                    <Link to={`/teams/${team.id}`} className="font-semibold text-brand-700 underline">
                      {team.name}
                    </Link>
                    <p className="text-sm text-slate-600">
                      {team.school} · {team.memberCount} {team.memberCount === 1 ? 'member' : 'members'}
                    </p>
                  </div>
                  {team.isPending ? (
                    <span className="rounded-full bg-amber-100 px-3 py-1 text-xs font-semibold text-amber-900">
                      Waiting for your coach
                    </span>
                  ) : (
                    <span className="rounded-full bg-slate-100 px-3 py-1 text-xs font-semibold text-slate-700">
                      {team.myRole === 'coach' ? 'Coach' : 'Member'}
                    </span>
                  )}
                </li>
              ))}
            </ul>
          )}
        </section>
        <div className="space-y-6">
          <section className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <JoinWithCodeForm />
          </section>
          <section aria-labelledby="new-team" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <h2 id="new-team" className="flex items-center gap-2 text-lg font-bold text-slate-900">
              <Users className="h-5 w-5" aria-hidden="true" /> Start a team
            </h2>
            <form onSubmit={handleSubmit} noValidate className="mt-3 space-y-3">
              <TextField
                label="Team name"
                name="name"
                value={values.name}
                onChange={set('name')}
                error={errors.name}
                counterMax={TEAM_LIMITS.nameMax}
                isRequired
              />
              <TextField
                label="School"
                name="school"
                value={values.school}
                onChange={set('school')}
                error={errors.school}
                counterMax={TEAM_LIMITS.schoolMax}
                isRequired
              />
              <TextField
                label="Description (optional)"
                name="description"
                value={values.description}
                onChange={set('description')}
                error={errors.description}
                rows={3}
                counterMax={TEAM_LIMITS.descriptionMax}
              />
              <button type="submit" className={buttonClass('primary')} disabled={create.isPending}>
                Create team
              </button>
            </form>
          </section>
        </div>
      </div>
    </>
  );
}

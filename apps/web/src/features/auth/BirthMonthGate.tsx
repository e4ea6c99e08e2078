import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { ZBirthMonth } from '@resolved/shared';
import { formErrors } from '../../lib/form-errors';
import { PageHeading } from '../../shell/PageHeading';
import { buttonClass } from '../../ui/button-styles';
import { FormAlert } from '../../ui/FormAlert';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { BirthMonthField, birthMonthValue } from './BirthMonthField';
import { setOwnBirthMonth } from './auth-queries';
import { useAuth } from './useAuth';

/**
 * An account from before ages were asked (or made through Google) gives its month and year of birth before
 * anything else. Shown in place of every page until it does; there is no way past it but giving it or signing out.
 */
export function BirthMonthGate() {
  useDocumentTitle('Your month and year of birth');
  const { refresh, signOut } = useAuth();
  const navigate = useNavigate();
  const [month, setMonth] = useState('');
  const [year, setYear] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | undefined>();
  const [isBusy, setIsBusy] = useState(false);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setFormError(undefined);
    const parsed = ZBirthMonth.safeParse(birthMonthValue(month, year));
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    setIsBusy(true);
    try {
      await setOwnBirthMonth(parsed.data);
      await refresh();
    } catch (caught) {
      const { fields, form } = formErrors(caught, ['birthMonth'] as const);
      if (fields.birthMonth) setError(fields.birthMonth);
      else setFormError(form);
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <>
      <PageHeading
        title="Your month and year of birth"
        lead="Before you go on: Resolved asks everyone for their month and year of birth, to keep debates safe for students."
      />
      <form
        onSubmit={handleSubmit}
        noValidate
        className="max-w-xl space-y-5 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
        aria-label="Month and year of birth"
      >
        <BirthMonthField month={month} year={year} onMonthChange={setMonth} onYearChange={setYear} error={error} />
        {formError ? <FormAlert>{formError}</FormAlert> : null}
        <div className="flex flex-wrap gap-3">
          <button type="submit" disabled={isBusy} className={buttonClass('primary')}>
            Continue
          </button>
          <button
            type="button"
            className={buttonClass('secondary')}
            onClick={() => void signOut().then(() => navigate('/login'))}
          >
            Sign Out
          </button>
        </div>
        <p className="text-sm text-slate-600">
          Once saved, only an admin can change it. Ask one if you make a mistake.
        </p>
      </form>
    </>
  );
}

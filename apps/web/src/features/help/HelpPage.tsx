import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { CheckCircle2, ChevronDown, LifeBuoy, Mail, Send } from 'lucide-react';
import { HELP_FORM_HEIGHT_PX, LIMITS, ZCreateContactRequest, type TCreateContactRequest } from '@resolved/shared';
import { errorMessage, formErrors, type TFieldErrors } from '../../lib/form-errors';
import { toast } from '../../lib/toast';
import { PageHeading } from '../../shell/PageHeading';
import { PageLoading } from '../../shell/PageLoading';
import { buttonClass } from '../../ui/button-styles';
import { Card } from '../../ui/Card';
import { FormAlert } from '../../ui/FormAlert';
import { TextField } from '../../ui/TextField';
import { DebatePointsNote } from '../debates/room/DebateNotes';
import { helpConfigQuery, sendContactRequest } from './help-queries';
import { useDocumentTitle } from '../../ui/useDocumentTitle';

/** The four FAQ items of spec §2, in order. */
const FAQ: readonly { question: string; answer: string }[] = [
  {
    question: 'Who can use Resolved?',
    answer:
      'Any high school or college debater, whatever their experience. Beginners can start with the How To guides; experienced debaters can jump straight into live rounds on the current topic.',
  },
  {
    question: 'Is Resolved free?',
    answer:
      'Yes. Resolved is free for any high school or college student. It is also open source, so schools and leagues can host their own copy.',
  },
  {
    question: 'Can I suggest features?',
    answer:
      'Please do. Send your idea with the form on this page and tell us what you would use it for: the problem matters more to us than the exact solution.',
  },
  {
    question: 'How do I report a bug?',
    answer:
      'Use the form on this page. Tell us what you did, what you expected and what happened instead, plus the page address and your browser. A screenshot description helps too.',
  },
];

export default function HelpPage() {
  useDocumentTitle('Help & Support');
  return (
    <>
      <PageHeading
        title="Help & Support"
        lead="Answers to common questions, and a way to reach the people who run Resolved."
      />
      <div className="grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <section aria-labelledby="faq-title">
          <h2 id="faq-title" className="text-2xl font-bold tracking-tight text-slate-900">
            Frequently asked questions
          </h2>
          <div className="mt-4 space-y-3">
            {FAQ.map((item) => (
              <details
                key={item.question}
                className="group rounded-2xl border border-slate-200 bg-white shadow-sm open:border-brand-200"
              >
                <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-2xl px-5 py-4 font-semibold text-slate-900 hover:bg-slate-50 [&::-webkit-details-marker]:hidden">
                  {item.question}
                  <ChevronDown
                    className="h-5 w-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180"
                    aria-hidden="true"
                  />
                </summary>
                <p className="px-5 pb-5 leading-relaxed text-slate-600">{item.answer}</p>
              </details>
            ))}
          </div>
        </section>

        <section aria-labelledby="contact-title">
          <h2 id="contact-title" className="text-2xl font-bold tracking-tight text-slate-900">
            Contact us
          </h2>
          <div className="mt-4">
            <HelpFormArea />
          </div>
        </section>
      </div>
      <section aria-labelledby="points-title" className="mt-10 rounded-2xl border border-brand-100 bg-brand-50 p-6">
        <h2 id="points-title" className="text-xl font-bold tracking-tight text-slate-900">
          How points work
        </h2>
        <div className="mt-2 leading-relaxed">
          <DebatePointsNote />
        </div>
      </section>
    </>
  );
}

/** The external help form when the server is configured with one, otherwise the in-app contact form. */
function HelpFormArea() {
  const { data, isPending, error } = useQuery(helpConfigQuery);
  if (isPending) return <PageLoading label="Loading the help form…" />;
  if (error) {
    return (
      <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-800">
        {errorMessage(error)}
      </p>
    );
  }
  if (data.helpFormUrl) {
    return (
      <Card className="overflow-hidden">
        <iframe
          src={data.helpFormUrl}
          title="Help request form"
          height={HELP_FORM_HEIGHT_PX}
          style={{ height: HELP_FORM_HEIGHT_PX }}
          className="block w-full border-0"
          loading="lazy"
        />
      </Card>
    );
  }
  return <ContactForm />;
}

const CONTACT_FIELDS = ['name', 'email', 'message'] as const satisfies (keyof TCreateContactRequest)[];

const EMPTY: TCreateContactRequest = { name: '', email: '', message: '' };

function ContactForm() {
  const [values, setValues] = useState<TCreateContactRequest>(EMPTY);
  const [fieldErrors, setFieldErrors] = useState<TFieldErrors<keyof TCreateContactRequest>>({});
  const mutation = useMutation({
    mutationFn: sendContactRequest,
    onSuccess: () => toast.success('Your message has been sent.'),
  });

  function handleChange(field: keyof TCreateContactRequest, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    // Once a field has been flagged, clear its message as soon as the person edits it.
    if (fieldErrors[field]) setFieldErrors((current) => ({ ...current, [field]: undefined }));
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = ZCreateContactRequest.safeParse(values);
    if (!parsed.success) {
      // The field component puts the focus on the first invalid field.
      setFieldErrors(formErrors(parsed.error, CONTACT_FIELDS).fields);
      return;
    }
    setFieldErrors({});
    mutation.mutate(parsed.data);
  }

  if (mutation.isSuccess) {
    return (
      <Card className="p-6 sm:p-8">
        <div role="status" className="flex items-start gap-4">
          <CheckCircle2 className="h-8 w-8 shrink-0 text-emerald-600" aria-hidden="true" />
          <div>
            <p className="text-lg font-semibold text-slate-900">
              Thanks — your message has been sent. We will reply to {mutation.variables.email}.
            </p>
            <p className="mt-2 text-slate-600">
              The administrators of this site read every message and will get back to you by email.
            </p>
            <button
              type="button"
              className={buttonClass('secondary', 'mt-5')}
              onClick={() => {
                setValues(EMPTY);
                mutation.reset();
              }}
            >
              Send another message
            </button>
          </div>
        </div>
      </Card>
    );
  }

  return (
    <Card className="p-6 sm:p-8">
      <p className="flex items-start gap-3 text-slate-600">
        <Mail className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" aria-hidden="true" />
        Questions, bug reports and feature ideas all go to the same place. Fields marked * are required.
      </p>
      <form noValidate onSubmit={handleSubmit} className="mt-6 space-y-5" aria-label="Contact form">
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label="Your name"
            name="name"
            autoComplete="name"
            value={values.name}
            onChange={(value) => handleChange('name', value)}
            error={fieldErrors.name}
            counterMax={LIMITS.contactName.max}
            isRequired
          />
          <TextField
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            value={values.email}
            onChange={(value) => handleChange('email', value)}
            error={fieldErrors.email}
            isRequired
          />
        </div>
        <TextField
          label="Message"
          name="message"
          rows={6}
          value={values.message}
          onChange={(value) => handleChange('message', value)}
          error={fieldErrors.message}
          counterMax={LIMITS.contactMessage.max}
          isRequired
        />
        {mutation.error ? <FormAlert>{errorMessage(mutation.error)}</FormAlert> : null}
        <div className="flex flex-col-reverse gap-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="flex items-center gap-2 text-sm text-slate-500">
            <LifeBuoy className="h-4 w-4 shrink-0" aria-hidden="true" />
            Messages go to the administrators of this site.
          </p>
          <button type="submit" className={buttonClass('primary')} disabled={mutation.isPending}>
            <Send className="h-4 w-4" aria-hidden="true" />
            {mutation.isPending ? 'Sending…' : 'Send message'}
          </button>
        </div>
      </form>
    </Card>
  );
}

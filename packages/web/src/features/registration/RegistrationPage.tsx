import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { maskDate } from '../../lib/date-mask';
import { fieldsOf, messageOf } from '../../lib/errors';
import { REGISTRATION_LABELS, SPEC_TEXT } from '../../lib/spec-text';
import { trpc } from '../../lib/trpc';
import { Banner } from '../../ui/Banner';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { TextInput } from '../../ui/TextInput';
import { FixedSelect } from '../shared/FixedSelect';
import { EducationLevelSelect, MaritalStatusSelect, ReligionSelect } from '../shared/ReferenceSelects';
import { LanguageSwitch } from '../shell/Header';
import {
  EMPTY_REGISTRATION,
  firstRegistrationProblem,
  type RegistrationForm,
  type RegistrationKey,
  type RegistrationProblem,
  toRegistrationInput,
} from './validate';
import { TextLink } from '../../ui/TextLink';
import { TextField } from '../../ui/TextField';

/** Public self-registration (spec §2, §4, §5): idle → loading → success | error. */
export function RegistrationPage() {
  const { t } = useTranslation();
  const [form, setForm] = useState<RegistrationForm>(EMPTY_REGISTRATION);
  const [problem, setProblem] = useState<RegistrationProblem | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  useEffect(() => {
    document.title = `${SPEC_TEXT.registrationTitle} · ${t('app.name')}`;
  }, [t]);

  const submit = trpc.employee.registration.submit.useMutation({
    // This page shows its own banners (spec §2: success and error banners above the form).
    meta: { silent: true },
    onSuccess: () => {
      setSuccess(t('registration.success'));
      setForm(EMPTY_REGISTRATION);
    },
    onError: () => setSuccess(null),
  });

  const set = (key: RegistrationKey, value: string) => {
    setForm((f) => ({ ...f, [key]: value }));
    // The red highlight clears when a non-empty value is entered (spec §5).
    if (problem?.field === key && value.trim()) setProblem(null);
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (submit.isPending) return;
    const p = firstRegistrationProblem(form, t('registration.invalidDate'));
    setProblem(p);
    if (p) {
      document.getElementById(p.field)?.focus();
      return;
    }
    setSuccess(null);
    submit.mutate(toRegistrationInput(form));
  };

  const fieldProps = (key: RegistrationKey) => ({
    id: key,
    name: key,
    invalid: problem?.field === key,
  });
  const errorOf = (key: RegistrationKey) => (problem?.field === key ? problem.message : null);
  /** A text field of the form: its label, box, message and browser autofill hint. */
  const text = (key: 'email' | 'givenName' | 'surname', autoComplete: string) => ({
    ...fieldProps(key),
    label: REGISTRATION_LABELS[key],
    error: errorOf(key),
    autoComplete,
    value: form[key],
    onValue: (v: string) => set(key, v),
  });
  /** A select of the form: its box, value and change. */
  const select = (key: 'gender' | 'religionId' | 'educationLevelId' | 'maritalStatusId') => ({
    ...fieldProps(key),
    value: form[key],
    onChange: (v: string) => set(key, v),
  });
  /** The label and message of a field around its own control. */
  const frame = (key: RegistrationKey) => ({ label: REGISTRATION_LABELS[key], htmlFor: key, error: errorOf(key) });
  const serverFields = submit.error ? fieldsOf(submit.error) : [];

  return (
    <div className="min-h-screen bg-slate-100 px-4 py-8">
      <div className="mx-auto w-full max-w-xl">
        <div className="mb-3 flex items-center justify-between">
          <TextLink to="/login">{t('registration.backToLogin')}</TextLink>
          <LanguageSwitch />
        </div>
        <div className="rounded-lg bg-white p-6 shadow">
          <h1 className="mb-4 text-2xl font-semibold text-slate-900">{SPEC_TEXT.registrationTitle}</h1>
          {success ? (
            <Banner tone="success" className="mb-4">
              <span data-testid="registration-success">{success}</span>
            </Banner>
          ) : null}
          {submit.error ? (
            <Banner tone="error" className="mb-4">
              <span data-testid="registration-error">
                {SPEC_TEXT.errPrefix} {messageOf(submit.error) ?? SPEC_TEXT.unknownError}
              </span>
              {serverFields.length ? (
                <ul className="mt-1 list-disc pl-5">
                  {serverFields.map((f) => (
                    <li key={`${f.param}:${f.msg}`}>
                      {f.param}: {f.msg}
                    </li>
                  ))}
                </ul>
              ) : null}
            </Banner>
          ) : null}
          <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
            <TextField {...text('email', 'email')} type="email" fieldClassName="sm:col-span-2" />
            <TextField {...text('givenName', 'given-name')} />
            <TextField {...text('surname', 'family-name')} />
            <Field {...frame('gender')}>
              <FixedSelect {...select('gender')} list="gender" placeholder={t('select.gender')} />
            </Field>
            <Field {...frame('religionId')}>
              <ReligionSelect {...select('religionId')} />
            </Field>
            <Field {...frame('educationLevelId')}>
              <EducationLevelSelect {...select('educationLevelId')} />
            </Field>
            <Field {...frame('maritalStatusId')}>
              <MaritalStatusSelect {...select('maritalStatusId')} />
            </Field>
            <Field {...frame('birthDate')}>
              <TextInput
                {...fieldProps('birthDate')}
                placeholder="dd/mm/yyyy"
                inputMode="numeric"
                maxLength={10}
                autoComplete="bday"
                value={form.birthDate}
                onChange={(e) => set('birthDate', maskDate(e.target.value))}
              />
            </Field>
            <div className="sm:col-span-2">
              <Button type="submit" className="w-full" disabled={submit.isPending}>
                {submit.isPending ? SPEC_TEXT.onProcess : t('registration.submit')}
              </Button>
            </div>
          </form>
        </div>
      </div>
    </div>
  );
}

import { createCredentialInput } from '@hr/core/browser';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { fieldsOf } from '../../lib/errors';
import { requiredNotice } from '../../lib/format';
import { type RouterOutputs, trpc } from '../../lib/trpc';
import { Banner } from '../../ui/Banner';
import { Button } from '../../ui/Button';
import { Card, PageTitle } from '../../ui/Card';
import { SecretValue } from '../../ui/CopyButton';
import { Field } from '../../ui/Field';
import { TextInput } from '../../ui/TextInput';

type Created = RouterOutputs['auth']['credential']['create'];

/** Creates an OAuth client; its secret is shown here once. */
export function CredentialAddPage() {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<Created | null>(null);
  const create = trpc.auth.credential.create.useMutation({
    meta: { successMessage: () => t('credentials.created') },
    onSuccess: (res) => {
      setCreated(res);
      void utils.auth.credential.list.invalidate();
    },
    onError: (err) => {
      const f = fieldsOf(err).find((x) => x.param === 'name');
      if (f) setError(`Name ${f.msg}`);
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = createCredentialInput.safeParse({ name });
    if (!parsed.success) {
      setError(name.trim() ? `Name ${parsed.error.issues[0]?.message ?? ''}` : requiredNotice('name'));
      document.getElementById('name')?.focus();
      return;
    }
    setError(null);
    create.mutate(parsed.data);
  };

  return (
    <>
      <PageTitle>{t('routes.developer.credentialAdd')}</PageTitle>
      <Card className="max-w-2xl">
        {created ? (
          <div className="space-y-4">
            <p className="text-sm text-slate-700">{created.name}</p>
            <Field label={t('credentials.clientId')} htmlFor="client-id">
              <SecretValue value={created.clientId} testId="client-id" />
            </Field>
            <Field label={t('credentials.secret')} htmlFor="client-secret">
              <SecretValue value={created.clientSecret} testId="client-secret" />
            </Field>
            <Banner tone="warning">{t('credentials.secretOnce')}</Banner>
            <Link to="/developer/credential" className="inline-block text-sm text-sky-700 underline">
              {t('credentials.backToList')}
            </Link>
          </div>
        ) : (
          <form onSubmit={submit} noValidate className="space-y-4">
            <Field label={t('credentials.name')} htmlFor="name" error={error} required>
              <TextInput
                id="name"
                name="name"
                maxLength={100}
                value={name}
                invalid={Boolean(error)}
                onChange={(e) => {
                  setName(e.target.value);
                  if (e.target.value.trim()) setError(null);
                }}
              />
            </Field>
            <div className="flex gap-2">
              <Button type="submit" disabled={create.isPending}>
                {t('credentials.create')}
              </Button>
              <Link
                to="/developer/credential"
                className="rounded-md border border-slate-300 px-4 py-2 text-sm text-slate-700 hover:bg-slate-50"
              >
                {t('app.cancel')}
              </Link>
            </div>
          </form>
        )}
      </Card>
    </>
  );
}

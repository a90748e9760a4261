import { createCredentialInput } from '@hr/core/browser';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { fieldErrorOf } from '../../lib/errors';
import { type RouterOutputs, trpc } from '../../lib/trpc';
import { Banner } from '../../ui/Banner';
import { SaveOrCancel } from './SaveOrCancel';
import { Card, PageTitle } from '../../ui/Card';
import { SecretValue } from '../../ui/CopyButton';
import { Field } from '../../ui/Field';
import { CredentialFields, type CredentialDraft, checkCredential, credentialBody } from './CredentialFields';

type Created = RouterOutputs['auth']['credential']['create'];

/** Creates an OAuth client (name, scope, optional terminal binding); its secret is shown here once. */
export function CredentialAddPage() {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const [draft, setDraft] = useState<CredentialDraft>({ name: '', access: 'ingest', deviceId: '' });
  const [error, setError] = useState<string | null>(null);
  const [deviceError, setDeviceError] = useState<string | null>(null);
  const name = draft.name;
  const [created, setCreated] = useState<Created | null>(null);
  const create = trpc.auth.credential.create.useMutation({
    meta: { successMessage: 'server' },
    onSuccess: (res) => {
      setCreated(res);
      void utils.auth.credential.list.invalidate();
    },
    onError: (err) => {
      const name = fieldErrorOf(err, 'name');
      if (name !== undefined) setError(`Name ${name}`);
      const device = fieldErrorOf(err, 'deviceId');
      if (device !== undefined) setDeviceError(`Terminal ${device}`);
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const input = checkCredential(createCredentialInput.safeParse({ name, ...credentialBody(draft) }), name, setError);
    if (!input) return;
    setDeviceError(null);
    create.mutate(input);
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
            <CredentialFields
              draft={draft}
              nameError={error}
              deviceError={deviceError}
              onChange={(d) => {
                setDraft(d);
                if (d.name.trim()) setError(null);
              }}
            />
            <SaveOrCancel label={t('credentials.create')} pending={create.isPending} cancelTo="/developer/credential" />
          </form>
        )}
      </Card>
    </>
  );
}

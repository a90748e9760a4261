import { updateCredentialInput } from '@hr/core/browser';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { fieldsOf } from '../../lib/errors';
import { type RouterOutputs, trpc } from '../../lib/trpc';
import { Banner } from '../../ui/Banner';
import { Button } from '../../ui/Button';
import { SaveOrCancel } from './SaveOrCancel';
import { Card, PageTitle } from '../../ui/Card';
import { SecretValue } from '../../ui/CopyButton';
import { Field } from '../../ui/Field';
import { CancelButton } from '../../ui/ActionModal';
import { Modal } from '../../ui/Modal';
import { accessOf, CredentialFields, type CredentialDraft, checkCredential, credentialBody } from './CredentialFields';
import { toastThen } from '../../lib/toast-then';

type Rotated = RouterOutputs['auth']['credential']['rotate'];

/**
 * /developer/credential/:id/edit: name, scope and terminal binding; rotate the secret (the new
 * one is shown once) or revoke the credential.
 */
export function CredentialEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const id = Number(useParams().id);
  const detail = trpc.auth.credential.detail.useQuery({ id }, { enabled: id > 0 });
  const [draft, setDraft] = useState<CredentialDraft | null>(null);
  const [nameError, setNameError] = useState<string | null>(null);
  const [deviceError, setDeviceError] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<'rotate' | 'revoke' | null>(null);
  const [rotated, setRotated] = useState<Rotated | null>(null);

  useEffect(() => {
    const d = detail.data;
    if (d && draft === null) {
      setDraft({ name: d.name, access: accessOf(d.scopes), deviceId: d.deviceId === null ? '' : String(d.deviceId) });
    }
  }, [detail.data, draft]);

  const refresh = () => {
    void utils.auth.credential.list.invalidate();
    void utils.auth.credential.detail.invalidate({ id });
  };
  const update = trpc.auth.credential.update.useMutation({
    meta: { successMessage: 'server' },
    onSuccess: () => {
      refresh();
      void navigate('/developer/credential');
    },
    onError: (err) => {
      const fields = fieldsOf(err);
      const n = fields.find((x) => x.param === 'name');
      if (n) setNameError(`Name ${n.msg}`);
      const d = fields.find((x) => x.param === 'deviceId');
      if (d) setDeviceError(`Terminal ${d.msg}`);
    },
  });
  const rotate = trpc.auth.credential.rotate.useMutation(
    toastThen((res) => {
      setConfirm(null);
      setRotated(res);
      refresh();
    }),
  );
  const revoke = trpc.auth.credential.revoke.useMutation(
    toastThen(() => {
      setConfirm(null);
      refresh();
      void navigate('/developer/credential');
    }),
  );

  const title = <PageTitle>{t('routes.developer.credentialEdit')}</PageTitle>;
  if (detail.isError) {
    return (
      <>
        {title}
        <Card>
          <p className="text-sm text-slate-700">{t('credentials.notFound')}</p>
          <Link to="/developer/credential" className="text-sm text-sky-700 underline">
            {t('credentials.backToList')}
          </Link>
        </Card>
      </>
    );
  }
  const c = detail.data;
  if (!c || !draft) return <p className="text-sm text-slate-500">Loading...</p>;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = updateCredentialInput.safeParse({ id, name: draft.name, ...credentialBody(draft) });
    const input = checkCredential(parsed, draft.name, setNameError);
    if (!input) return;
    setDeviceError(null);
    update.mutate(input);
  };

  return (
    <>
      {title}
      <Card className="max-w-2xl">
        <div className="mb-4 space-y-1 text-sm text-slate-700">
          <p>
            {t('credentials.clientId')}: <code className="font-mono text-xs">{c.clientId}</code>
          </p>
          <p>
            {t('credentials.actsAs')}: {c.actsAs}
          </p>
        </div>
        {rotated ? (
          <div className="mb-4 space-y-3">
            <Field label={t('credentials.newSecret')} htmlFor="client-secret">
              <SecretValue value={rotated.clientSecret} testId="client-secret" />
            </Field>
            <Banner tone="warning">{t('credentials.secretOnce')}</Banner>
          </div>
        ) : null}
        {c.revokedAt ? (
          <Banner tone="warning">{t('credentials.revokedNote')}</Banner>
        ) : (
          <form onSubmit={submit} noValidate className="space-y-4">
            <CredentialFields
              draft={draft}
              nameError={nameError}
              deviceError={deviceError}
              onChange={(d) => {
                setDraft(d);
                if (d.name.trim()) setNameError(null);
                setDeviceError(null);
              }}
            />
            <SaveOrCancel
              className="flex-wrap"
              label={t('credentials.save')}
              pending={update.isPending}
              cancelTo="/developer/credential"
            >
              <Button type="button" variant="secondary" onClick={() => setConfirm('rotate')}>
                {t('credentials.rotate')}
              </Button>
              <Button type="button" variant="danger" onClick={() => setConfirm('revoke')}>
                {t('credentials.revoke')}
              </Button>
            </SaveOrCancel>
          </form>
        )}
      </Card>
      {confirm ? (
        <Modal
          open
          onClose={() => setConfirm(null)}
          title={t(confirm === 'rotate' ? 'credentials.rotateTitle' : 'credentials.revokeTitle', { name: c.name })}
          footer={
            <>
              <CancelButton onCancel={() => setConfirm(null)}>{t('app.cancel')}</CancelButton>
              {confirm === 'rotate' ? (
                <Button disabled={rotate.isPending} onClick={() => rotate.mutate({ id })}>
                  {t('credentials.rotate')}
                </Button>
              ) : (
                <Button variant="danger" disabled={revoke.isPending} onClick={() => revoke.mutate({ id })}>
                  {t('credentials.revoke')}
                </Button>
              )}
            </>
          }
        >
          <p className="text-sm text-slate-700">
            {t(confirm === 'rotate' ? 'credentials.rotateText' : 'credentials.revokeText')}
          </p>
        </Modal>
      ) : null}
    </>
  );
}

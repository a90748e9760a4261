import { createWithdrawalInput, WITHDRAWAL_MAX_FILES } from '@hr/core/browser';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { fieldsOf } from '../../lib/errors';
import { requiredNotice } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { Card, PageTitle } from '../../ui/Card';
import { TextField } from '../../ui/TextField';
import { fieldBinder } from '../../lib/field-binder';
import { formatRp, readUpload } from './coop-shared';
import './texts';
import { FileField } from '../../ui/FileField';
import { FormButtons } from '../../ui/FormButtons';

/** The fields checked before the files are read (the server checks all of core's schema). */
const withdrawalForm = createWithdrawalInput.pick({ amount: true, reason: true });

/** /cooperative/withdrawal/add: amount (at most what is available), reason and supporting files. */
export function WithdrawalAddPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const mine = trpc.cooperative.balance.mine.useQuery();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = trpc.cooperative.withdrawal.create.useMutation({
    meta: { successMessage: 'server' },
    onSuccess: (w) => {
      void utils.cooperative.invalidate();
      void navigate(`/cooperative/withdrawal/${w.id}/detail`);
    },
    onError: (err) => {
      const next: Record<string, string> = {};
      for (const f of fieldsOf(err)) next[f.param.startsWith('files') ? 'files' : f.param] ??= f.msg;
      setErrors(next);
    },
  });
  const labels: Record<string, string> = { amount: t('coop.amount'), reason: t('coop.reason'), files: t('coop.files') };
  const field = fieldBinder('wd', labels, errors);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next: Record<string, string> = {};
    if (!amount.trim()) next.amount = requiredNotice(labels.amount!);
    if (!reason.trim()) next.reason = requiredNotice(labels.reason!);
    const parsed = withdrawalForm.safeParse({ amount: amount.trim(), reason });
    if (!parsed.success)
      for (const i of parsed.error.issues) next[String(i.path[0])] ??= `${labels[String(i.path[0])]} ${i.message}`;
    if (files.length > WITHDRAWAL_MAX_FILES) next.files = `${labels.files} at most ${WITHDRAWAL_MAX_FILES}`;
    const uploads = [];
    for (const f of files) {
      const u = await readUpload(f);
      if (!u) next.files ??= t('coop.badFile', { name: f.name });
      else uploads.push(u);
    }
    setErrors(next);
    const first = ['amount', 'reason', 'files'].find((k) => next[k]);
    if (first) {
      document.getElementById(`wd-${first}`)?.focus();
      return;
    }
    create.mutate({ amount: amount.trim(), reason: reason.trim(), files: uploads });
  };
  return (
    <>
      <PageTitle>{t('routes.cooperative.withdrawalAdd')}</PageTitle>
      <Card>
        {mine.data ? (
          <p className="mb-4 text-sm text-slate-700">
            {t('coop.available')}: <strong data-testid="coop-available">Rp {formatRp(mine.data.available)}</strong>
          </p>
        ) : mine.isSuccess ? (
          <p className="mb-4 text-sm text-red-700">{t('coop.notMember')}</p>
        ) : null}
        <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4 sm:grid-cols-2">
          <TextField {...field('amount')} required inputMode="numeric" maxLength={15} value={amount} onValue={setAmount} />
          <TextField {...field('reason')} required maxLength={1000} value={reason} onValue={setReason} />
          <FileField
            {...field('files')}
            hint={t('coop.filesHint')}
            fieldClassName="sm:col-span-2"
            multiple
            accept="application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.png"
            onFiles={setFiles}
          />
          <FormButtons
            onCancel={() => void navigate('/cooperative/withdrawal')}
            pending={create.isPending || !mine.data}
            label={t('coop.requestWithdrawal')}
            className="sm:col-span-2"
          />
        </form>
      </Card>
    </>
  );
}

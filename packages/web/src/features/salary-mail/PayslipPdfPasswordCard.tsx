import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorOf } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Field } from '../../ui/Field';
import { TextInput } from '../../ui/TextInput';
import './texts';
import { toastThen } from '../../lib/toast-then';

/**
 * On the personal salary page: the employee's own password for e-mailed payslip PDFs (issue 16 item 8).
 * Only the employee sets it and nothing shows it back, so an office colleague cannot read it from the app.
 */
export function PayslipPdfPasswordCard() {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const status = trpc.salary.payslip.myPdfPassword.useQuery();
  const [password, setPassword] = useState('');
  const save = trpc.salary.payslip.setMyPdfPassword.useMutation(
    toastThen(() => {
      setPassword('');
      void utils.salary.payslip.myPdfPassword.invalidate();
    }),
  );
  const error = fieldErrorOf(save.error, 'password');
  return (
    <Card title={t('mail.pdfPasswordTitle')}>
      <p className="mb-2 text-sm text-slate-600" data-testid="pdf-password-status">
        {status.data?.set ? t('mail.pdfPasswordSet') : t('mail.pdfPasswordNone')}
      </p>
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate({ password });
        }}
      >
        <Field label={t('mail.pdfPassword')} htmlFor="pdf-password" error={error} hint={t('mail.pdfPasswordHint')}>
          <TextInput
            id="pdf-password"
            type="password"
            autoComplete="new-password"
            maxLength={64}
            value={password}
            invalid={!!error}
            onChange={(e) => setPassword(e.target.value)}
          />
        </Field>
        <Button type="submit" disabled={save.isPending || password.length === 0}>
          {t('mail.pdfPasswordSave')}
        </Button>
      </form>
    </Card>
  );
}

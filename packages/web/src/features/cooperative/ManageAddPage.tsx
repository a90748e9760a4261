import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCan } from '../../lib/can';
import { fieldsOf } from '../../lib/errors';
import { requiredNotice } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { Button } from '../../ui/Button';
import { Card, PageTitle } from '../../ui/Card';
import { DatePicker } from '../../ui/DatePicker';
import { Field } from '../../ui/Field';
import { CompanyOfficeSelect, DepartmentSelect } from '../shared/OrgSelects';
import { ManagersOnly } from './coop-shared';
import './texts';
import { todayWib } from '../../lib/company-date';

/** /cooperative/manage/add: adds every working employee of an office (or one department) as members. */
export function CooperativeManageAddPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canManage = useCan('cooperative.manage');
  const utils = trpc.useUtils();
  const [officeId, setOfficeId] = useState('');
  const [departmentId, setDepartmentId] = useState('');
  const [joinDate, setJoinDate] = useState(todayWib);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const add = trpc.cooperative.member.add.useMutation({
    meta: { successMessage: 'server' },
    onError: (err) => setErrors(Object.fromEntries(fieldsOf(err).map((f) => [f.param, f.msg]))),
  });
  const [result, setResult] = useState<{ added: number; skipped: number } | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next: Record<string, string> = {};
    if (!officeId) next.companyOfficeId = requiredNotice(t('coop.office'));
    if (!joinDate) next.joinDate = requiredNotice(t('coop.joinDate'));
    setErrors(next);
    const first = ['companyOfficeId', 'joinDate'].find((k) => next[k]);
    if (first) {
      document.getElementById(`coop-add-${first}`)?.focus();
      return;
    }
    add.mutate(
      { companyOfficeId: Number(officeId), ...(departmentId ? { departmentId: Number(departmentId) } : {}), joinDate },
      {
        onSuccess: (r) => {
          setResult(r);
          void utils.cooperative.invalidate();
        },
      },
    );
  };
  if (!canManage) return <ManagersOnly title={t('routes.cooperative.manageAdd')} />;
  return (
    <>
      <PageTitle>{t('routes.cooperative.manageAdd')}</PageTitle>
      <Card>
        <p className="mb-4 text-sm text-slate-600">{t('coop.bulkIntro')}</p>
        <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-3">
          <Field label={t('coop.office')} htmlFor="coop-add-companyOfficeId" required error={errors.companyOfficeId}>
            <CompanyOfficeSelect
              id="coop-add-companyOfficeId"
              value={officeId}
              invalid={Boolean(errors.companyOfficeId)}
              onChange={(v) => {
                setOfficeId(v);
                setDepartmentId('');
              }}
            />
          </Field>
          <Field label={t('coop.department')} htmlFor="coop-add-departmentId" error={errors.departmentId}>
            <DepartmentSelect
              id="coop-add-departmentId"
              companyOfficeId={officeId ? Number(officeId) : undefined}
              requireParent
              value={departmentId}
              onChange={setDepartmentId}
            />
          </Field>
          <Field label={t('coop.joinDate')} htmlFor="coop-add-joinDate" required error={errors.joinDate}>
            <DatePicker id="coop-add-joinDate" value={joinDate} invalid={Boolean(errors.joinDate)} onChange={setJoinDate} />
          </Field>
          <div className="flex items-center justify-end gap-3 sm:col-span-3">
            {result ? (
              <span role="status" className="text-sm text-slate-700">
                {t('coop.added', result)}
              </span>
            ) : null}
            <Button variant="secondary" onClick={() => void navigate('/cooperative/manage')}>
              {t('coop.backToManage')}
            </Button>
            <Button type="submit" disabled={add.isPending}>
              {t('coop.addMembers')}
            </Button>
          </div>
        </form>
      </Card>
    </>
  );
}

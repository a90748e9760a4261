import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldsOf } from '../../lib/errors';
import { requiredNotice } from '../../lib/format';
import { type RouterOutputs, trpc } from '../../lib/trpc';
import { Banner } from '../../ui/Banner';
import { Button } from '../../ui/Button';
import { SecretValue } from '../../ui/CopyButton';
import { Field } from '../../ui/Field';
import { Modal } from '../../ui/Modal';
import { CompanyOfficeSelect, DepartmentSelect, DivisionSelect } from '../shared/OrgSelects';
import { toId } from '../shared/use-lookups';
import { fullName, type RegistrationRow } from './registration-row';
import { useOrgCascade } from '../../lib/use-org-cascade';

type Activated = RouterOutputs['employee']['registration']['activate'];

/**
 * Activates a registration: office required, department and division optional. The returned
 * one-time password is shown here once, with a copy button.
 */
export function ActivateRegistrationDialog({ registration, onClose }: { registration: RegistrationRow; onClose: () => void }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const org = useOrgCascade();
  const { officeId, departmentId, divisionId } = org;
  const [officeMissing, setOfficeMissing] = useState(false);
  const [result, setResult] = useState<Activated | null>(null);
  const activate = trpc.employee.registration.activate.useMutation({
    meta: { successMessage: () => t('registrations.activated') },
    onSuccess: (res) => {
      setResult(res);
      void utils.employee.registration.list.invalidate();
      void utils.employee.list.invalidate();
    },
  });
  const serverField = (param: string) => fieldsOf(activate.error).find((f) => f.param === param)?.msg;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const companyOfficeId = toId(officeId);
    if (!companyOfficeId) {
      setOfficeMissing(true);
      document.getElementById('activate-office')?.focus();
      return;
    }
    activate.mutate({ id: registration.id, companyOfficeId, departmentId: toId(departmentId), divisionId: toId(divisionId) });
  };

  if (result) {
    return (
      // Only the Close button closes it: an outside click must not lose the one-time password.
      <Modal
        open
        onClose={() => {}}
        title={t('registrations.tempPasswordTitle')}
        footer={<Button onClick={onClose}>{t('app.close')}</Button>}
      >
        <p className="text-sm text-slate-700">
          {t('registrations.tempPasswordFor', { number: result.employeeNumber, email: result.email })}
        </p>
        <SecretValue value={result.temporaryPassword} testId="temporary-password" />
        <Banner tone="warning">{t('registrations.tempPasswordOnce')}</Banner>
      </Modal>
    );
  }

  return (
    <Modal open onClose={onClose} title={t('registrations.activateTitle', { name: fullName(registration) })}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <p className="text-sm text-slate-600">{registration.email}</p>
        <Field
          label={t('employees.office')}
          htmlFor="activate-office"
          required
          error={officeMissing ? requiredNotice('companyOffice') : serverField('companyOfficeId')}
        >
          <CompanyOfficeSelect
            id="activate-office"
            name="companyOfficeId"
            value={officeId}
            invalid={officeMissing}
            onChange={(v) => {
              org.setOffice(v);
              if (v) setOfficeMissing(false);
            }}
          />
        </Field>
        <Field label={t('employees.department')} htmlFor="activate-department" error={serverField('departmentId')}>
          <DepartmentSelect
            id="activate-department"
            name="departmentId"
            requireParent
            companyOfficeId={toId(officeId)}
            value={departmentId}
            onChange={org.setDepartment}
          />
        </Field>
        <Field label={t('employees.division')} htmlFor="activate-division" error={serverField('divisionId')}>
          <DivisionSelect
            id="activate-division"
            name="divisionId"
            requireParent
            companyOfficeId={toId(officeId)}
            departmentId={toId(departmentId)}
            value={divisionId}
            onChange={org.setDivision}
          />
        </Field>
        <div className="flex justify-end gap-2 border-t border-slate-200 pt-3">
          <Button variant="secondary" onClick={onClose}>
            {t('app.cancel')}
          </Button>
          <Button type="submit" disabled={activate.isPending}>
            {t('registrations.activateSubmit')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

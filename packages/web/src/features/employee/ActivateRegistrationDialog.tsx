import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorOf } from '../../lib/errors';
import { requiredNotice } from '../../lib/format';
import { type RouterOutputs, trpc } from '../../lib/trpc';
import { FormButtons } from '../../ui/FormButtons';
import { Modal } from '../../ui/Modal';
import { OneTimePasswordModal } from '../shared/OneTimePasswordModal';
import { EmailPasswordButton } from './EmailPasswordButton';
import { OrgCascadeFields } from '../shared/OrgSelects';
import { toId } from '../shared/use-lookups';
import { fullName, type RegistrationRow } from './registration-row';
import { useOrgCascade } from '../../lib/use-org-cascade';
import { toastThen } from '../../lib/toast-then';

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
  const activate = trpc.employee.registration.activate.useMutation(
    toastThen((res) => {
      setResult(res);
      void utils.employee.registration.list.invalidate();
      void utils.employee.list.invalidate();
    }),
  );
  const serverField = (param: string) => fieldErrorOf(activate.error, param);

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
      <OneTimePasswordModal
        title={t('registrations.tempPasswordTitle')}
        intro={t('registrations.tempPasswordFor', { number: result.employeeNumber, email: result.email })}
        password={result.temporaryPassword}
        testId="temporary-password"
        onClose={onClose}
      >
        <EmailPasswordButton employeeId={result.employeeId} email={result.email} password={result.temporaryPassword} />
      </OneTimePasswordModal>
    );
  }

  return (
    <Modal open onClose={onClose} title={t('registrations.activateTitle', { name: fullName(registration) })}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <p className="text-sm text-slate-600">{registration.email}</p>
        <OrgCascadeFields
          org={org}
          ids={{ office: 'activate-office', department: 'activate-department', division: 'activate-division' }}
          labels={{ office: t('employees.office'), department: t('employees.department'), division: t('employees.division') }}
          errors={{
            office: officeMissing ? requiredNotice('companyOffice') : serverField('companyOfficeId'),
            department: serverField('departmentId'),
            division: serverField('divisionId'),
          }}
          officeRequired
          officeInvalid={officeMissing}
          onOffice={(v) => {
            org.setOffice(v);
            if (v) setOfficeMissing(false);
          }}
          requireParent
          named
        />
        <FormButtons
          onCancel={onClose}
          pending={activate.isPending}
          label={t('registrations.activateSubmit')}
          className="border-t border-slate-200 pt-3"
        />
      </form>
    </Modal>
  );
}

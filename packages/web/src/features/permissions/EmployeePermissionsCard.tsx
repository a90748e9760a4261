import { useTranslation } from 'react-i18next';
import { Can } from '../../lib/can';
import { SubjectGrantsCard } from './SubjectGrantsCard';
import { WhyPermissionBox } from './WhyPermissionBox';
import './texts';

/** The employee's permissions and roles (assign, approve/cancel pending, unassign) and "why can this person see this" on the employee detail page. */
export function EmployeePermissionsCard({ employeeId }: { employeeId: number }) {
  const { t } = useTranslation();
  return (
    <Can permission="permission.view">
      <SubjectGrantsCard subject="employee" subjectId={employeeId} title={t('permissions.title')} className="col-span-full" />
      <WhyPermissionBox employeeId={employeeId} />
    </Can>
  );
}

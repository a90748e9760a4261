import { useTranslation } from 'react-i18next';
import { useCan } from '../../lib/can';
import { Card, PageTitle } from '../../ui/Card';
import { OvertimeForm } from './OvertimeForm';
import './texts';

/** /attendance/overtime/add: an approver orders overtime for an employee in scope (Pending until approved). */
export function OvertimeAddPage() {
  const { t } = useTranslation();
  const canOrder = useCan('attendance.approve');
  return (
    <>
      <PageTitle>{t('routes.attendance.overtimeAdd')}</PageTitle>
      {canOrder ? (
        <OvertimeForm forEmployee back="/attendance/overtime" />
      ) : (
        <Card>
          <p className="text-sm text-slate-600">{t('attreq.approversOnly')}</p>
        </Card>
      )}
    </>
  );
}

/** /personal/overtime/add: the employee requests overtime for one of their days. */
export function MyOvertimeAddPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('routes.personal.overtimeAdd')}</PageTitle>
      <OvertimeForm forEmployee={false} back="/personal/overtime" />
    </>
  );
}

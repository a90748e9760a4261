import { useTranslation } from 'react-i18next';
import { Can } from '../../lib/can';
import { PermissionSetActions } from './PermissionSetActions';
import { SubjectGrantsCard } from './SubjectGrantsCard';
import './texts';

/** The permission set of a job position: grants that reach everyone holding it (for /misc/jobPosition/{id}/setting). */
export function JobPositionPermissionsCard({ jobPositionId }: { jobPositionId: number }) {
  const { t } = useTranslation();
  return (
    <Can permission="permission.view">
      <SubjectGrantsCard subject="jobPosition" subjectId={jobPositionId} title={t('permissions.jobPositionTitle')} />
      <PermissionSetActions jobPositionId={jobPositionId} />
    </Can>
  );
}

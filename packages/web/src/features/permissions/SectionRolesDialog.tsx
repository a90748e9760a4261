import { useTranslation } from 'react-i18next';
import { Modal } from '../../ui/Modal';
import { SubjectGrantsCard } from './SubjectGrantsCard';
import './texts';

/** The roles of one section-department (spec §6), from the Sections tab of /misc: assign, approve, cancel, unassign. */
export function SectionRolesDialog({ section, onClose }: { section: { id: number; name: string } | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={section !== null}
      onClose={onClose}
      title={section ? t('permissions.sectionTitle', { name: section.name }) : ''}
      closeLabel={t('app.close')}
    >
      <p className="text-sm text-slate-600">{t('permissions.sectionHint')}</p>
      {section ? (
        <SubjectGrantsCard subject="sectionDepartment" subjectId={section.id} title={t('permissions.sectionRoles')} />
      ) : null}
    </Modal>
  );
}

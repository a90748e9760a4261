import { PERMISSION_KEYS, ROLE_KEYS } from '@hr/core/browser';
import { useTranslation } from 'react-i18next';
import { controlClass } from '../../ui/controls';
import { grantLabel, grantValue } from './grant-labels';
import './texts';

/** The option groups of every permission (unless `rolesOnly`) and every role (unless `permissionsOnly`). */
export function GrantOptions({ permissionsOnly = false, rolesOnly = false }: { permissionsOnly?: boolean; rolesOnly?: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      {rolesOnly ? null : (
        <optgroup label={t('permissions.permissionsGroup')}>
          {PERMISSION_KEYS.map((k) => (
            <option key={k} value={permissionsOnly ? k : grantValue('permission', k)}>
              {grantLabel('permission', k)}
            </option>
          ))}
        </optgroup>
      )}
      {permissionsOnly ? null : (
        <optgroup label={t('permissions.rolesGroup')}>
          {ROLE_KEYS.map((k) => (
            <option key={k} value={grantValue('role', k)}>
              {grantLabel('role', k)}
            </option>
          ))}
        </optgroup>
      )}
    </>
  );
}

/** A select of every permission (with its description, unless `rolesOnly`) and, unless `permissionsOnly`, every role. */
export function GrantKeySelect({
  id,
  value,
  onChange,
  permissionsOnly = false,
  rolesOnly = false,
  placeholder,
}: {
  id: string;
  value: string;
  onChange: (v: string) => void;
  permissionsOnly?: boolean;
  /** Roles only (a section-department holds roles, not single permissions). */
  rolesOnly?: boolean;
  placeholder: string;
}) {
  return (
    <select id={id} className={controlClass(false)} value={value} onChange={(e) => onChange(e.target.value)}>
      <option value="">{placeholder}</option>
      <GrantOptions permissionsOnly={permissionsOnly} rolesOnly={rolesOnly} />
    </select>
  );
}

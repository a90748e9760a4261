import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../ui/Card';
import { ServerForm } from './ServerForm';
import './texts';

/** /personal/server/add */
export function ServerAddPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('routes.personal.serverAdd')}</PageTitle>
      <ServerForm />
    </>
  );
}

import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { trpc } from '../../lib/trpc';
import { PageTitle } from '../../ui/Card';
import { Spinner } from '../../ui/Spinner';
import { ServerForm } from './ServerForm';
import './texts';
import { LinkButton } from '../../ui/LinkButton';

/** /personal/server/{id}/edit (another owner's server is NOT_FOUND, shown as the error toast). */
export function ServerEditPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const server = trpc.storageServer.get.useQuery({ id }, { enabled: valid });
  return (
    <>
      <PageTitle
        actions={
          <LinkButton to="/personal/server" variant="ghost">
            {t('srv.back')}
          </LinkButton>
        }
      >
        {t('routes.personal.serverEdit')}
      </PageTitle>
      {!valid || server.isError ? null : server.data ? (
        <ServerForm key={server.data.id} server={server.data} />
      ) : (
        <Spinner label={t('app.loading')} />
      )}
    </>
  );
}

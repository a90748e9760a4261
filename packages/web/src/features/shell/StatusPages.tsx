import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { type AppRoute, childRoutes } from '../../app/route-table';
import { useCan } from '../../lib/can';
import { Card, PageTitle } from '../../ui/Card';

export function ForbiddenPage() {
  const { t } = useTranslation();
  return (
    <Card>
      <h1 className="text-lg font-semibold text-slate-900">{t('pages.forbidden')}</h1>
      <p className="mt-2 text-sm text-slate-600">{t('pages.forbiddenHint')}</p>
      <Link to="/" className="mt-4 inline-block text-sm text-sky-700 underline">
        {t('pages.backHome')}
      </Link>
    </Card>
  );
}

export function NotFoundPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <Card>
      <h1 className="text-lg font-semibold text-slate-900">{t('pages.notFound')}</h1>
      <p className="mt-2 text-sm break-all text-slate-600">{t('pages.notFoundHint', { path: pathname })}</p>
      <Link to="/" className="mt-4 inline-block text-sm text-sky-700 underline">
        {t('pages.backHome')}
      </Link>
    </Card>
  );
}

function RelatedLink({ route }: { route: AppRoute }) {
  const { t } = useTranslation();
  if (!useCan(route.permission)) return null;
  return (
    <li>
      <Link to={route.path} className="text-sky-700 underline">
        {t(`routes.${route.id}`)}
      </Link>
    </li>
  );
}

/** An honest page for a route whose screen is not built yet: its title and a plain notice, no data. */
export function PlaceholderPage({ route }: { route: AppRoute }) {
  const { t } = useTranslation();
  const related = childRoutes(route.path);
  return (
    <>
      <PageTitle>{t(`routes.${route.id}`)}</PageTitle>
      <Card>
        <p className="text-slate-700">{t('pages.notAvailable')}</p>
        {related.length ? (
          <div className="mt-4 text-sm">
            <h2 className="font-medium text-slate-700">{t('pages.related')}</h2>
            <ul className="mt-1 list-disc pl-5">
              {related.map((r) => (
                <RelatedLink key={r.id} route={r} />
              ))}
            </ul>
          </div>
        ) : null}
      </Card>
    </>
  );
}

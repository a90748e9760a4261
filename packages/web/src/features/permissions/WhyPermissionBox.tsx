import type { PermissionKey } from '@hr/core/browser';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format';
import { type RouterOutputs, trpc } from '../../lib/trpc';
import { Card } from '../../ui/Card';
import { Spinner } from '../../ui/Spinner';
import { GrantKeySelect } from './GrantKeySelect';
import { grantLabel } from './grant-labels';
import './texts';

type PermissionSource = RouterOutputs['permission']['explain']['sources'][number];

/** One source of a permission as a sentence: where it comes from, through which role, who approved it. */
function SourceLine({ s }: { s: PermissionSource }) {
  const { t } = useTranslation();
  const where =
    s.kind === 'userRole'
      ? t('permissions.sourceUserRole', { role: grantLabel('role', s.key) })
      : s.kind === 'employee'
        ? t('permissions.sourceEmployee')
        : s.kind === 'section'
          ? t('permissions.sourceSection', { section: s.section ?? '' })
          : t('permissions.sourceJobPosition', { jobPosition: s.jobPosition ?? '' });
  const parts = [where];
  if (s.kind !== 'userRole')
    parts.push(
      s.role ? t('permissions.viaRole', { role: grantLabel('role', s.role) }) : `${t('permissions.kindPermission')} ${s.key}`,
    );
  if (s.requestedBy) parts.push(t('permissions.byAt', { by: s.requestedBy, at: formatDateTime(s.requestedAt) }));
  if (s.approvedBy) parts.push(t('permissions.approvedByAt', { by: s.approvedBy, at: formatDateTime(s.approvedAt) }));
  return <li data-source-kind={s.kind}>{parts.join(' · ')}</li>;
}

/** "Why can this person …?": pick a permission, see whether the employee holds it and which grants give it. */
export function WhyPermissionBox({ employeeId }: { employeeId: number }) {
  const { t } = useTranslation();
  const [permission, setPermission] = useState<PermissionKey | ''>('');
  const q = trpc.permission.explain.useQuery(
    { employeeId, permission: permission as PermissionKey },
    { enabled: permission !== '' },
  );
  const x = q.data;
  return (
    <Card title={t('permissions.whyTitle')}>
      <div className="space-y-3" data-testid="why-permission">
        <div className="max-w-xl">
          <label htmlFor={`why-${employeeId}`} className="mb-1 block text-sm font-medium text-slate-700">
            {t('permissions.whyPermission')}
          </label>
          <GrantKeySelect
            id={`why-${employeeId}`}
            permissionsOnly
            value={permission}
            onChange={(v) => setPermission(v as PermissionKey | '')}
            placeholder={t('permissions.whyChoose')}
          />
        </div>
        {permission && q.isLoading ? <Spinner /> : null}
        {x ? (
          <div className="space-y-2 text-sm" role="status">
            <p className={x.has ? 'font-medium text-emerald-700' : 'font-medium text-slate-700'}>
              {x.has
                ? t('permissions.has', { email: x.email ?? '', permission: x.permission })
                : t('permissions.hasNot', { permission: x.permission })}
            </p>
            {x.account === 'noLogin' ? <p className="text-amber-700">{t('permissions.noLogin')}</p> : null}
            {x.account === 'blocked' ? <p className="text-amber-700">{t('permissions.blocked')}</p> : null}
            <div>
              <h3 className="font-medium text-slate-700">{t('permissions.sources')}</h3>
              {x.sources.length ? (
                <ul className="list-disc pl-5 text-slate-700">
                  {x.sources.map((s) => (
                    <SourceLine key={`${s.kind}-${s.grantId ?? s.key}`} s={s} />
                  ))}
                </ul>
              ) : (
                <p className="text-slate-500">{t('permissions.noSources')}</p>
              )}
            </div>
            {x.pending.length ? (
              <div>
                <h3 className="font-medium text-slate-700">{t('permissions.pendingSources')}</h3>
                <ul className="list-disc pl-5 text-slate-500">
                  {x.pending.map((s) => (
                    <SourceLine key={`p-${s.grantId}`} s={s} />
                  ))}
                </ul>
              </div>
            ) : null}
          </div>
        ) : null}
      </div>
    </Card>
  );
}

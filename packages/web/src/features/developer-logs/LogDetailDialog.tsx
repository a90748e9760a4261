import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { Modal } from '../../ui/Modal';
import { Spinner } from '../../ui/Spinner';
import { LevelBadge } from './LevelBadge';
import './texts';

const json = (v: unknown) => JSON.stringify(v, null, 2) ?? '';

/** One log entry: who, what, the changed fields and the full payload, all rendered as text. */
export function LogDetailDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation();
  const q = trpc.auditLog.detail.useQuery({ id });
  const d = q.data;
  return (
    <Modal open onClose={onClose} title={t('dlogs.detailTitle')} closeLabel={t('dlogs.close')}>
      {!d ? (
        q.isError ? (
          <p className="text-sm text-red-700">{q.error.message}</p>
        ) : (
          <Spinner />
        )
      ) : (
        <div className="space-y-3 text-sm">
          <dl className="grid grid-cols-[8rem_1fr] gap-x-3 gap-y-1">
            <dt className="text-slate-500">{t('dlogs.time')}</dt>
            <dd>{formatDateTime(d.at)}</dd>
            <dt className="text-slate-500">{t('dlogs.level')}</dt>
            <dd>
              <LevelBadge level={d.level} />
            </dd>
            <dt className="text-slate-500">{t('dlogs.source')}</dt>
            <dd>{t(`dlogs.sources.${d.source}`)}</dd>
            <dt className="text-slate-500">{t('dlogs.actor')}</dt>
            <dd className="break-all">{d.actorName ? `${d.actorName} <${d.actor}>` : (d.actor ?? t('dlogs.system'))}</dd>
            <dt className="text-slate-500">{t('dlogs.action')}</dt>
            <dd className="font-mono text-xs">{d.action}</dd>
            <dt className="text-slate-500">{t('dlogs.entity')}</dt>
            <dd className="font-mono text-xs">{d.entityId ? `${d.entity} #${d.entityId}` : d.entity}</dd>
            {d.requestId ? (
              <>
                <dt className="text-slate-500">{t('dlogs.requestId')}</dt>
                <dd className="font-mono text-xs break-all">{d.requestId}</dd>
              </>
            ) : null}
          </dl>
          {d.diff.length > 0 ? (
            <div>
              <h3 className="mb-1 font-medium">{t('dlogs.changes')}</h3>
              <table className="w-full text-xs">
                <thead>
                  <tr className="text-left text-slate-500">
                    <th className="pr-2">{t('dlogs.field')}</th>
                    <th className="pr-2">{t('dlogs.before')}</th>
                    <th>{t('dlogs.after')}</th>
                  </tr>
                </thead>
                <tbody>
                  {d.diff.map((c) => (
                    <tr key={c.key} className="align-top">
                      <td className="pr-2 font-mono">{c.key}</td>
                      <td className="pr-2 font-mono break-all">{json(c.before)}</td>
                      <td className="font-mono break-all">{json(c.after)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
          <div>
            <h3 className="mb-1 font-medium">{t('dlogs.payload')}</h3>
            <pre data-testid="log-payload" className="max-h-80 overflow-auto rounded bg-slate-50 p-2 font-mono text-xs">
              {json(d.payload)}
            </pre>
          </div>
        </div>
      )}
    </Modal>
  );
}

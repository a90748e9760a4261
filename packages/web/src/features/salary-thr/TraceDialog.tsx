import { useTranslation } from 'react-i18next';
import { Modal } from '../../ui/Modal';

interface TraceEntry {
  rule: string;
  formula: string;
  inputs: Record<string, unknown>;
  source: string;
}

/** Every figure of one THR line with its rule, formula, inputs and legal source. */
export function TraceDialog({ name, trace, onClose }: { name: string; trace: unknown; onClose: () => void }) {
  const { t } = useTranslation();
  const entries = Object.entries((trace ?? {}) as Record<string, TraceEntry>);
  return (
    <Modal open onClose={onClose} title={t('thr.traceTitle', { name })} closeLabel={t('thr.close')}>
      <div className="max-h-[60vh] space-y-3 overflow-y-auto text-sm" data-testid="thr-trace">
        {entries.map(([figure, e]) => (
          <section key={figure} className="rounded border border-slate-200 p-2">
            <h3 className="font-semibold text-slate-900">{e.rule}</h3>
            <p>
              <span className="text-slate-500">{t('thr.formula')}: </span>
              {e.formula}
            </p>
            <p className="break-words">
              <span className="text-slate-500">{t('thr.inputs')}: </span>
              {Object.entries(e.inputs ?? {})
                .map(([k, v]) => `${k} = ${String(v)}`)
                .join('; ')}
            </p>
            <p className="text-xs text-slate-500">
              {t('thr.source')}: {e.source}
            </p>
          </section>
        ))}
      </div>
    </Modal>
  );
}

import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useTranslation } from 'react-i18next';
import { trpc } from '../../lib/trpc';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { PayslipFigures } from './PayslipFigures';
import { PayslipLines } from './PayslipLines';
import { formatPeriod } from './run-format';
import './texts';

/**
 * One payslip of a run: its totals and every line with its trace. Wider than the shared Modal
 * because the trace column needs the room.
 */
export function PayslipDialog({ payslipId, onClose }: { payslipId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const q = trpc.salary.report.payslip.useQuery({ id: payslipId ?? 0 }, { enabled: payslipId !== null });
  const p = q.data;
  return (
    <Dialog open={payslipId !== null} onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-slate-900/40" aria-hidden="true" />
      <div className="fixed inset-0 overflow-y-auto">
        <div className="flex min-h-full items-center justify-center p-4">
          <DialogPanel className="w-full max-w-5xl rounded-lg bg-white shadow-xl">
            <DialogTitle className="border-b border-slate-200 px-5 py-3 text-base font-semibold text-slate-900">
              {p
                ? t('salaryRuns.payslip', { name: `${p.employeeName} (${p.employeeNumber})`, period: formatPeriod(p.period) })
                : '…'}
            </DialogTitle>
            <div className="space-y-4 px-5 py-4">
              {p ? (
                <>
                  <PayslipFigures payslip={p} />
                  <PayslipLines lines={p.lines} />
                </>
              ) : (
                <Spinner />
              )}
            </div>
            <div className="flex justify-end border-t border-slate-200 px-5 py-3">
              <Button variant="secondary" onClick={onClose}>
                {t('salaryRuns.close')}
              </Button>
            </div>
          </DialogPanel>
        </div>
      </div>
    </Dialog>
  );
}

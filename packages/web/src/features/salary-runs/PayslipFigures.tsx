import { useTranslation } from 'react-i18next';
import { FigureList } from './FigureList';
import { formatRupiah, type PayslipRow } from './run-format';
import './texts';

type Figures = Pick<
  PayslipRow,
  'ptkpStatus' | 'basicSalary' | 'gross' | 'taxableGross' | 'totalDeductions' | 'pph21' | 'net' | 'employerCost'
>;

/** The totals of one payslip: PTKP status, basic, gross, taxable gross, deductions, PPh 21, net, employer cost. */
export function PayslipFigures({ payslip }: { payslip: Figures }) {
  const { t } = useTranslation();
  const items: [string, string, string][] = [
    ['ptkp', t('salaryRuns.ptkp'), payslip.ptkpStatus],
    ['basic', t('salaryRuns.basicSalary'), formatRupiah(payslip.basicSalary)],
    ['gross', t('salaryRuns.gross'), formatRupiah(payslip.gross)],
    ['taxable', t('salaryRuns.taxableGross'), formatRupiah(payslip.taxableGross)],
    ['deductions', t('salaryRuns.deductions'), formatRupiah(payslip.totalDeductions)],
    ['pph21', t('salaryRuns.pph21'), formatRupiah(payslip.pph21)],
    ['net', t('salaryRuns.net'), formatRupiah(payslip.net)],
    ['employer', t('salaryRuns.employerCost'), formatRupiah(payslip.employerCost)],
  ];
  return <FigureList items={items} testIdPrefix="payslip" />;
}

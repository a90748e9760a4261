import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { trpc } from '../../lib/trpc';
import { Card } from '../../ui/Card';
import { Select } from '../../ui/Select';
import { FigureList } from '../salary-runs/FigureList';
import { formatRupiah, yearOptions } from '../salary-runs/run-format';
import { BasisBadge } from './BasisBadge';
import { DebtAmount } from './DebtAmount';
import './texts';
import { TextLink } from '../../ui/TextLink';

/**
 * "Income tax" and "income-tax debt" of one employee for a tax year, for the salary employee page
 * (/salary/employee/:id/detail): withheld, due, debt and a link to the 1721-A1 detail.
 */
export function EmployeeIncomeTaxCard({ employeeId }: { employeeId: number }) {
  const { t } = useTranslation();
  const [year, setYear] = useState(new Date().getFullYear());
  const q = trpc.salary.incomeTax.summary.useQuery({ id: employeeId, year });
  const s = q.data;
  return (
    <Card
      title={t('routes.salary.incomeTax')}
      actions={
        <Select
          aria-label={t('salaryTax.year')}
          value={year}
          onChange={(v) => setYear(Number(v))}
          options={yearOptions()}
          className="w-auto"
        />
      }
    >
      {s ? (
        <>
          <FigureList
            testIdPrefix="employee-tax"
            items={[
              ['basis', t('salaryTax.basis'), <BasisBadge key="basis" basis={s.basis} />],
              ['withheld', t('salaryTax.totalWithheld'), formatRupiah(s.totalWithheld)],
              ['due', t('salaryTax.annualTaxDue'), formatRupiah(s.annualTaxDue)],
              ['debt', t('salaryTax.debt'), <DebtAmount key="debt" value={s.debt} />],
            ]}
          />
          <TextLink to={`/salary/incomeTax/${employeeId}/detail?year=${year}`}>{t('salaryTax.a1')}</TextLink>
        </>
      ) : (
        <p className="text-sm text-slate-500">{q.isFetching ? '…' : t('salaryTax.noRows')}</p>
      )}
    </Card>
  );
}

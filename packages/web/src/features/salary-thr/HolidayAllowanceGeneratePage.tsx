import { THR_HOLIDAYS } from '@hr/core/browser';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { type RouterOutputs, trpc } from '../../lib/trpc';
import { Button } from '../../ui/Button';
import { Card, PageTitle } from '../../ui/Card';
import { DatePicker } from '../../ui/DatePicker';
import { Field } from '../../ui/Field';
import { Select } from '../../ui/Select';
import { CompanyOfficeSelect } from '../shared/OrgSelects';
import { rupiah } from './thr-format';
import { ThrLinesTable } from './ThrLinesTable';
import './texts';

/**
 * /salary/holidayAllowance/generate: holiday, holiday date (its year is the run's year), pay date and an
 * optional office; a dry run lists every employee considered (eligible or not, with the reason); generate
 * writes the draft and opens it.
 */
export function HolidayAllowanceGeneratePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const [holiday, setHoliday] = useState('');
  const [holidayDate, setHolidayDate] = useState('');
  const [payDate, setPayDate] = useState('');
  const [officeId, setOfficeId] = useState('');
  const [payOther, setPayOther] = useState(false);
  const [preview, setPreview] = useState<RouterOutputs['salary']['holidayAllowance']['dryRun'] | null>(null);
  const [tried, setTried] = useState(false);
  const input = {
    holiday: Number(holiday) as 1,
    holidayDate,
    payDate,
    payOtherReligions: payOther,
    ...(officeId ? { companyOfficeId: Number(officeId) } : {}),
  };
  const missing = { holiday: !holiday, holidayDate: !holidayDate, payDate: !payDate };
  const ready = !missing.holiday && !missing.holidayDate && !missing.payDate;
  const dryRun = trpc.salary.holidayAllowance.dryRun.useMutation({ onSuccess: setPreview });
  const generate = trpc.salary.holidayAllowance.generate.useMutation({
    meta: { successMessage: () => t('thr.generated') },
    onSuccess: (r) => {
      void utils.salary.holidayAllowance.invalidate();
      void navigate(`/salary/holidayAllowance/${r.runId}/detail`);
    },
  });
  const submit = (fn: (i: typeof input) => void) => {
    setTried(true);
    if (ready) fn(input);
  };
  const err = (k: keyof typeof missing) => (tried && missing[k] ? t('thr.required') : null);
  const changed =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPreview(null);
    };
  return (
    <div>
      <PageTitle actions={<Link to="/salary/holidayAllowance">{t('thr.back')}</Link>}>{t('thr.newRun')}</PageTitle>
      <Card>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t('thr.holiday')} htmlFor="thr-holiday" required error={err('holiday')}>
            <Select
              id="thr-holiday"
              value={holiday}
              onChange={changed(setHoliday)}
              options={THR_HOLIDAYS.map((h) => ({ value: h.code, label: h.name }))}
              placeholder={t('thr.holiday')}
              invalid={!!err('holiday')}
            />
          </Field>
          <Field label={t('thr.office')} htmlFor="thr-office">
            <CompanyOfficeSelect
              id="thr-office"
              value={officeId}
              onChange={changed(setOfficeId)}
              placeholder={t('thr.wholeCompany')}
            />
          </Field>
          <Field label={t('thr.holidayDate')} htmlFor="thr-holidayDate" required error={err('holidayDate')}>
            <DatePicker
              id="thr-holidayDate"
              value={holidayDate}
              onChange={changed(setHolidayDate)}
              invalid={!!err('holidayDate')}
            />
          </Field>
          <Field label={t('thr.payDate')} htmlFor="thr-payDate" required error={err('payDate')}>
            <DatePicker
              id="thr-payDate"
              value={payDate}
              onChange={changed(setPayDate)}
              invalid={!!err('payDate')}
              {...(holidayDate ? { max: holidayDate } : {})}
            />
          </Field>
        </div>
        <label className="mt-4 flex items-center gap-2 text-sm">
          <input type="checkbox" checked={payOther} onChange={(e) => changed(setPayOther)(e.target.checked)} />
          {t('thr.payOtherReligions')}
        </label>
        <div className="mt-4 flex gap-2">
          <Button variant="secondary" disabled={dryRun.isPending} onClick={() => submit((i) => dryRun.mutate(i))}>
            {t('thr.dryRun')}
          </Button>
          <Button disabled={generate.isPending} onClick={() => submit((i) => generate.mutate(i))}>
            {t('thr.generate')}
          </Button>
        </div>
      </Card>
      {preview ? (
        <Card className="mt-4" title={`${t('thr.dryRun')} — ${holidayDate.slice(0, 4)}`}>
          <p className="mb-3 text-sm" data-testid="thr-preview-summary">
            {t('thr.summary', { employees: preview.employees, notEligible: preview.notEligible, total: rupiah(preview.total) })}
          </p>
          <ThrLinesTable rows={preview.lines} />
        </Card>
      ) : null}
    </div>
  );
}

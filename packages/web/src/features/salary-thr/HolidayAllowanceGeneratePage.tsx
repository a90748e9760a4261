import { THR_HOLIDAYS } from '@hr/core/browser';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { requiredNotice } from '../../lib/format';
import { revealInvalid } from '../../lib/reveal-invalid';
import { type RouterOutputs, trpc } from '../../lib/trpc';
import { Banner } from '../../ui/Banner';
import { Button } from '../../ui/Button';
import { Card, PageTitle } from '../../ui/Card';
import { DatePicker } from '../../ui/DatePicker';
import { Field } from '../../ui/Field';
import { Select } from '../../ui/Select';
import { CompanyOfficeSelect } from '../shared/OrgSelects';
import { rupiah } from './thr-format';
import { ThrLinesTable } from './ThrLinesTable';
import './texts';
import { RunJobProgress } from '../salary-runs/RunJobProgress';
import { useRunGeneration } from '../salary-runs/use-run-generation';
import { ControlField } from '../../ui/ControlField';

/**
 * /salary/holidayAllowance/generate: holiday, holiday date (its year is the run's year), pay date and an
 * optional office; choosing the holiday fills both dates from the holiday calendar (still editable); a dry run lists every employee considered (eligible or not, with the reason); generate
 * starts the run as a background job (salary.holidayAllowance.generateJob), shows its progress and opens the draft.
 */
export function HolidayAllowanceGeneratePage() {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const [holiday, setHoliday] = useState('');
  const [holidayDate, setHolidayDate] = useState('');
  const [payDate, setPayDate] = useState('');
  const [officeId, setOfficeId] = useState('');
  const [payOther, setPayOther] = useState(false);
  const [preview, setPreview] = useState<RouterOutputs['salary']['holidayAllowance']['dryRun'] | null>(null);
  const [tried, setTried] = useState(false);
  /** Set when the holiday calendar has no date for the chosen holiday: the user enters the dates. */
  const [notInCalendar, setNotInCalendar] = useState(false);
  /** Bumped by every holiday choice and every date the user sets: a calendar answer that arrives later is dropped. */
  const fillSeq = useRef(0);
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
  // Generation runs as a background job (docs/jobs.md): its progress is shown, then the draft opens.
  const { job, setJobId } = useRunGeneration(
    () => utils.salary.holidayAllowance.invalidate(),
    'salary.holidayAllowance.generate',
    '/salary/holidayAllowance',
  );
  const generate = trpc.salary.holidayAllowance.generateJob.useMutation({ onSuccess: (r) => setJobId(r.jobId) });
  const busy = generate.isPending || job.running;
  const label = { holiday: t('thr.holiday'), holidayDate: t('thr.holidayDate'), payDate: t('thr.payDate') };
  const submit = (fn: (i: typeof input) => void) => {
    setTried(true);
    if (ready) return fn(input);
    const keys = (['holiday', 'holidayDate', 'payDate'] as const).filter((k) => missing[k]);
    revealInvalid(
      document.getElementById(`thr-${keys[0]}`),
      keys.map((k) => requiredNotice(label[k])),
    );
  };
  /** Spec §5: the notice names its field ("Pay date field is required"). */
  const err = (k: keyof typeof missing) => (tried && missing[k] ? requiredNotice(label[k]) : null);
  /** A required date field of the run: id `thr-<key>`, labelled `thr.<key>`. */
  const date = (k: 'holidayDate' | 'payDate') => ({ id: `thr-${k}`, label: t(`thr.${k}`), required: true, error: err(k) });
  const changed =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPreview(null);
      setJobId(null);
    };
  /**
   * Choosing the holiday (or the office, whose calendar may have its own entry) fills the holiday date from the
   * holiday calendar and the pay date 7 days before it: core's thrDatesFor, the rule `hr payroll thr` uses too.
   */
  const fillDates = (nextHoliday: string, nextOffice: string) => {
    const seq = ++fillSeq.current;
    setNotInCalendar(false);
    if (!nextHoliday) return;
    utils.salary.holidayAllowance.dates
      .fetch({ holiday: Number(nextHoliday) as 1, ...(nextOffice ? { companyOfficeId: Number(nextOffice) } : {}) })
      .then((d) => {
        if (seq !== fillSeq.current) return;
        if (!d.holidayDate || !d.payDate) return setNotInCalendar(true);
        setHolidayDate(d.holidayDate);
        setPayDate(d.payDate);
      })
      .catch(() => {
        if (seq === fillSeq.current) setNotInCalendar(true);
      });
  };
  /** A date the user sets wins over a calendar answer still on its way. */
  const userDate = (set: (v: string) => void) => (v: string) => {
    fillSeq.current++;
    set(v);
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
              onChange={changed((v: string) => {
                setHoliday(v);
                fillDates(v, officeId);
              })}
              options={THR_HOLIDAYS.map((h) => ({ value: h.code, label: h.name }))}
              placeholder={t('thr.holiday')}
              invalid={!!err('holiday')}
            />
          </Field>
          <Field label={t('thr.office')} htmlFor="thr-office">
            <CompanyOfficeSelect
              id="thr-office"
              value={officeId}
              onChange={changed((v: string) => {
                setOfficeId(v);
                fillDates(holiday, v);
              })}
              placeholder={t('thr.wholeCompany')}
            />
          </Field>
          <ControlField
            as={DatePicker}
            {...date('holidayDate')}
            value={holidayDate}
            onChange={changed(userDate(setHolidayDate))}
          />
          <ControlField
            as={DatePicker}
            {...date('payDate')}
            value={payDate}
            onChange={changed(userDate(setPayDate))}
            {...(holidayDate ? { max: holidayDate } : {})}
          />
        </div>
        {notInCalendar ? (
          <p className="mt-2 text-sm text-amber-700" data-testid="thr-not-in-calendar">
            {t('thr.notInCalendar')}
          </p>
        ) : null}
        <label className="mt-4 flex items-center gap-2 text-sm">
          <input type="checkbox" checked={payOther} onChange={(e) => changed(setPayOther)(e.target.checked)} />
          {t('thr.payOtherReligions')}
        </label>
        <div className="mt-4 flex gap-2">
          <Button variant="secondary" disabled={dryRun.isPending} onClick={() => submit((i) => dryRun.mutate(i))}>
            {t('thr.dryRun')}
          </Button>
          <Button
            disabled={busy}
            onClick={() =>
              submit((i) => {
                setJobId(null);
                generate.mutate(i);
              })
            }
          >
            {t('thr.generate')}
          </Button>
        </div>
        {job.error ? (
          <Banner tone="error" className="mt-4">
            {job.error}
          </Banner>
        ) : null}
        {job.running ? <RunJobProgress job={job.data} texts="thr" /> : null}
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

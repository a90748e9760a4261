import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { fieldsOf } from '../../lib/errors';
import { formatDateTime, formatIsoDate, requiredNotice } from '../../lib/format';
import { type RouterOutputs, trpc } from '../../lib/trpc';
import { Button } from '../../ui/Button';
import { Card, PageTitle } from '../../ui/Card';
import { type Column, DataTable } from '../../ui/DataTable';
import { DatePicker } from '../../ui/DatePicker';
import { Field } from '../../ui/Field';
import { Modal } from '../../ui/Modal';
import { Spinner } from '../../ui/Spinner';
import { TextInput } from '../../ui/TextInput';
import { formatPeriod, formatRp } from './shared';
import './texts';

type Detail = RouterOutputs['purchaseOfGood']['get'];
type Instalment = Detail['instalments'][number];
type Line = Detail['lines'][number];
type Payment = Detail['payments'][number];

function PayDialog({ invoiceId, instalment, onClose }: { invoiceId: number; instalment: Instalment; onClose: () => void }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const [paidOn, setPaidOn] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const pay = trpc.purchaseOfGood.pay.useMutation({
    meta: { successMessage: () => t('pog.saved') },
    onSuccess: () => {
      void utils.purchaseOfGood.invalidate();
      onClose();
    },
    onError: (err) => setError(fieldsOf(err).find((f) => f.param === 'paidOn')?.msg ?? null),
  });
  const submit = () => {
    if (!paidOn) {
      setError(requiredNotice(t('pog.paidOn')));
      return;
    }
    pay.mutate({ id: invoiceId, instalmentId: instalment.id, paidOn, ...(note.trim() ? { note: note.trim() } : {}) });
  };
  return (
    <Modal
      open
      onClose={onClose}
      title={t('pog.payTitle', { seq: instalment.seq, amount: formatRp(instalment.amount) })}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('app.cancel')}
          </Button>
          <Button onClick={submit} disabled={pay.isPending}>
            {t('pog.pay')}
          </Button>
        </>
      }
    >
      <Field label={t('pog.paidOn')} htmlFor="pog-paidOn" required error={error ?? undefined}>
        <DatePicker id="pog-paidOn" value={paidOn} onChange={setPaidOn} invalid={Boolean(error)} />
      </Field>
      <Field label={t('pog.note')} htmlFor="pog-pay-note">
        <TextInput id="pog-pay-note" maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} />
      </Field>
    </Modal>
  );
}

function CancelDialog({ invoiceId, onClose }: { invoiceId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const [note, setNote] = useState('');
  const cancel = trpc.purchaseOfGood.cancel.useMutation({
    meta: { successMessage: () => t('pog.cancelled') },
    onSuccess: () => {
      void utils.purchaseOfGood.invalidate();
      onClose();
    },
  });
  return (
    <Modal
      open
      onClose={onClose}
      title={t('pog.cancelTitle')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('app.close')}
          </Button>
          <Button
            variant="danger"
            disabled={cancel.isPending}
            onClick={() => cancel.mutate({ id: invoiceId, ...(note.trim() ? { note: note.trim() } : {}) })}
          >
            {t('pog.cancelInvoice')}
          </Button>
        </>
      }
    >
      <p className="text-sm text-slate-600">{t('pog.cancelHint')}</p>
      <Field label={t('pog.note')} htmlFor="pog-cancel-note">
        <TextInput id="pog-cancel-note" maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} />
      </Field>
    </Modal>
  );
}

function Fact({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <div>
      <dt className="text-xs uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="text-sm text-slate-900" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** /purchaseOfGood/invoice/{id}/detail: the invoice, its lines, the instalment plan (with payments) and the payment history. */
export function InvoiceDetailPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const detail = trpc.purchaseOfGood.get.useQuery({ id }, { enabled: valid });
  const [paying, setPaying] = useState<Instalment | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const d = detail.data;
  if (!valid) return null;
  if (!d) return detail.isError ? null : <Spinner label={t('app.loading')} />;

  const money = 'text-right tabular-nums';
  const lineColumns: Column<Line>[] = [
    { key: 'no', header: '#', cell: (l) => l.lineNo },
    { key: 'goods', header: t('pog.goods'), cell: (l) => l.goods },
    { key: 'category', header: t('pog.category'), cell: (l) => l.categoryName },
    { key: 'qty', header: t('pog.quantity'), cell: (l) => l.quantity, className: 'text-right' },
    { key: 'price', header: t('pog.unitPrice'), cell: (l) => formatRp(l.unitPrice), className: money },
    { key: 'amount', header: t('pog.amount'), cell: (l) => formatRp(l.amount), className: money },
  ];
  const planColumns: Column<Instalment>[] = [
    { key: 'seq', header: t('pog.seq'), cell: (s) => s.seq },
    { key: 'period', header: t('pog.period'), cell: (s) => formatPeriod(s.period) },
    { key: 'amount', header: t('pog.amount'), cell: (s) => formatRp(s.amount), className: money },
    {
      key: 'state',
      header: t('pog.state'),
      cell: (s) => (s.paid ? `${t('pog.paidState')} ${formatIsoDate(s.paidOn)}` : t('pog.unpaid')),
    },
    {
      key: 'action',
      header: '',
      cell: (s) =>
        d.can.pay && !s.paid ? (
          <Button size="sm" variant="secondary" onClick={() => setPaying(s)}>
            {t('pog.pay')}
          </Button>
        ) : null,
    },
  ];
  const paymentColumns: Column<Payment>[] = [
    { key: 'paidOn', header: t('pog.paidOn'), cell: (p) => formatIsoDate(p.paidOn), className: 'whitespace-nowrap' },
    { key: 'instalment', header: t('pog.instalment'), cell: (p) => `#${p.instalmentSeq} (${formatPeriod(p.instalmentPeriod)})` },
    { key: 'amount', header: t('pog.amount'), cell: (p) => formatRp(p.amount), className: money },
    {
      key: 'source',
      header: t('pog.source'),
      cell: (p) => (p.payrollPeriod ? `${p.sourceLabel} ${formatPeriod(p.payrollPeriod)}` : p.sourceLabel),
    },
    { key: 'note', header: t('pog.note'), cell: (p) => p.note ?? '' },
    { key: 'by', header: t('pog.by'), cell: (p) => p.actor ?? '-' },
    { key: 'at', header: '', cell: (p) => formatDateTime(p.createdAt), className: 'whitespace-nowrap text-slate-500' },
  ];
  return (
    <>
      <PageTitle
        actions={
          <div className="flex gap-2">
            <Link to="/purchaseOfGood" className="rounded-md px-3 py-2 text-sm text-sky-700 hover:underline">
              {t('pog.back')}
            </Link>
            {d.can.cancel ? (
              <Button variant="danger" onClick={() => setCancelling(true)}>
                {t('pog.cancelInvoice')}
              </Button>
            ) : null}
          </div>
        }
      >
        {t('routes.purchaseOfGood.invoiceDetail')} {d.invoiceNumber}
      </PageTitle>
      <div className="space-y-4">
        <Card>
          <dl className="grid gap-4 sm:grid-cols-3 lg:grid-cols-4">
            <Fact label={t('pog.invoiceNumber')} testId="pog-number">
              {d.invoiceNumber}
            </Fact>
            <Fact label={t('pog.employee')}>{`${d.employeeNumber} ${d.employeeName}`}</Fact>
            <Fact label={t('pog.type')}>{d.typeName}</Fact>
            <Fact label={t('pog.invoiceDate')}>{formatIsoDate(d.invoiceDate)}</Fact>
            <Fact label={t('pog.status')} testId="pog-status">
              {d.statusLabel}
            </Fact>
            <Fact label={t('pog.total')} testId="pog-total">
              {formatRp(d.total)}
            </Fact>
            <Fact label={t('pog.paid')}>{formatRp(d.paid)}</Fact>
            <Fact label={t('pog.outstanding')} testId="pog-outstanding">
              {formatRp(d.outstanding)}
            </Fact>
            <Fact label={t('pog.months')}>{d.months}</Fact>
            <Fact label={t('pog.startPeriod')}>{formatPeriod(d.startPeriod)}</Fact>
            {d.note ? <Fact label={t('pog.note')}>{d.note}</Fact> : null}
            {d.cancelledAt ? (
              <Fact
                label={t('pog.cancelled')}
              >{`${formatDateTime(d.cancelledAt)}${d.cancelNote ? ` — ${d.cancelNote}` : ''}`}</Fact>
            ) : null}
          </dl>
        </Card>
        <Card title={t('pog.lines')}>
          <DataTable caption={t('pog.lines')} columns={lineColumns} rows={d.lines} rowKey={(l) => l.lineNo} empty="-" />
        </Card>
        <Card title={t('pog.plan')}>
          <p className="mb-3 text-sm text-slate-600">{t('pog.planRule')}</p>
          <DataTable caption={t('pog.plan')} columns={planColumns} rows={d.instalments} rowKey={(s) => s.id} empty="-" />
        </Card>
        <Card title={t('pog.payments')}>
          <DataTable
            caption={t('pog.payments')}
            columns={paymentColumns}
            rows={d.payments}
            rowKey={(p) => p.id}
            empty={t('pog.noPayments')}
          />
        </Card>
      </div>
      {paying ? <PayDialog invoiceId={d.id} instalment={paying} onClose={() => setPaying(null)} /> : null}
      {cancelling ? <CancelDialog invoiceId={d.id} onClose={() => setCancelling(false)} /> : null}
    </>
  );
}

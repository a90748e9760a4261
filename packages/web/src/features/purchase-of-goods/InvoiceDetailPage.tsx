import { enumLabel } from '../../lib/enum-labels';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { fieldErrorOf } from '../../lib/errors';
import { formatDateTime, formatIsoDate, requiredNotice } from '../../lib/format';
import { type RouterOutputs, trpc } from '../../lib/trpc';
import { ActionModal } from '../../ui/ActionModal';
import { Button } from '../../ui/Button';
import { Card, PageTitle } from '../../ui/Card';
import { ControlField } from '../../ui/ControlField';
import { type Column, DataTable } from '../../ui/DataTable';
import { DatePicker } from '../../ui/DatePicker';
import { Spinner } from '../../ui/Spinner';
import { TextField } from '../../ui/TextField';
import { formatPeriod, formatRp } from './shared';
import './texts';
import { LinkButton } from '../../ui/LinkButton';
import { toastThen } from '../../lib/toast-then';
import { trimmedOrOmitted } from '../../lib/use-schema-form';

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
    meta: { successMessage: 'server' },
    onSuccess: () => {
      void utils.purchaseOfGood.invalidate();
      onClose();
    },
    onError: (err) => setError(fieldErrorOf(err, 'paidOn') ?? null),
  });
  const submit = () => {
    if (!paidOn) {
      setError(requiredNotice(t('pog.paidOn')));
      return;
    }
    pay.mutate({ id: invoiceId, instalmentId: instalment.id, paidOn, ...trimmedOrOmitted('note', note) });
  };
  return (
    <ActionModal
      onClose={onClose}
      title={t('pog.payTitle', { seq: instalment.seq, amount: formatRp(instalment.amount) })}
      actionLabel={t('pog.pay')}
      busy={pay.isPending}
      onAction={submit}
    >
      <ControlField
        as={DatePicker}
        id="pog-paidOn"
        label={t('pog.paidOn')}
        required
        error={error}
        value={paidOn}
        onChange={setPaidOn}
      />
      <NoteField id="pog-pay-note" value={note} onValue={setNote} />
    </ActionModal>
  );
}

/** The optional note of a payment or a cancellation. */
function NoteField({ id, value, onValue }: { id: string; value: string; onValue: (v: string) => void }) {
  const { t } = useTranslation();
  return <TextField id={id} label={t('pog.note')} maxLength={500} value={value} onValue={onValue} />;
}

function CancelDialog({ invoiceId, onClose }: { invoiceId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const [note, setNote] = useState('');
  const cancel = trpc.purchaseOfGood.cancel.useMutation(
    toastThen(() => {
      void utils.purchaseOfGood.invalidate();
      onClose();
    }),
  );
  return (
    <ActionModal
      onClose={onClose}
      title={t('pog.cancelTitle')}
      cancelLabel={t('app.close')}
      actionLabel={t('pog.cancelInvoice')}
      variant="danger"
      busy={cancel.isPending}
      onAction={() => cancel.mutate({ id: invoiceId, ...trimmedOrOmitted('note', note) })}
    >
      <p className="text-sm text-slate-600">{t('pog.cancelHint')}</p>
      <NoteField id="pog-cancel-note" value={note} onValue={setNote} />
    </ActionModal>
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
            <LinkButton to="/purchaseOfGood" variant="ghost">
              {t('pog.back')}
            </LinkButton>
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
              {enumLabel('pogInvoiceStatus', d.status, d.statusLabel)}
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
          <DataTable caption={t('pog.plan')} columns={planColumns} rows={d.instalments} empty="-" />
        </Card>
        <Card title={t('pog.payments')}>
          <DataTable caption={t('pog.payments')} columns={paymentColumns} rows={d.payments} empty={t('pog.noPayments')} />
        </Card>
      </div>
      {paying ? <PayDialog invoiceId={d.id} instalment={paying} onClose={() => setPaying(null)} /> : null}
      {cancelling ? <CancelDialog invoiceId={d.id} onClose={() => setCancelling(false)} /> : null}
    </>
  );
}

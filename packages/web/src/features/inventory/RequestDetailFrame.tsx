import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { trpc } from '../../lib/trpc';
import { Button } from '../../ui/Button';
import { PageTitle } from '../../ui/Card';
import type { Column } from '../../ui/DataTable';
import { RefusalNote } from '../../ui/RefusalNote';
import { DecisionDialog } from './DecisionDialog';
import {
  LinkedPurchasing,
  type OrderRow,
  type ReceiveRow,
  RequestActions,
  type RequestKind,
  RequestSummary,
  TableCard,
  type useDetailActions,
  useOrderLeadColumns,
  useReceiveColumns,
} from './request-parts';
import './texts';

interface Fetched<R> {
  data: readonly R[] | undefined;
  isFetching: boolean;
}

/** The decision on a request's current step, as its detail page offers it. */
export interface RequestDecisionProps {
  /** Whether the caller may decide now (the approve and reject buttons show). */
  allowed: boolean;
  /** Why the buttons are not shown: a segregation-of-duties refusal (docs/security.md). */
  refusal: string | null | undefined;
  /** Added to the buttons and the dialog's title, e.g. " (Managerial)"; empty for none. */
  suffix: string;
  state: Pick<ReturnType<typeof useDetailActions>, 'deciding' | 'setDeciding'>;
  pending: boolean;
  onConfirm: (decision: 'approve' | 'reject', note: string) => void;
}

/**
 * The detail page of a warehouse or purchase request: the title with the actions (its PDF, `first`, Edit,
 * Cancel, Approve / Reject, the refusal note, then `actions`), the summary (`summary` as `Info`s, then
 * `summaryAfter`), the lines, `children`, the linked purchase orders and receipts (their number and
 * supplier or receipt columns, then `orderColumns` / `receiveColumns`), `dialogs` and the decision dialog.
 */
export function RequestDetailFrame<L extends { id: number | string }, O extends OrderRow, R extends ReceiveRow>({
  kind,
  request: d,
  cancel,
  first,
  decision,
  actions,
  summary,
  summaryAfter,
  lineColumns,
  children,
  orders,
  orderColumns,
  receives,
  receiveColumns = [],
  dialogs,
}: {
  kind: RequestKind;
  request: {
    id: number;
    number: string;
    can: { edit: boolean; cancel: boolean };
    requester: { name: string };
    warehouse: string;
    lineItems: readonly L[];
  };
  cancel: { mutate: (input: { id: number }) => void; isPending: boolean };
  first?: ReactNode;
  decision: RequestDecisionProps;
  actions?: ReactNode;
  summary: ReactNode;
  summaryAfter?: ReactNode;
  lineColumns: Column<L>[];
  children?: ReactNode;
  orders: Fetched<O>;
  /** The order columns after number and supplier. */
  orderColumns: Column<O>[];
  receives: Fetched<R>;
  /** The receipt columns after number, order, date and lines. */
  receiveColumns?: Column<R>[];
  dialogs?: ReactNode;
}) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const orderLead = useOrderLeadColumns<O>();
  const receiveLead = useReceiveColumns<R>();
  const { deciding, setDeciding } = decision.state;
  return (
    <>
      <PageTitle
        actions={
          <RequestActions
            kind={kind}
            id={d.id}
            can={d.can}
            cancel={cancel}
            fetchFile={() => utils.inventory[kind].download.fetch({ id: d.id })}
            first={first}
          >
            {decision.allowed ? (
              <>
                <Button onClick={() => setDeciding('approve')}>
                  {t('inv.approve')}
                  {decision.suffix}
                </Button>
                <Button variant="danger" onClick={() => setDeciding('reject')}>
                  {t('inv.reject')}
                  {decision.suffix}
                </Button>
              </>
            ) : null}
            <RefusalNote reason={decision.refusal} />
            {actions}
          </RequestActions>
        }
      >
        {t(`routes.inventory.${kind}Detail`)} {d.number}
      </PageTitle>
      <RequestSummary request={d} after={summaryAfter}>
        {summary}
      </RequestSummary>
      <TableCard title={t('inv.lines')} columns={lineColumns} rows={d.lineItems} />
      {children}
      <LinkedPurchasing
        orders={orders}
        orderColumns={[...orderLead, ...orderColumns]}
        receives={receives}
        receiveColumns={[...receiveLead, ...receiveColumns]}
      />
      {dialogs}
      {deciding && decision.allowed ? (
        <DecisionDialog
          title={`${deciding === 'approve' ? t('inv.approve') : t('inv.reject')}${decision.suffix} ${d.number}`}
          decision={deciding}
          pending={decision.pending}
          onConfirm={(note) => decision.onConfirm(deciding, note)}
          onClose={() => setDeciding(null)}
        />
      ) : null}
    </>
  );
}

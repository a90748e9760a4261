import { MAIL_STATUSES, type MailStatus } from '@hr/core/browser';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format';
import { type RouterOutputs, trpc } from '../../lib/trpc';
import { Button } from '../../ui/Button';
import type { Column } from '../../ui/DataTable';
import { Select } from '../../ui/Select';
import { ListCard } from '../../ui/ListCard';
import { useListState } from '../../lib/use-list-state';
import { MAIL_STATUS_TEXT, MailStatusBadge } from './MailStatusBadge';
import { OutboxMessageDialog } from './OutboxMessageDialog';
import './texts';

type Row = RouterOutputs['mail']['outbox']['rows'][number];

/** The mail outbox (a tab on /salary/report): every message the app wrote, with its status. */
export function OutboxPanel() {
  const { t } = useTranslation();
  const list = useListState();
  const { value: status, set: setStatus } = list.param('status');
  const [open, setOpen] = useState<number | null>(null);
  const query = trpc.mail.outbox.useQuery(
    { ...list.query, ...(status ? { status: status as MailStatus } : {}) },
    { placeholderData: keepPreviousData },
  );
  const columns: Column<Row>[] = [
    { key: 'created', header: t('mail.created'), cell: (r) => formatDateTime(r.createdAt) },
    { key: 'to', header: t('mail.to'), cell: (r) => (r.toName ? `${r.toName} <${r.to}>` : r.to) },
    { key: 'subject', header: t('mail.subject'), cell: (r) => r.subject },
    { key: 'status', header: t('mail.status'), cell: (r) => <MailStatusBadge status={r.status} /> },
    { key: 'attempts', header: t('mail.attempts'), cell: (r) => r.attempts },
    { key: 'attachments', header: t('mail.attachments'), cell: (r) => r.attachments.join(', ') || '-' },
    {
      key: 'view',
      header: '',
      cell: (r) => (
        <Button size="sm" variant="secondary" onClick={() => setOpen(r.id)}>
          {t('mail.view')}
        </Button>
      ),
    },
  ];
  return (
    <div data-testid="outbox-panel">
      <p className="mb-3 text-sm text-slate-600">{t('mail.outboxHint')}</p>
      <ListCard
        title={t('mail.outbox')}
        list={list}
        query={query}
        columns={columns}
        searchPlaceholder={t('mail.searchOutbox')}
        filters={
          <Select
            aria-label={t('mail.status')}
            placeholder={t('mail.allStatuses')}
            value={status}
            onChange={list.filter(setStatus)}
            options={MAIL_STATUSES.map((s) => ({ value: s, label: t(MAIL_STATUS_TEXT[s]) }))}
          />
        }
        empty={t('mail.noMessages')}
      />
      {open !== null ? <OutboxMessageDialog id={open} onClose={() => setOpen(null)} /> : null}
    </div>
  );
}

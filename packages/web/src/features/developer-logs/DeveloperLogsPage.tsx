import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format';
import { type RouterOutputs, trpc } from '../../lib/trpc';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { Button } from '../../ui/Button';
import { Card, PageTitle } from '../../ui/Card';
import type { Column } from '../../ui/DataTable';
import { Field } from '../../ui/Field';
import { Select, type SelectOption } from '../../ui/Select';
import { TextInput } from '../../ui/TextInput';
import { PagedTable, usePaging } from '../shared/PagedTable';
import { LevelBadge } from './LevelBadge';
import { LogDetailDialog } from './LogDetailDialog';
import './texts';
import { useFileDownload } from '../../lib/use-file-download';
import { TextField } from '../../ui/TextField';
import { RowActionButton } from '../../ui/RowActionButton';

type Row = RouterOutputs['auditLog']['list']['rows'][number];

const LEVELS = ['info', 'warning', 'error'] as const;
const SOURCES = ['audit', 'agent'] as const;

/** A `datetime-local` value (browser time) as an ISO instant; undefined when empty or invalid. */
export function toInstant(local: string): string | undefined {
  if (!local) return undefined;
  const d = new Date(local);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
}

/** /developer/logs: the audit log and agent/ingest events, filterable, newest first. */
export function DeveloperLogsPage() {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const paging = usePaging(25);
  const { value: actor, set: setActor } = paging.param('actor');
  const { value: entity, set: setEntity } = paging.param('entity');
  const { value: action, set: setAction } = paging.param('action');
  const { value: level, set: setLevel } = paging.param('level');
  const { value: source, set: setSource } = paging.param('source');
  const { value: from, set: setFrom } = paging.param('from');
  const { value: to, set: setTo } = paging.param('to');
  const [open, setOpen] = useState<string | null>(null);
  const { busy: downloading, download: save } = useFileDownload();
  const texts = useDebouncedValue({ actor: actor.trim(), entity: entity.trim(), action: action.trim() }, 300);
  const filters = {
    actor: texts.actor || undefined,
    entity: texts.entity || undefined,
    action: texts.action || undefined,
    level: (level || undefined) as (typeof LEVELS)[number] | undefined,
    source: (source || undefined) as (typeof SOURCES)[number] | undefined,
    from: toInstant(from),
    to: toInstant(to),
  };
  const list = trpc.auditLog.list.useQuery(
    { ...filters, page: paging.page, pageSize: paging.pageSize },
    { placeholderData: keepPreviousData },
  );

  const columns: Column<Row>[] = [
    { key: 'at', header: t('dlogs.time'), cell: (r) => formatDateTime(r.at), className: 'whitespace-nowrap' },
    { key: 'level', header: t('dlogs.level'), cell: (r) => <LevelBadge level={r.level} /> },
    { key: 'source', header: t('dlogs.source'), cell: (r) => t(`dlogs.sources.${r.source}`) },
    {
      key: 'actor',
      header: t('dlogs.actor'),
      cell: (r) => (
        <span className="break-all" title={r.actor ?? undefined}>
          {r.actorName ?? r.actor ?? <span className="text-slate-500">{t('dlogs.system')}</span>}
        </span>
      ),
    },
    { key: 'action', header: t('dlogs.action'), cell: (r) => <code className="font-mono text-xs">{r.action}</code> },
    {
      key: 'entity',
      header: t('dlogs.entity'),
      cell: (r) => <code className="font-mono text-xs">{r.entityId ? `${r.entity} #${r.entityId}` : r.entity}</code>,
    },
    { key: 'summary', header: t('dlogs.summary'), cell: (r) => r.summary },
    {
      key: 'details',
      header: t('app.actions'),
      cell: (r) => <RowActionButton label={t('dlogs.details')} of={r.action} variant="secondary" onClick={() => setOpen(r.id)} />,
    },
  ];

  const download = () => save(() => utils.auditLog.download.fetch(filters));

  const text = (id: string, label: string, value: string, set: (v: string) => void, placeholder: string) => (
    <TextField id={id} label={label} value={value} placeholder={placeholder} onValue={paging.resetting(set)} />
  );

  /** The level or source filter: "All" or one of `options`. */
  const choice = (key: 'level' | 'source', value: string, set: (v: string) => void, options: SelectOption[]) => (
    <Field label={t(`dlogs.${key}`)} htmlFor={`dlogs-${key}`}>
      <Select id={`dlogs-${key}`} value={value} onChange={paging.resetting(set)} placeholder={t('dlogs.all')} options={options} />
    </Field>
  );

  return (
    <>
      <PageTitle
        actions={
          <Button variant="secondary" disabled={downloading} onClick={() => void download()}>
            {t('dlogs.download')}
          </Button>
        }
      >
        {t('routes.developer.logs')}
      </PageTitle>
      <Card>
        <div className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {text('dlogs-actor', t('dlogs.actor'), actor, setActor, t('dlogs.actorPlaceholder'))}
          {text('dlogs-entity', t('dlogs.entity'), entity, setEntity, t('dlogs.entityPlaceholder'))}
          {text('dlogs-action', t('dlogs.action'), action, setAction, t('dlogs.actionPlaceholder'))}
          <div className="grid grid-cols-2 gap-3">
            {choice(
              'level',
              level,
              setLevel,
              LEVELS.map((l) => ({ value: l, label: t(`dlogs.levels.${l}`) })),
            )}
            {choice(
              'source',
              source,
              setSource,
              SOURCES.map((v) => ({ value: v, label: t(`dlogs.sources.${v}`) })),
            )}
          </div>
          <Field label={t('dlogs.from')} htmlFor="dlogs-from" hint={t('dlogs.periodHint')}>
            <TextInput
              id="dlogs-from"
              type="datetime-local"
              value={from}
              onChange={(e) => paging.resetting(setFrom)(e.target.value)}
            />
          </Field>
          <TextField id="dlogs-to" label={t('dlogs.to')} type="datetime-local" value={to} onValue={paging.resetting(setTo)} />
        </div>
        {list.isError && list.data ? <p className="mb-2 text-sm text-red-700">{list.error.message}</p> : null}
        <PagedTable columns={columns} query={list} paging={paging} empty={t('dlogs.empty')} />
      </Card>
      {open ? <LogDetailDialog id={open} onClose={() => setOpen(null)} /> : null}
    </>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorOf } from '../../lib/errors';
import { requiredNotice } from '../../lib/format';
import { type RouterOutputs, trpc } from '../../lib/trpc';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import type { Column } from '../../ui/DataTable';
import { QueryTable } from '../../ui/QueryTable';
import { TextInput } from '../../ui/TextInput';
import './texts';

type Row = RouterOutputs['purchaseOfGood']['type']['list'][number];

/** CRUD-lite list of invoice types or goods categories: add, rename, delete an unused entry. */
export function LookupCard({ kind }: { kind: 'type' | 'category' }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const api = kind === 'type' ? trpc.purchaseOfGood.type : trpc.purchaseOfGood.category;
  const list = api.list.useQuery();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ id: number; name: string } | null>(null);
  const done = {
    meta: { successMessage: 'server' as const },
    onSuccess: () => {
      void utils.purchaseOfGood.invalidate();
      setName('');
      setEditing(null);
      setError(null);
    },
    onError: (err: unknown) => setError(fieldErrorOf(err, 'name') ?? null),
  };
  const create = api.create.useMutation(done);
  const update = api.update.useMutation(done);
  const remove = api.delete.useMutation(done);
  const title = kind === 'type' ? t('pog.types') : t('pog.categories');
  const inputId = `pog-${kind}-name`;
  const add = () => {
    if (!name.trim()) {
      setError(requiredNotice(t('pog.name')));
      document.getElementById(inputId)?.focus();
      return;
    }
    create.mutate({ name: name.trim() });
  };
  const columns: Column<Row>[] = [
    {
      key: 'name',
      header: t('pog.name'),
      cell: (r) =>
        editing?.id === r.id ? (
          <TextInput
            aria-label={t('pog.rename')}
            value={editing.name}
            maxLength={80}
            onChange={(e) => setEditing({ id: r.id, name: e.target.value })}
          />
        ) : (
          r.name
        ),
    },
    { key: 'used', header: t('pog.used'), cell: (r) => r.used, className: 'text-right' },
    {
      key: 'actions',
      header: '',
      cell: (r) =>
        editing?.id === r.id ? (
          <div className="flex gap-2">
            <Button
              size="sm"
              disabled={!editing.name.trim()}
              onClick={() => update.mutate({ id: r.id, name: editing.name.trim() })}
            >
              {t('app.save')}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setEditing(null)}>
              {t('app.cancel')}
            </Button>
          </div>
        ) : (
          <div className="flex gap-2">
            <Button size="sm" variant="secondary" onClick={() => setEditing({ id: r.id, name: r.name })}>
              {t('pog.rename')}
            </Button>
            {r.used === 0 ? (
              <Button size="sm" variant="ghost" className="text-red-700" onClick={() => remove.mutate({ id: r.id })}>
                {t('pog.delete')}
              </Button>
            ) : null}
          </div>
        ),
    },
  ];
  return (
    <Card title={title}>
      <form
        className="mb-3 flex gap-2"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          add();
        }}
      >
        <TextInput
          id={inputId}
          aria-label={`${title}: ${t('pog.name')}`}
          placeholder={t('pog.name')}
          maxLength={80}
          value={name}
          invalid={Boolean(error)}
          onChange={(e) => setName(e.target.value)}
        />
        <Button type="submit" disabled={create.isPending}>
          {t('pog.add')}
        </Button>
      </form>
      {error ? <p className="mb-2 text-sm text-red-700">{error}</p> : null}
      <QueryTable caption={title} query={list} columns={columns} empty={t('pog.noEntries')} />
    </Card>
  );
}

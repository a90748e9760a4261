import { copyBankTemplateInput, createBankTemplateInput } from '@hr/core/browser';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { notifySuccess } from '../../lib/notify';
import { serverMessage } from '../../lib/server-messages';
import { trpc } from '../../lib/trpc';
import { useSchemaForm } from '../../lib/use-schema-form';
import { Button } from '../../ui/Button';
import { Card, PageTitle } from '../../ui/Card';
import { ConfirmDeleteDialog } from '../../ui/ConfirmDeleteDialog';
import type { Column } from '../../ui/DataTable';
import { FormDialog } from '../../ui/FormDialog';
import { QueryTable } from '../../ui/QueryTable';
import type { BankTemplate } from './bank-format';
import './texts';

const parseJson = (s: string): unknown => {
  try {
    return JSON.parse(s);
  } catch {
    return undefined;
  }
};

/**
 * The template schema with each nested problem reported at the `definition` field and its path
 * ("columns.0.width: is required in a fixed-width file"), so the form shows where the JSON is wrong.
 */
const templateFormSchema = (invalidJson: string) =>
  z.unknown().superRefine((input, ctx) => {
    const r = createBankTemplateInput.safeParse(input);
    if (r.success) return;
    for (const issue of r.error.issues) {
      const [field, ...rest] = issue.path.map(String);
      const message =
        field === 'definition' && (input as { definition?: unknown }).definition === undefined ? invalidJson : issue.message;
      ctx.addIssue({
        code: 'custom',
        path: [field ?? 'definition'],
        message: rest.length ? `${rest.join('.')}: ${message}` : message,
      });
    }
  });

function TemplateDialog({ editing, onClose }: { editing: BankTemplate | 'new'; onClose: () => void }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const create = trpc.bankTransfer.createTemplate.useMutation();
  const update = trpc.bankTransfer.updateTemplate.useMutation();
  const existing = editing === 'new' ? undefined : editing;
  const form = useSchemaForm({
    idPrefix: 'bank-template',
    fields: [
      { key: 'code', label: t('bank.code'), required: true },
      { key: 'name', label: t('bank.name'), required: true },
      { key: 'definition', label: t('bank.definition'), required: true },
    ] as const,
    initial: {
      code: existing?.code ?? '',
      name: existing?.name ?? '',
      definition: existing ? JSON.stringify(existing.definition, null, 2) : '',
    },
    schema: templateFormSchema(t('bank.invalidJson')),
    toInput: (v) => ({ code: v.code, name: v.name, definition: parseJson(v.definition) }),
  });
  return (
    <FormDialog
      title={existing ? `${t('bank.edit')} ${existing.code}` : t('bank.add')}
      form={form}
      pending={create.isPending || update.isPending}
      onClose={onClose}
      views={[
        { key: 'code', readOnly: Boolean(existing), maxLength: 40 },
        {
          key: 'definition',
          hint: t('bank.definitionHint'),
          render: (f) => (
            <textarea
              id={f.id}
              name={f.name}
              rows={14}
              aria-invalid={f.invalid || undefined}
              className="w-full rounded-md border border-slate-300 px-3 py-2 font-mono text-xs"
              value={f.value}
              onChange={(e) => f.onChange(e.target.value)}
            />
          ),
        },
      ]}
      save={async (input) => {
        const body = input as Parameters<typeof create.mutateAsync>[0];
        await (existing ? update.mutateAsync(body) : create.mutateAsync(body));
        notifySuccess(serverMessage(existing ? 'bankTransfer.updateTemplate' : 'bankTransfer.createTemplate'));
        await utils.bankTransfer.templates.invalidate();
      }}
    />
  );
}

function CopyDialog({ source, onClose }: { source: BankTemplate; onClose: () => void }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const copy = trpc.bankTransfer.copyTemplate.useMutation();
  const form = useSchemaForm({
    idPrefix: 'bank-copy',
    fields: [
      { key: 'newCode', label: t('bank.newCode'), required: true },
      { key: 'name', label: t('bank.name'), required: true },
    ] as const,
    initial: { newCode: `${source.code}-COPY`.slice(0, 40), name: source.name },
    schema: copyBankTemplateInput,
    toInput: (v) => ({ code: source.code, newCode: v.newCode, name: v.name }),
  });
  return (
    <FormDialog
      title={`${t('bank.copy')} ${source.code}`}
      form={form}
      pending={copy.isPending}
      onClose={onClose}
      views={[{ key: 'newCode', maxLength: 40 }]}
      save={async (input) => {
        await copy.mutateAsync(input);
        notifySuccess(serverMessage('bankTransfer.copyTemplate'));
        await utils.bankTransfer.templates.invalidate();
      }}
    />
  );
}

/**
 * /salary/bankTransfer/template (salary.setting): the transfer file templates. Built-in ones can only be copied;
 * an admin adds, edits and deletes their own, written as JSON and checked by the same schema as the server.
 */
export function BankTemplatePage() {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const query = trpc.bankTransfer.templates.useQuery();
  const remove = trpc.bankTransfer.deleteTemplate.useMutation();
  const [editing, setEditing] = useState<BankTemplate | 'new' | null>(null);
  const [copying, setCopying] = useState<BankTemplate | null>(null);
  const [deleting, setDeleting] = useState<BankTemplate | null>(null);
  const columns: Column<BankTemplate>[] = [
    { key: 'code', header: t('bank.code'), cell: (x) => <span className="font-mono">{x.code}</span> },
    { key: 'name', header: t('bank.name'), cell: (x) => x.name },
    { key: 'format', header: t('bank.format'), cell: (x) => x.format },
    { key: 'bank', header: t('bank.bank'), cell: (x) => x.bankCode ?? t('bank.anyBank') },
    { key: 'kind', header: '', cell: (x) => (x.builtIn ? t('bank.builtIn') : t('bank.custom')) },
    {
      key: 'actions',
      header: '',
      cell: (x) => (
        <div className="flex gap-2">
          <Button size="sm" variant="secondary" onClick={() => setCopying(x)}>
            {t('bank.copy')}
          </Button>
          {!x.builtIn && (
            <>
              <Button size="sm" variant="secondary" onClick={() => setEditing(x)}>
                {t('bank.edit')}
              </Button>
              <Button size="sm" variant="secondary" onClick={() => setDeleting(x)}>
                {t('bank.remove')}
              </Button>
            </>
          )}
        </div>
      ),
    },
  ];
  return (
    <>
      <PageTitle actions={<Button onClick={() => setEditing('new')}>{t('bank.add')}</Button>}>
        {t('routes.salary.bankTemplate')}
      </PageTitle>
      <Card>
        <p className="mb-3 text-sm text-slate-600">{t('bank.bestEffort')}</p>
        <QueryTable caption={t('bank.templates')} query={query} columns={columns} rowKey={(x) => x.code} empty="-" />
      </Card>
      {editing && <TemplateDialog editing={editing} onClose={() => setEditing(null)} />}
      {copying && <CopyDialog source={copying} onClose={() => setCopying(null)} />}
      {deleting && (
        <ConfirmDeleteDialog
          name={deleting.code}
          onClose={() => setDeleting(null)}
          onConfirm={async () => {
            await remove.mutateAsync({ code: deleting.code });
            notifySuccess(serverMessage('bankTransfer.deleteTemplate'));
            await utils.bankTransfer.templates.invalidate();
          }}
        />
      )}
    </>
  );
}

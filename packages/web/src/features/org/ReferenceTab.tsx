import { isFixedReference, type ReferenceKind, referenceCreateInput } from '@hr/core/browser';
import { keepPreviousData, type UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../lib/can';
import { trpc } from '../../lib/trpc';
import { CrudListCard } from '../../ui/CrudListCard';
import { FormDialog } from '../../ui/FormDialog';
import type { FieldView } from '../../ui/FormFields';
import { bpToPercent, formatRupiah, percentToBp, REFERENCE_FIELDS_UI, type RefField } from './reference-fields';
import { type ListState, useListState } from '../../lib/use-list-state';
import { type FormFieldDef, useSchemaForm } from '../../lib/use-schema-form';
import { toastThen } from '../../lib/toast-then';

type RefRow = { id: number; name: string } & Partial<Record<RefField['key'], string | number | null>>;
interface RefPage {
  rows: RefRow[];
  total: number;
}
interface Mutation {
  mutateAsync: (input: Record<string, unknown>) => Promise<unknown>;
  isPending: boolean;
}
type MutationHook = { useMutation: (opts: { meta?: Record<string, unknown>; onSuccess?: () => void }) => Mutation };

/**
 * The procedures of one reference kind seen through one shape: the kinds share their procedures'
 * structure (list/create/update/delete) but not their row types, which the field table above
 * describes for the screen. The server validates every input with the kind's schema.
 */
interface RefApi {
  list: { useQuery: (input: ListState['query'], opts: { placeholderData: typeof keepPreviousData }) => UseQueryResult<RefPage> };
  create: MutationHook;
  update: MutationHook;
  delete: MutationHook;
}
const apiOf = (kind: ReferenceKind) => trpc.reference[kind] as unknown as RefApi;

/** After a change: the reference lists and the lookups the selectors cache for the session. */
function useRefreshReference() {
  const utils = trpc.useUtils();
  return () => void Promise.all([utils.reference.invalidate(), utils.lookup.invalidate()]);
}

function ReferenceDialog({
  kind,
  row,
  save,
  pending,
  onClose,
}: {
  kind: ReferenceKind;
  row: RefRow | null;
  save: (input: Record<string, unknown>) => Promise<unknown>;
  pending: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const extra = REFERENCE_FIELDS_UI[kind];
  type Key = 'name' | RefField['key'];
  const fields: FormFieldDef<Key>[] = [
    { key: 'name', label: t('org.fields.name'), required: true },
    ...extra.map((f) => ({ key: f.key, label: t(`org.fields.${f.key}`), required: f.required ?? false })),
  ];
  const initial = Object.fromEntries(
    fields.map((f) => {
      const v = row?.[f.key];
      if (v === null || v === undefined) return [f.key, ''];
      return [f.key, f.key === 'rateBp' ? bpToPercent(Number(v)) : String(v)];
    }),
  ) as Record<Key, string>;
  const form = useSchemaForm({
    idPrefix: `ref-${kind}`,
    fields,
    initial,
    schema: referenceCreateInput(kind),
    toInput: (v) => {
      const out: Record<string, unknown> = { name: v.name };
      for (const f of extra) {
        const raw = v[f.key];
        if (f.kind === 'percent') out[f.key] = percentToBp(raw);
        else if (f.kind === 'money') out[f.key] = raw.trim() === '' ? (f.required ? undefined : null) : raw.trim();
        else out[f.key] = raw;
      }
      return out;
    },
  });
  const views: FieldView<Key>[] = [
    { key: 'name', maxLength: 100 },
    ...extra.map(
      (f): FieldView<Key> => ({
        key: f.key,
        ...(f.maxLength ? { maxLength: f.maxLength } : {}),
        ...(f.kind === 'money' ? { inputMode: 'numeric' as const, hint: t('org.hints.rupiah') } : {}),
        ...(f.kind === 'percent' ? { hint: t('org.hints.percent') } : {}),
      }),
    ),
  ];
  const what = t(`org.reference.${kind}`);
  return (
    <FormDialog
      title={row ? t('org.editWhat', { name: row.name }) : t('org.addWhat', { what })}
      form={form}
      views={views}
      pending={pending}
      save={(input) => save(row ? { id: row.id, ...input } : input)}
      onClose={onClose}
    />
  );
}

function ReferenceView({
  kind,
  update,
  create,
  remove,
}: {
  kind: ReferenceKind;
  update: Mutation;
  create?: Mutation;
  remove?: Mutation;
}) {
  const { t } = useTranslation();
  const list = useListState();
  const query = apiOf(kind).list.useQuery(list.query, { placeholderData: keepPreviousData });
  const cell = (f: RefField, r: RefRow) => {
    const v = r[f.key];
    if (v === null || v === undefined || v === '') return t('app.none');
    if (f.kind === 'money') return formatRupiah(String(v));
    if (f.kind === 'percent') return `${bpToPercent(Number(v))}%`;
    return String(v);
  };
  return (
    <>
      {isFixedReference(kind) ? <p className="mb-3 text-sm text-slate-600">{t('org.hints.fixedReference')}</p> : null}
      <CrudListCard
        title={t(`org.reference.${kind}`)}
        list={list}
        query={query}
        columns={[
          { key: 'name', header: t('org.fields.name'), cell: (r) => r.name },
          ...REFERENCE_FIELDS_UI[kind].map((f) => ({
            key: f.key,
            header: t(`org.fields.${f.key}`),
            cell: (r: RefRow) => cell(f, r),
            className: f.kind === 'text' ? undefined : 'whitespace-nowrap tabular-nums',
          })),
        ]}
        empty={t('org.empty')}
        canManage={useCan('org.manage')}
        addable={create !== undefined}
        form={(row, onClose) => (
          <ReferenceDialog
            kind={kind}
            row={row}
            save={(input) => (row === null && create ? create.mutateAsync(input) : update.mutateAsync(input))}
            pending={update.isPending || (create?.isPending ?? false)}
            onClose={onClose}
          />
        )}
        remove={remove ? { name: (r) => r.name, run: (r) => remove.mutateAsync({ id: r.id }) } : undefined}
      />
    </>
  );
}

function EditableReference({ kind }: { kind: ReferenceKind }) {
  const refresh = useRefreshReference();
  const api = apiOf(kind);
  const saved = toastThen(refresh);
  const create = api.create.useMutation(saved);
  const update = api.update.useMutation(saved);
  const remove = api.delete.useMutation({ meta: { silent: true, successMessage: 'server' }, onSuccess: refresh });
  return <ReferenceView kind={kind} update={update} create={create} remove={remove} />;
}

/** Marital statuses: the spec fixes their ids (1–5); only the names can change. */
function FixedReference({ kind }: { kind: ReferenceKind }) {
  const refresh = useRefreshReference();
  const update = apiOf(kind).update.useMutation(toastThen(refresh));
  return <ReferenceView kind={kind} update={update} />;
}

/** One reference list of /misc: paginated, searchable, editable by holders of org.manage. */
export function ReferenceTab({ kind }: { kind: ReferenceKind }) {
  return isFixedReference(kind) ? <FixedReference key={kind} kind={kind} /> : <EditableReference key={kind} kind={kind} />;
}

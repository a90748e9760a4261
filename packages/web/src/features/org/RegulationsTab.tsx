import { createRegulationInput, REGULATION_FILE_TYPES, REGULATION_MAX_FILE_BYTES, type RegulationRow } from '@hr/core/browser';
import { keepPreviousData } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../lib/can';
import { fieldsOf } from '../../lib/errors';
import { formatIsoDate } from '../../lib/format';
import { saveBase64 } from '../../lib/save-file';
import { trpc } from '../../lib/trpc';
import { DatePicker } from '../../ui/DatePicker';
import { Field } from '../../ui/Field';
import { Modal } from '../../ui/Modal';
import { TextInput } from '../../ui/TextInput';
import { CompanyOfficeSelect } from '../shared/OrgSelects';
import { readAttachment } from '../shared/approvals/read-attachment';
import { CrudListCard } from '../../ui/CrudListCard';
import { useDeleteMutation } from '../../lib/use-crud-mutations';
import './regulation-texts';
import { useListState } from '../../lib/use-list-state';
import { TextButton } from '../../ui/link-column';
import { FormButtons } from '../../ui/FormButtons';
import { toastThen } from '../../lib/toast-then';

type FileType = (typeof REGULATION_FILE_TYPES)[number];
interface Upload {
  fileName: string;
  mime: FileType;
  contentBase64: string;
}

/** Reads a picked document as base64 for the JSON API; null when its type or size is not allowed. */
async function readDocument(f: File): Promise<Upload | null> {
  const read = await readAttachment(f, REGULATION_FILE_TYPES, REGULATION_MAX_FILE_BYTES);
  return read && { fileName: read.name, mime: read.mime, contentBase64: read.contentBase64 };
}

export const formatBytes = (n: number) =>
  n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(n / 1024))} KB`;

type Errors = Partial<Record<'title' | 'description' | 'effectiveDate' | 'companyOfficeId' | 'file', string>>;

function RegulationDialog({ row, onClose }: { row: RegulationRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const opts = toastThen(() => void utils.regulation.invalidate());
  const create = trpc.regulation.create.useMutation(opts);
  const update = trpc.regulation.update.useMutation(opts);
  const [title, setTitle] = useState(row?.title ?? '');
  const [description, setDescription] = useState(row?.description ?? '');
  const [effectiveDate, setEffectiveDate] = useState(row?.effectiveDate ?? '');
  const [office, setOffice] = useState(row?.companyOfficeId ? String(row.companyOfficeId) : '');
  const [file, setFile] = useState<Upload | null>(null);
  const [errors, setErrors] = useState<Errors>({});

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const input = {
      title,
      description,
      effectiveDate,
      companyOfficeId: office ? Number(office) : null,
      ...(file ? { file } : {}),
    };
    const check = row
      ? createRegulationInput.omit({ file: true }).safeParse(input)
      : createRegulationInput.safeParse({ ...input, companyOfficeId: input.companyOfficeId ?? undefined });
    const next: Errors = {};
    if (!check.success)
      for (const issue of check.error.issues) {
        const key = String(issue.path[0]) as keyof Errors;
        next[key] ??= key === 'file' ? t('regulation.badFile') : issue.message;
      }
    setErrors(next);
    if (Object.keys(next).length) return;
    try {
      if (row) await update.mutateAsync({ id: row.id, ...input });
      else await create.mutateAsync({ ...input, companyOfficeId: input.companyOfficeId ?? undefined, file: file! });
      onClose();
    } catch (err) {
      const server: Errors = {};
      for (const f of fieldsOf(err)) server[f.param.split('.')[0] as keyof Errors] ??= f.msg;
      setErrors(server);
    }
  };

  return (
    <Modal open onClose={onClose} title={row ? t('regulation.edit', { title: row.title }) : t('regulation.add')}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <Field label={t('regulation.title')} htmlFor="regulation-title" error={errors.title} required>
          <TextInput
            id="regulation-title"
            value={title}
            maxLength={200}
            invalid={Boolean(errors.title)}
            onChange={(e) => setTitle(e.target.value)}
          />
        </Field>
        <Field label={t('regulation.description')} htmlFor="regulation-description" error={errors.description}>
          <TextInput
            id="regulation-description"
            value={description}
            maxLength={2000}
            onChange={(e) => setDescription(e.target.value)}
          />
        </Field>
        <Field label={t('regulation.effectiveDate')} htmlFor="regulation-effective" error={errors.effectiveDate} required>
          <DatePicker
            id="regulation-effective"
            name="effectiveDate"
            value={effectiveDate}
            onChange={setEffectiveDate}
            invalid={Boolean(errors.effectiveDate)}
          />
        </Field>
        <Field label={t('regulation.office')} htmlFor="regulation-office" error={errors.companyOfficeId}>
          <CompanyOfficeSelect
            id="regulation-office"
            value={office}
            onChange={setOffice}
            placeholder={t('regulation.allOffices')}
          />
        </Field>
        <Field
          label={t('regulation.file')}
          htmlFor="regulation-file"
          error={errors.file}
          hint={row ? `${row.fileName} · ${t('regulation.fileHint')}` : t('regulation.fileHint')}
          required={!row}
        >
          <input
            id="regulation-file"
            type="file"
            accept={REGULATION_FILE_TYPES.join(',')}
            className="block text-sm"
            onChange={async (e) => {
              const f = e.target.files?.[0];
              if (!f) return setFile(null);
              const up = await readDocument(f);
              setFile(up);
              setErrors((x) => ({ ...x, file: up ? undefined : t('regulation.badFile') }));
            }}
          />
        </Field>
        <FormButtons
          onCancel={onClose}
          pending={create.isPending || update.isPending}
          className="border-t border-slate-200 pt-3"
        />
      </form>
    </Modal>
  );
}

/** /misc?tab=regulations: company regulations with their documents (spec §7 component/regulations). */
export function RegulationsTab() {
  const { t } = useTranslation();
  const list = useListState();
  const { value: office, set: setOffice } = list.param('office');
  const query = trpc.regulation.list.useQuery(
    { ...list.query, companyOfficeId: office ? Number(office) : undefined },
    { placeholderData: keepPreviousData },
  );
  const utils = trpc.useUtils();
  const remove = useDeleteMutation(trpc.regulation, { refresh: () => utils.regulation.invalidate() });
  return (
    <CrudListCard
      title={t('regulation.tab')}
      list={list}
      query={query}
      columns={[
        { key: 'title', header: t('regulation.title'), cell: (r: RegulationRow) => r.title },
        { key: 'effectiveDate', header: t('regulation.effectiveDate'), cell: (r) => formatIsoDate(r.effectiveDate) },
        {
          key: 'office',
          header: t('regulation.office'),
          cell: (r) => (r.companyOfficeId ? r.companyOfficeName : t('regulation.allOffices')),
        },
        {
          key: 'file',
          header: t('regulation.file'),
          cell: (r) => (
            <TextButton onClick={async () => saveBase64(await utils.regulation.download.fetch({ id: r.id }))}>
              {r.fileName}
            </TextButton>
          ),
        },
        { key: 'size', header: t('regulation.size'), cell: (r) => formatBytes(r.size) },
      ]}
      searchPlaceholder={t('regulation.search')}
      filters={
        <CompanyOfficeSelect
          aria-label={t('regulation.office')}
          value={office}
          onChange={list.filter(setOffice)}
          placeholder={t('regulation.allOffices')}
        />
      }
      addLabel={t('regulation.add')}
      empty={t('regulation.empty')}
      canManage={useCan('org.manage')}
      form={(row, onClose) => <RegulationDialog row={row} onClose={onClose} />}
      remove={{ name: (r) => r.title, run: remove }}
    />
  );
}

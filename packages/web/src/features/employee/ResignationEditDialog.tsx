import { type ResignationRow, updateResignationInput } from '@hr/core/browser';
import { useTranslation } from 'react-i18next';
import { trpc } from '../../lib/trpc';
import { useSchemaForm } from '../../lib/use-schema-form';
import { FormDialog } from '../../ui/FormDialog';
import type { FieldView } from '../../ui/FormFields';
import { dateView } from '../shared/placement-views';
import './correction-texts';
import { toastThen } from '../../lib/toast-then';

type Key = 'lastWorkingDay' | 'reason';

/**
 * Corrects a pending resignation's last working day and reason: HR's (`resignation.update`) or, with
 * `own`, the employee's own (`resignation.updateOwn`). A decided one is refused by the server (CONFLICT).
 */
export function ResignationEditDialog({ r, own = false, onClose }: { r: ResignationRow; own?: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const done = toastThen(() => void utils.employee.resignation.invalidate());
  const hr = trpc.employee.resignation.update.useMutation(done);
  const mine = trpc.employee.resignation.updateOwn.useMutation(done);
  const form = useSchemaForm({
    idPrefix: 'resignation-edit',
    fields: [
      { key: 'lastWorkingDay' as Key, label: t('resignation.lastWorkingDay'), required: true },
      { key: 'reason' as Key, label: t('resignation.reason'), required: true },
    ],
    initial: { lastWorkingDay: r.lastWorkingDay, reason: r.reason },
    schema: updateResignationInput,
    toInput: (v) => ({ id: r.id, lastWorkingDay: v.lastWorkingDay, reason: v.reason }),
  });
  const views: FieldView<Key>[] = [
    dateView('lastWorkingDay') as FieldView<Key>,
    {
      key: 'reason',
      render: (p) => (
        <textarea
          id={p.id}
          name={p.name}
          className="w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
          rows={4}
          maxLength={1000}
          aria-invalid={p.invalid}
          value={p.value}
          onChange={(e) => p.onChange(e.target.value)}
        />
      ),
    },
  ];
  return (
    <FormDialog
      title={t('corrections.editResignation')}
      form={form}
      views={views}
      save={(input) => (own ? mine.mutateAsync(input) : hr.mutateAsync(input))}
      pending={hr.isPending || mine.isPending}
      onClose={onClose}
    />
  );
}

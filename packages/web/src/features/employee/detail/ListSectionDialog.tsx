import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldsOf } from '../../../lib/errors';
import { requiredNotice } from '../../../lib/format';
import { Button } from '../../../ui/Button';
import { DatePicker } from '../../../ui/DatePicker';
import { Field } from '../../../ui/Field';
import { Modal } from '../../../ui/Modal';
import { Select, type SelectOption } from '../../../ui/Select';
import { TextInput } from '../../../ui/TextInput';
import { fieldMessage } from '../../../lib/use-schema-form';
import { FormButtons } from '../../../ui/FormButtons';

export interface ListColumn {
  key: string;
  label: string;
  kind?: 'text' | 'date' | 'select';
  options?: readonly SelectOption[];
  /** A custom select (lookup lists); value and change like a text box. */
  render?: (p: { id: string; value: string; invalid: boolean; onChange: (v: string) => void }) => ReactNode;
  required?: boolean;
  maxLength?: number;
}

export type Row = Record<string, string>;

/**
 * Editor of a repeating section (emergency contacts, siblings, previous companies, parents): rows
 * of fields, add and remove, saved as a whole. With `fixedRows` the rows are named and cannot be
 * added or removed; an all-blank named row means "none". Errors appear at their cell, both the
 * form's own ("Name field is required") and the server's (`contacts.1.phone`).
 */
export function ListSectionDialog({
  title,
  listKey,
  columns,
  initial,
  max,
  fixedRows,
  blank,
  save,
  pending,
  onClose,
}: {
  title: ReactNode;
  /** The input's list field (`contacts`, `siblings`, `companies`), or the names of fixed rows. */
  listKey: string;
  columns: readonly ListColumn[];
  initial: Row[];
  max: number;
  fixedRows?: readonly { key: string; label: string }[];
  blank: Row;
  save: (rows: Row[]) => Promise<unknown>;
  pending: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<Row[]>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const rowName = (i: number) => (fixedRows ? fixedRows[i]!.key : `${listKey}.${i}`);
  const isBlank = (r: Row) => columns.every((c) => !(r[c.key] ?? '').trim() || c.kind === 'select');

  const setCell = (i: number, key: string, value: string) => {
    setRows((rs) => rs.map((r, j) => (j === i ? { ...r, [key]: value } : r)));
    setErrors((e) => ({ ...e, [`${rowName(i)}.${key}`]: '' }));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next: Record<string, string> = {};
    rows.forEach((r, i) => {
      if (fixedRows && isBlank(r)) return;
      for (const c of columns)
        if (c.required && !(r[c.key] ?? '').trim()) next[`${rowName(i)}.${c.key}`] = requiredNotice(c.label);
    });
    setErrors(next);
    if (Object.values(next).some(Boolean)) return;
    save(rows.map((r) => (fixedRows && isBlank(r) ? {} : r)))
      .then(onClose)
      .catch((err: unknown) => {
        const server: Record<string, string> = {};
        for (const f of fieldsOf(err)) {
          const col = columns.find((c) => f.param.endsWith(`.${c.key}`));
          server[f.param] = fieldMessage(col?.label ?? f.param, f.msg);
        }
        setErrors(server);
      });
  };

  return (
    <Modal open onClose={onClose} title={title}>
      <form onSubmit={submit} noValidate className="space-y-4">
        {rows.length === 0 ? <p className="text-sm text-slate-500">{t('employeeDetail.noRows')}</p> : null}
        {rows.map((r, i) => (
          <fieldset key={fixedRows ? fixedRows[i]!.key : i} className="rounded-md border border-slate-200 p-3">
            <legend className="px-1 text-sm font-medium text-slate-700">{fixedRows ? fixedRows[i]!.label : `#${i + 1}`}</legend>
            <div className="grid gap-3 sm:grid-cols-2">
              {columns.map((c) => {
                const id = `${rowName(i)}.${c.key}`.replace(/\./g, '-');
                const error = errors[`${rowName(i)}.${c.key}`] || undefined;
                const value = r[c.key] ?? '';
                const onChange = (v: string) => setCell(i, c.key, v);
                return (
                  <Field key={c.key} label={c.label} htmlFor={id} required={c.required ?? false} error={error}>
                    {c.render ? (
                      c.render({ id, value, invalid: !!error, onChange })
                    ) : c.kind === 'date' ? (
                      <DatePicker id={id} name={c.key} value={value} onChange={onChange} invalid={!!error} />
                    ) : c.kind === 'select' ? (
                      <Select
                        id={id}
                        name={c.key}
                        value={value}
                        onChange={onChange}
                        options={c.options ?? []}
                        invalid={!!error}
                      />
                    ) : (
                      <TextInput
                        id={id}
                        name={c.key}
                        value={value}
                        maxLength={c.maxLength}
                        invalid={!!error}
                        onChange={(e) => onChange(e.target.value)}
                      />
                    )}
                  </Field>
                );
              })}
            </div>
            {fixedRows ? null : (
              <div className="mt-2 flex justify-end">
                <Button variant="secondary" size="sm" onClick={() => setRows((rs) => rs.filter((_, j) => j !== i))}>
                  {t('employeeDetail.removeRow')}
                </Button>
              </div>
            )}
          </fieldset>
        ))}
        <div className="flex flex-wrap justify-between gap-2 border-t border-slate-200 pt-3">
          {fixedRows ? (
            <span />
          ) : (
            <Button variant="secondary" disabled={rows.length >= max} onClick={() => setRows((rs) => [...rs, { ...blank }])}>
              {t('employeeDetail.addRow')}
            </Button>
          )}
          <FormButtons onCancel={onClose} pending={pending} />
        </div>
      </form>
    </Modal>
  );
}

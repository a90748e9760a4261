import { HOLIDAYS } from '@hr/core/browser';
import { keepPreviousData } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../lib/can';
import { formatIsoDate, requiredNotice } from '../../lib/format';
import { type RouterOutputs, trpc } from '../../lib/trpc';
import type { Column } from '../../ui/DataTable';
import { DatePicker } from '../../ui/DatePicker';
import { Field } from '../../ui/Field';
import { ListCard } from '../../ui/ListCard';
import { Modal } from '../../ui/Modal';
import { Select } from '../../ui/Select';
import { TextField } from '../../ui/TextField';
import { YearPicker } from '../../ui/YearPicker';
import { FormButtons } from '../../ui/FormButtons';
import { useListState } from '../../lib/use-list-state';
import { CompanyOfficeSelect } from '../shared/OrgSelects';
import { toId } from '../shared/use-lookups';
import { editDeleteColumn, fieldErrors, todayIso, weekdayKey, useAttendanceChange, DeleteRowDialog } from './shared';
import './texts';
import { fieldBinder } from '../../lib/field-binder';
import { ControlField } from '../../ui/ControlField';

type Row = RouterOutputs['attendance']['holiday']['list']['rows'][number];
type Kind = Row['kind'];
const KINDS: Kind[] = ['national', 'religious', 'company'];
/** Spec §3 holiday enumeration: 1 Hari Raya Natal, 2 Idul Fitri, 3 Waisak, 4 Nyepi. */
const RELIGIOUS = Object.entries(HOLIDAYS).map(([value, label]) => ({ value: Number(value), label }));

/** Holidays of a year (national, religious, company days off), per office or company-wide. */
export function HolidaysTab() {
  const { t } = useTranslation();
  const canManage = useCan('attendance.manage');
  const list = useListState();
  const { value: year, set: setYear } = list.param('year', todayIso().slice(0, 4));
  const { value: officeId, set: setOfficeId } = list.param('office');
  const [editing, setEditing] = useState<Row | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Row | null>(null);
  const query = trpc.attendance.holiday.list.useQuery(
    {
      ...list.query,
      from: `${year}-01-01`,
      to: `${year}-12-31`,
      ...(toId(officeId) ? { companyOfficeId: toId(officeId) } : {}),
    },
    { placeholderData: keepPreviousData },
  );
  const remove = trpc.attendance.holiday.delete.useMutation(useAttendanceChange(() => setDeleting(null)));
  const columns: Column<Row>[] = [
    {
      key: 'date',
      header: t('att.date'),
      cell: (r) => `${t(`att.weekday.${weekdayKey(r.date)}`)} ${formatIsoDate(r.date)}`,
      className: 'whitespace-nowrap',
    },
    { key: 'name', header: t('att.holidayName'), cell: (r) => r.name },
    {
      key: 'kind',
      header: t('att.holidayKind'),
      cell: (r) =>
        `${t(`att.kind.${r.kind}`)}${r.religiousHoliday ? ` (${HOLIDAYS[r.religiousHoliday as keyof typeof HOLIDAYS]})` : ''}`,
    },
    { key: 'office', header: t('att.office'), cell: (r) => r.companyOffice ?? t('att.companyWide') },
  ];
  if (canManage) columns.push(editDeleteColumn<Row>(t, setEditing, setDeleting));
  return (
    <>
      <ListCard
        title={t('att.tabs.holidays')}
        list={list}
        query={query}
        columns={columns}
        onAdd={canManage ? () => setEditing('new') : undefined}
        addLabel={t('att.addHoliday')}
        searchPlaceholder={t('att.searchHoliday')}
        filters={
          <>
            {/* The spec's year picker (§9 "year picker yyyy"): any year, not a fixed few. */}
            <YearPicker ariaLabel={t('att.year')} value={Number(year)} onChange={(y) => list.filter(setYear)(String(y))} />
            <CompanyOfficeSelect
              aria-label={t('att.office')}
              placeholder={t('att.allOffices')}
              value={officeId}
              onChange={list.filter(setOfficeId)}
            />
          </>
        }
        empty={t('att.noHolidays')}
      />
      {editing ? <HolidayDialog row={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
      <DeleteRowDialog
        row={deleting}
        title={t('att.deleteHoliday')}
        busy={remove.isPending}
        onDelete={remove.mutate}
        onClose={() => setDeleting(null)}
      >
        {(r) => t('att.deleteHolidayConfirm', { name: r.name, date: formatIsoDate(r.date) })}
      </DeleteRowDialog>
    </>
  );
}

function HolidayDialog({ row, onClose }: { row: Row | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [date, setDate] = useState(row?.date ?? '');
  const [name, setName] = useState(row?.name ?? '');
  const [kind, setKind] = useState<string>(row?.kind ?? 'national');
  const [religious, setReligious] = useState(row?.religiousHoliday ? String(row.religiousHoliday) : '');
  const [officeId, setOfficeId] = useState(row?.companyOfficeId ? String(row.companyOfficeId) : '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const labels: Record<string, string> = {
    date: t('att.date'),
    name: t('att.holidayName'),
    kind: t('att.holidayKind'),
    religiousHoliday: t('att.religiousHoliday'),
    companyOfficeId: t('att.office'),
  };
  const field = fieldBinder('holiday', labels, errors);
  const utils = trpc.useUtils();
  const done = {
    meta: { successMessage: 'server' as const },
    onSuccess: () => {
      void utils.attendance.invalidate();
      onClose();
    },
    onError: (err: unknown) => setErrors(fieldErrors(err, labels)),
  };
  const create = trpc.attendance.holiday.create.useMutation(done);
  const update = trpc.attendance.holiday.update.useMutation(done);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next: Record<string, string> = {};
    if (!date) next.date = requiredNotice(labels.date!);
    if (!name.trim()) next.name = requiredNotice(labels.name!);
    setErrors(next);
    if (Object.keys(next).length) {
      document.getElementById(next.date ? 'holiday-date' : 'holiday-name')?.focus();
      return;
    }
    const body = {
      date,
      name: name.trim(),
      kind: kind as Kind,
      religiousHoliday: kind === 'religious' && religious ? Number(religious) : null,
    };
    if (row) update.mutate({ id: row.id, ...body, companyOfficeId: toId(officeId) ?? null });
    else create.mutate({ ...body, companyOfficeId: toId(officeId) });
  };
  return (
    <Modal open onClose={onClose} title={row ? t('att.editHoliday') : t('att.addHoliday')}>
      <form onSubmit={submit} noValidate className="space-y-4" aria-label={row ? t('att.editHoliday') : t('att.addHoliday')}>
        <ControlField as={DatePicker} {...field('date')} required value={date} onChange={setDate} />
        <TextField {...field('name')} required maxLength={100} value={name} onValue={setName} />
        <Field label={labels.kind} htmlFor="holiday-kind" required error={errors.kind}>
          <Select
            id="holiday-kind"
            value={kind}
            onChange={setKind}
            options={KINDS.map((k) => ({ value: k, label: t(`att.kind.${k}`) }))}
          />
        </Field>
        {kind === 'religious' ? (
          <Field label={labels.religiousHoliday} htmlFor="holiday-religious" error={errors.religiousHoliday}>
            <Select
              id="holiday-religious"
              placeholder={t('att.otherReligious')}
              value={religious}
              onChange={setReligious}
              options={RELIGIOUS}
            />
          </Field>
        ) : null}
        <Field label={labels.companyOfficeId} htmlFor="holiday-office" error={errors.companyOfficeId}>
          <CompanyOfficeSelect id="holiday-office" placeholder={t('att.companyWide')} value={officeId} onChange={setOfficeId} />
        </Field>
        <FormButtons onCancel={onClose} pending={create.isPending || update.isPending} />
      </form>
    </Modal>
  );
}

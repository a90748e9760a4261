import {
  CONTRACT_TYPES,
  type EmployeeDetail,
  HOME_OWNERSHIP,
  REQUESTABLE_SECTIONS,
  type RequestableSection,
  RESIGNED_WORKING,
} from '@hr/core/browser';
import { createContext, type ReactNode, useContext, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useCan } from '../../lib/can';
import { appCodeOf } from '../../lib/errors';
import { formatDateTime, formatIsoDate } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { Banner } from '../../ui/Banner';
import { Button } from '../../ui/Button';
import { Card, PageTitle } from '../../ui/Card';
import { Spinner } from '../../ui/Spinner';
import { ResetLoginPasswordButton } from '../auth/ResetLoginPasswordButton';
import { FormDialog } from '../../ui/FormDialog';
import type { FieldView } from '../../ui/FormFields';
import type { SchemaForm } from '../../lib/use-schema-form';
import { FIXED_OPTIONS } from '../shared/fixed-options';
import { EducationLevelSelect } from '../shared/ReferenceSelects';
import { NotFoundPage } from '../shell/StatusPages';
import { EmployeePermissionsCard } from '../permissions/EmployeePermissionsCard';
import { ContractsCard, RecordsCard } from './detail/HistoryCards';
import { SignatureQrCard } from './detail/SignatureQrCard';
import { ListSectionDialog, type Row } from './detail/ListSectionDialog';
import {
  bankViews,
  contactViews,
  employmentViews,
  medicalViews,
  personalViews,
  type SectionFormKind,
  useBankForm,
  useContactForm,
  useEmploymentForm,
  useMedicalForm,
  usePersonalForm,
} from './detail/section-forms';
import type { EmployeeField, EmployeeSection } from './text-keys';
import { TextLink } from '../../ui/TextLink';
import { enumLabel } from '../../lib/enum-labels';
import { toastThen } from '../../lib/toast-then';

type ListSection = 'emergency' | 'parents' | 'sibling' | 'previousCompany';
type Editing = SectionFormKind | ListSection;

/**
 * How the record is shown: `edit` (HR on /employee/list/{id}/detail saves each section) or
 * `request` (an employee on their profile proposes changes, which HR approves).
 */
export const RecordModeContext = createContext<'edit' | 'request'>('edit');

const labelOf = (rec: Record<string, number>, v: number | null) =>
  v === null
    ? null
    : (Object.entries(rec)
        .find(([, n]) => n === v)?.[0]
        .replace(/_/g, ' ') ?? String(v));

/** A label and its value; an empty value shows "-". Values render as text. */
function Item({ label, children }: { label: string; children: ReactNode }) {
  const empty = children === null || children === undefined || children === '';
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-0.5 break-words text-sm text-slate-900">{empty ? '-' : children}</dd>
    </div>
  );
}

function Grid({ children }: { children: ReactNode }) {
  return <dl className="grid gap-3 sm:grid-cols-2">{children}</dl>;
}

/** /employee/list/{id}/detail: every section of the record (spec §3), each edited on its own. */
export function EmployeeDetailPage() {
  const { t } = useTranslation();
  const params = useParams();
  const id = Number(params.id);
  const valid = Number.isInteger(id) && id > 0;
  const q = trpc.employee.detail.useQuery({ id }, { enabled: valid, retry: false, meta: { silent: true } });
  if (!valid || appCodeOf(q.error) === 'NOT_FOUND' || q.error?.data?.code === 'NOT_FOUND') return <NotFoundPage />;
  if (q.error) return <Banner tone="error">{q.error.message}</Banner>;
  if (!q.data) return <Spinner />;
  return <Detail d={q.data} key={q.data.id} title={t('routes.employee.detail')} />;
}

export function Detail({ d, title }: { d: EmployeeDetail; title?: string }) {
  const mode = useContext(RecordModeContext);
  const { t } = useTranslation();
  const f = (k: EmployeeField) => t(`employeeDetail.fields.${k}`);
  const s = (k: EmployeeSection) => t(`employeeDetail.sections.${k}`);
  const canEdit = useCan('employee.update');
  const canLogin = useCan('user.manage');
  const [editing, setEditing] = useState<Editing | null>(null);
  const edit = (section: Editing) => {
    if (mode === 'request') {
      return (REQUESTABLE_SECTIONS as readonly string[]).includes(section) ? (
        <Button
          variant="secondary"
          size="sm"
          onClick={() => setEditing(section)}
          aria-label={`${t('employeeDetail.requestChange')} ${s(section)}`}
        >
          {t('employeeDetail.requestChange')}
        </Button>
      ) : null;
    }
    return canEdit ? (
      <Button variant="secondary" size="sm" onClick={() => setEditing(section)} aria-label={`${t('app.edit')} ${s(section)}`}>
        {t('app.edit')}
      </Button>
    ) : null;
  };
  const p = d.personal;
  const c = d.contact;
  const e = d.employment;
  const m = d.medical;
  const resigned = d.resigned === RESIGNED_WORKING.Resigned;

  return (
    <>
      {title ? (
        <PageTitle actions={<TextLink to="/employee/list">{t('employeeDetail.backToList')}</TextLink>}>{title}</PageTitle>
      ) : null}
      <div className="mb-4 flex flex-wrap items-baseline gap-3">
        <h2 className="text-xl font-semibold text-slate-900" data-testid="employee-name">
          {d.name}
        </h2>
        <span className="text-sm text-slate-500">{d.employeeNumber}</span>
        <span
          className={
            resigned
              ? 'rounded bg-slate-200 px-2 py-0.5 text-xs text-slate-700'
              : 'rounded bg-emerald-100 px-2 py-0.5 text-xs text-emerald-800'
          }
        >
          {resigned ? 'Resigned' : 'Work'}
        </span>
      </div>

      <div className="grid gap-4 xl:grid-cols-2">
        <Card title={s('personal')} actions={edit('personal')}>
          <Grid>
            <Item label={f('givenName')}>{p.givenName}</Item>
            <Item label={f('surname')}>{p.surname}</Item>
            <Item label={f('gender')}>{enumLabel('gender', p.gender)}</Item>
            <Item label={f('birthDate')}>{formatIsoDate(p.birthDate)}</Item>
            <Item label={f('birthPlace')}>{p.birthPlace}</Item>
            <Item label={f('religionId')}>{p.religion.name}</Item>
            <Item label={f('maritalStatusId')}>{enumLabel('maritalStatus', p.maritalStatus.id ?? '', p.maritalStatus.name)}</Item>
            <Item label={f('educationLevelId')}>{p.educationLevel.name}</Item>
            <Item label={f('nationalId')}>{p.nationalId}</Item>
            <Item label={f('taxId')}>{p.taxId}</Item>
            <Item label={f('nationalityCountryId')}>{p.nationality?.name}</Item>
            <Item label={f('ptkpStatusId')}>{p.ptkpStatus?.name}</Item>
          </Grid>
        </Card>

        <Card title={s('employment')} actions={edit('employment')}>
          <Grid>
            <Item label={f('companyOfficeId')}>{e.companyOffice.name}</Item>
            <Item label={f('departmentId')}>{e.department?.name}</Item>
            <Item label={f('divisionId')}>{e.division?.name}</Item>
            <Item label={f('sectionId')}>{e.section?.name}</Item>
            <Item label={f('jobPositionId')}>{e.jobPosition?.name}</Item>
            <Item label={f('jobLevelId')}>{e.jobLevel?.name}</Item>
            <Item label={f('contractType')}>
              {e.contractType == null ? labelOf(CONTRACT_TYPES, e.contractType) : enumLabel('contractType', e.contractType)}
            </Item>
            <Item label={f('entryDate')}>{formatIsoDate(e.entryDate)}</Item>
            <Item label={f('firstJoinDate')}>{formatIsoDate(e.firstJoinDate)}</Item>
            <Item label={f('contractStartDate')}>{formatIsoDate(e.contractStartDate)}</Item>
            <Item label={f('annualLeaveDate')}>{formatIsoDate(e.annualLeaveDate)}</Item>
          </Grid>
        </Card>

        <Card title={s('contact')} actions={edit('contact')}>
          <Grid>
            <Item label={f('email')}>{c.email}</Item>
            <Item label={f('personalEmail')}>{c.personalEmail}</Item>
            <Item label={f('phone')}>{c.phone}</Item>
            <Item label={f('city')}>{c.city}</Item>
            <Item label={f('address')}>{c.address}</Item>
            <Item label={f('domicileAddress')}>{c.domicileAddress}</Item>
            <Item label={f('postalCode')}>{c.postalCode}</Item>
            <Item label={f('homeOwnership')}>{labelOf(HOME_OWNERSHIP, c.homeOwnership)}</Item>
          </Grid>
        </Card>

        <Card title={s('bank')} actions={edit('bank')}>
          <Grid>
            <Item label={f('bankId')}>{d.bank.bank?.name}</Item>
            <Item label={f('bankAccountNumber')}>{d.bank.bankAccountNumber}</Item>
            <Item label={f('bankAccountName')}>{d.bank.bankAccountName}</Item>
          </Grid>
        </Card>

        <Card title={s('emergency')} actions={edit('emergency')}>
          <RowsOrEmpty
            rows={d.emergency.contacts.map((x) => [x.name, `${x.relationship} · ${x.phone}`, x.address])}
            empty={t('employeeDetail.noRows')}
          />
        </Card>

        <Card title={s('parents')} actions={edit('parents')}>
          <Grid>
            {(['father', 'mother'] as const).map((rel) => {
              const x = d.parents[rel];
              return (
                <Item key={rel} label={t(`employeeDetail.${rel}`)}>
                  {x
                    ? [
                        x.name,
                        x.birthDate ? formatIsoDate(x.birthDate) : null,
                        x.phone,
                        x.occupation,
                        x.alive ? null : t('employeeDetail.deceased'),
                      ]
                        .filter(Boolean)
                        .join(' · ')
                    : null}
                </Item>
              );
            })}
          </Grid>
        </Card>

        <Card title={s('sibling')} actions={edit('sibling')}>
          <RowsOrEmpty
            rows={d.sibling.siblings.map((x) => [
              x.name,
              [
                x.gender ? enumLabel('gender', x.gender) : null,
                x.birthDate ? formatIsoDate(x.birthDate) : null,
                x.educationLevel?.name,
              ]
                .filter(Boolean)
                .join(' · '),
              x.occupation,
            ])}
            empty={t('employeeDetail.noRows')}
          />
        </Card>

        <Card title={s('previousCompany')} actions={edit('previousCompany')}>
          <RowsOrEmpty
            rows={d.previousCompany.companies.map((x) => [
              x.companyName,
              [x.jobTitle, `${formatIsoDate(x.startDate)} – ${x.endDate ? formatIsoDate(x.endDate) : '…'}`]
                .filter(Boolean)
                .join(' · '),
              x.reasonForLeaving,
            ])}
            empty={t('employeeDetail.noRows')}
          />
        </Card>

        <Card title={s('medical')} actions={edit('medical')}>
          <Grid>
            <Item label={f('bloodType')}>{m.bloodType}</Item>
            <Item label={f('heightCm')}>{m.heightCm}</Item>
            <Item label={f('weightKg')}>{m.weightKg}</Item>
            <Item label={f('allergies')}>{m.allergies}</Item>
            <Item label={f('medicalNotes')}>{m.medicalNotes}</Item>
            <Item label={f('bpjsKesehatanNumber')}>{m.bpjsKesehatanNumber}</Item>
            <Item label={f('bpjsKetenagakerjaanNumber')}>{m.bpjsKetenagakerjaanNumber}</Item>
          </Grid>
        </Card>

        <LoginCard d={d} canManage={canLogin && mode === 'edit'} />
        <SignatureQrCard employeeId={d.id} canManage={mode === 'edit'} />
        {mode === 'edit' ? (
          <>
            <ContractsCard d={d} />
            <ContractsCard d={d} kind="second" />
            <RecordsCard d={d} />
            <EmployeePermissionsCard employeeId={d.id} />
          </>
        ) : null}
      </div>

      {editing ? <SectionEditor d={d} section={editing} onClose={() => setEditing(null)} /> : null}
    </>
  );
}

function RowsOrEmpty({ rows, empty }: { rows: (string | null)[][]; empty: string }) {
  if (rows.length === 0) return <p className="text-sm text-slate-500">{empty}</p>;
  return (
    <ul className="divide-y divide-slate-100">
      {rows.map((r, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id; their order is their identity
        <li key={i} className="py-2 text-sm">
          <div className="font-medium text-slate-900">{r[0]}</div>
          {r.slice(1).map((x, j) =>
            x ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: fixed positions
              <div key={j} className="text-slate-600">
                {x}
              </div>
            ) : null,
          )}
        </li>
      ))}
    </ul>
  );
}

function LoginCard({ d, canManage }: { d: EmployeeDetail; canManage: boolean }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const f = (k: EmployeeField) => t(`employeeDetail.fields.${k}`);
  const save = trpc.employee.update.login.useMutation(toastThen(() => void utils.employee.detail.invalidate({ id: d.id })));
  const l = d.login;
  return (
    <Card
      title={t('employeeDetail.sections.login')}
      actions={
        l && canManage ? (
          <div className="flex gap-2">
            <ResetLoginPasswordButton employeeId={d.id} email={l.email} />
            <Button
              variant="secondary"
              size="sm"
              disabled={save.isPending}
              onClick={() => save.mutate({ id: d.id, active: !l.active })}
            >
              {l.active ? t('employeeDetail.deactivate') : t('employeeDetail.activate')}
            </Button>
          </div>
        ) : null
      }
    >
      {l ? (
        <Grid>
          <Item label={f('loginEmail')}>{l.email}</Item>
          <Item label={f('active')}>{l.active ? t('employeeDetail.active') : t('employeeDetail.inactive')}</Item>
          <Item label={f('roles')}>{l.roles.join(', ')}</Item>
          <Item label={f('lastLoginAt')}>{l.lastLoginAt ? formatDateTime(l.lastLoginAt) : null}</Item>
        </Grid>
      ) : (
        <p className="text-sm text-slate-500">{t('employeeDetail.noLogin')}</p>
      )}
    </Card>
  );
}

type SectionDialogProps = { d: EmployeeDetail; onClose: () => void };

/** A single-valued section's dialog from its form, field views and save procedure. */
const formSection =
  <I extends object>(
    section: SectionFormKind,
    useForm: SectionFormProps<I>['useForm'],
    views: SectionFormProps<I>['views'],
    api: SectionFormProps<I>['api'],
  ) =>
  (p: SectionDialogProps) => <SectionFormDialog {...p} section={section} useForm={useForm} views={views} api={api} />;

const FORM_SECTIONS: Record<SectionFormKind, (p: SectionDialogProps) => ReactNode> = {
  personal: formSection('personal', usePersonalForm, personalViews, trpc.employee.update.personal),
  contact: formSection('contact', useContactForm, contactViews, trpc.employee.update.contact),
  employment: formSection('employment', useEmploymentForm, employmentViews, trpc.employee.update.employment),
  medical: formSection('medical', useMedicalForm, medicalViews, trpc.employee.update.medical),
  bank: formSection('bank', useBankForm, bankViews, trpc.employee.update.bank),
};

/** The dialog of the section being edited. */
function SectionEditor({ d, section, onClose }: { d: EmployeeDetail; section: Editing; onClose: () => void }) {
  return section in FORM_SECTIONS ? (
    FORM_SECTIONS[section as SectionFormKind]({ d, onClose })
  ) : (
    <ListDialog d={d} section={section as ListSection} onClose={onClose} />
  );
}

/** Save options shared by every section: a success toast, then the page reloads its data. */
function useSaveOpts(d: EmployeeDetail) {
  const utils = trpc.useUtils();
  return toastThen(() => void utils.employee.detail.invalidate({ id: d.id }));
}

/** Saves a section (edit mode) or submits it as an update request for HR to approve (request mode). */
function useSaver<I extends object>(section: Editing, edit: { mutateAsync: (input: I) => Promise<unknown>; isPending: boolean }) {
  const mode = useContext(RecordModeContext);
  const utils = trpc.useUtils();
  const request = trpc.employee.updateRequest.submit.useMutation(
    toastThen(() => void utils.employee.updateRequest.mine.invalidate()),
  );
  if (mode === 'edit') return { save: (input: I) => edit.mutateAsync(input), pending: edit.isPending };
  return {
    save: (input: I) => {
      const { id: _id, ...changes } = input as Record<string, unknown>;
      return request.mutateAsync({ section: section as RequestableSection, changes });
    },
    pending: request.isPending,
  };
}

interface SectionFormProps<I> {
  section: SectionFormKind;
  useForm: (d: EmployeeDetail) => SchemaForm<string, I>;
  views: readonly FieldView<string>[];
  api: {
    useMutation: (opts: ReturnType<typeof useSaveOpts>) => { mutateAsync: (input: I) => Promise<unknown>; isPending: boolean };
  };
}

/** A single-valued section's dialog: its schema form, titled by the section, saved (or requested) on Save. */
function SectionFormDialog<I extends object>({
  d,
  section,
  useForm,
  views,
  api,
  onClose,
}: SectionDialogProps & SectionFormProps<I>) {
  const { t } = useTranslation();
  const form = useForm(d);
  const save = useSaver(section, api.useMutation(useSaveOpts(d)));
  return (
    <FormDialog
      title={t(`employeeDetail.sections.${section}`)}
      form={form}
      views={views}
      save={save.save}
      pending={save.pending}
      onClose={onClose}
    />
  );
}

const orNull = (v: string | undefined) => (v === undefined || v.trim() === '' ? null : v);

function ListDialog({ d, section, onClose }: { d: EmployeeDetail; section: ListSection; onClose: () => void }) {
  const { t } = useTranslation();
  const f = (k: EmployeeField) => t(`employeeDetail.fields.${k}`);
  const title = t(`employeeDetail.sections.${section}`);
  const opts = useSaveOpts(d);
  const saves = {
    emergency: useSaver('emergency', trpc.employee.update.emergency.useMutation(opts)),
    parents: useSaver('parents', trpc.employee.update.parents.useMutation(opts)),
    sibling: useSaver('sibling', trpc.employee.update.sibling.useMutation(opts)),
    previousCompany: useSaver('previousCompany', trpc.employee.update.previousCompany.useMutation(opts)),
  };
  const common = { title, pending: saves[section].pending, onClose };
  const yesNo = [
    { value: 'yes', label: t('employeeDetail.alive') },
    { value: 'no', label: t('employeeDetail.deceased') },
  ];
  switch (section) {
    case 'emergency':
      return (
        <ListSectionDialog
          {...common}
          listKey="contacts"
          max={5}
          columns={[
            { key: 'name', label: f('name'), required: true, maxLength: 100 },
            { key: 'relationship', label: f('relationship'), kind: 'select', options: FIXED_OPTIONS.familyFriend },
            { key: 'phone', label: f('phone'), required: true, maxLength: 24 },
            { key: 'address', label: f('address'), maxLength: 500 },
          ]}
          blank={{ name: '', relationship: 'Family', phone: '', address: '' }}
          initial={d.emergency.contacts.map((x) => ({ ...x, address: x.address ?? '' }))}
          save={(rows) =>
            saves.emergency.save({
              id: d.id,
              contacts: rows.map((r) => ({
                name: r.name ?? '',
                relationship: r.relationship as 'Family' | 'Friend',
                phone: r.phone ?? '',
                address: orNull(r.address),
              })),
            })
          }
        />
      );
    case 'parents': {
      const row = (x: EmployeeDetail['parents']['father']): Row => ({
        name: x?.name ?? '',
        birthDate: x?.birthDate ?? '',
        phone: x?.phone ?? '',
        occupation: x?.occupation ?? '',
        alive: x && !x.alive ? 'no' : 'yes',
      });
      const toParent = (r: Row | undefined) =>
        r?.name
          ? {
              name: r.name,
              birthDate: orNull(r.birthDate),
              phone: orNull(r.phone),
              occupation: orNull(r.occupation),
              alive: r.alive !== 'no',
            }
          : null;
      return (
        <ListSectionDialog
          {...common}
          listKey="parents"
          max={2}
          fixedRows={[
            { key: 'father', label: t('employeeDetail.father') },
            { key: 'mother', label: t('employeeDetail.mother') },
          ]}
          columns={[
            { key: 'name', label: f('name'), required: true, maxLength: 100 },
            { key: 'birthDate', label: f('birthDate'), kind: 'date' },
            { key: 'phone', label: f('phone'), maxLength: 24 },
            { key: 'occupation', label: f('occupation'), maxLength: 100 },
            { key: 'alive', label: f('alive'), kind: 'select', options: yesNo },
          ]}
          blank={{}}
          initial={[row(d.parents.father), row(d.parents.mother)]}
          save={(rows) => saves.parents.save({ id: d.id, father: toParent(rows[0]), mother: toParent(rows[1]) })}
        />
      );
    }
    case 'sibling':
      return (
        <ListSectionDialog
          {...common}
          listKey="siblings"
          max={20}
          columns={[
            { key: 'name', label: f('name'), required: true, maxLength: 100 },
            { key: 'gender', label: f('gender'), kind: 'select', options: FIXED_OPTIONS.gender },
            { key: 'birthDate', label: f('birthDate'), kind: 'date' },
            {
              key: 'educationLevelId',
              label: f('educationLevelId'),
              render: (p) => <EducationLevelSelect id={p.id} value={p.value} onChange={p.onChange} invalid={p.invalid} />,
            },
            { key: 'occupation', label: f('occupation'), maxLength: 100 },
          ]}
          blank={{ name: '', gender: 'Male', birthDate: '', educationLevelId: '', occupation: '' }}
          initial={d.sibling.siblings.map((x) => ({
            name: x.name,
            gender: x.gender,
            birthDate: x.birthDate ?? '',
            educationLevelId: x.educationLevel ? String(x.educationLevel.id) : '',
            occupation: x.occupation ?? '',
          }))}
          save={(rows) =>
            saves.sibling.save({
              id: d.id,
              siblings: rows.map((r) => ({
                name: r.name ?? '',
                gender: r.gender as 'Male' | 'Female',
                birthDate: orNull(r.birthDate),
                educationLevelId: r.educationLevelId ? Number(r.educationLevelId) : null,
                occupation: orNull(r.occupation),
              })),
            })
          }
        />
      );
    case 'previousCompany':
      return (
        <ListSectionDialog
          {...common}
          listKey="companies"
          max={20}
          columns={[
            { key: 'companyName', label: f('companyName'), required: true, maxLength: 150 },
            { key: 'jobTitle', label: f('jobTitle'), maxLength: 100 },
            { key: 'startDate', label: f('startDate'), kind: 'date', required: true },
            { key: 'endDate', label: f('endDate'), kind: 'date' },
            { key: 'reasonForLeaving', label: f('reasonForLeaving'), maxLength: 300 },
          ]}
          blank={{ companyName: '', jobTitle: '', startDate: '', endDate: '', reasonForLeaving: '' }}
          initial={d.previousCompany.companies.map((x) => ({
            companyName: x.companyName,
            jobTitle: x.jobTitle ?? '',
            startDate: x.startDate,
            endDate: x.endDate ?? '',
            reasonForLeaving: x.reasonForLeaving ?? '',
          }))}
          save={(rows) =>
            saves.previousCompany.save({
              id: d.id,
              companies: rows.map((r) => ({
                companyName: r.companyName ?? '',
                jobTitle: orNull(r.jobTitle),
                startDate: r.startDate ?? '',
                endDate: orNull(r.endDate),
                reasonForLeaving: orNull(r.reasonForLeaving),
              })),
            })
          }
        />
      );
  }
}

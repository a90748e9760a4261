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
import { NotFoundPage } from '../shell/StatusPages';
import { EmployeePermissionsCard } from '../permissions/EmployeePermissionsCard';
import { ContractsCard, RecordsCard } from './detail/HistoryCards';
import { SignatureQrCard } from './detail/SignatureQrCard';
import { ListSectionDialog } from './detail/ListSectionDialog';
import {
  emergencySpec,
  type ListSection,
  type ListSectionSpec,
  parentsSpec,
  previousCompanySpec,
  type SpecContext,
  siblingSpec,
} from './detail/list-sections';
import {
  bankViews,
  contactViews,
  employmentViews,
  MEDICAL_FIELDS,
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
import { RowActionButton } from '../../ui/RowActionButton';

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

/** A grid of the fields `plain` shown as they are in `of`, then `children` (fields shown otherwise). */
function Fields<F extends EmployeeField>({
  of,
  plain,
  children,
}: {
  of: Record<F, string | number | null>;
  plain: readonly F[];
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Grid>
      {plain.map((k) => (
        <Item key={k} label={t(`employeeDetail.fields.${k}`)}>
          {of[k]}
        </Item>
      ))}
      {children}
    </Grid>
  );
}

/** The parts of a value that are there, joined with " · ". */
const dotted = (parts: readonly (string | null | undefined)[]) => parts.filter(Boolean).join(' · ');

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
        <RowActionButton
          label={t('employeeDetail.requestChange')}
          of={s(section)}
          variant="secondary"
          onClick={() => setEditing(section)}
        />
      ) : null;
    }
    return canEdit ? (
      <RowActionButton label={t('app.edit')} of={s(section)} variant="secondary" onClick={() => setEditing(section)} />
    ) : null;
  };
  /** A section's card: its title and its edit (or change request) button. */
  const card = (section: Editing) => ({ title: s(section), actions: edit(section) });
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
        <Card {...card('personal')}>
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

        <Card {...card('employment')}>
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

        <Card {...card('contact')}>
          <Fields of={c} plain={['email', 'personalEmail', 'phone', 'city', 'address', 'domicileAddress', 'postalCode']}>
            <Item label={f('homeOwnership')}>{labelOf(HOME_OWNERSHIP, c.homeOwnership)}</Item>
          </Fields>
        </Card>

        <Card {...card('bank')}>
          <Grid>
            <Item label={f('bankId')}>{d.bank.bank?.name}</Item>
            <Item label={f('bankAccountNumber')}>{d.bank.bankAccountNumber}</Item>
            <Item label={f('bankAccountName')}>{d.bank.bankAccountName}</Item>
          </Grid>
        </Card>

        <Card {...card('emergency')}>
          <RowsOrEmpty rows={d.emergency.contacts.map((x) => [x.name, `${x.relationship} · ${x.phone}`, x.address])} />
        </Card>

        <Card {...card('parents')}>
          <Grid>
            {(['father', 'mother'] as const).map((rel) => {
              const x = d.parents[rel];
              return (
                <Item key={rel} label={t(`employeeDetail.${rel}`)}>
                  {x
                    ? dotted([
                        x.name,
                        x.birthDate ? formatIsoDate(x.birthDate) : null,
                        x.phone,
                        x.occupation,
                        x.alive ? null : t('employeeDetail.deceased'),
                      ])
                    : null}
                </Item>
              );
            })}
          </Grid>
        </Card>

        <Card {...card('sibling')}>
          <RowsOrEmpty
            rows={d.sibling.siblings.map((x) => [
              x.name,
              dotted([
                x.gender ? enumLabel('gender', x.gender) : null,
                x.birthDate ? formatIsoDate(x.birthDate) : null,
                x.educationLevel?.name,
              ]),
              x.occupation,
            ])}
          />
        </Card>

        <Card {...card('previousCompany')}>
          <RowsOrEmpty
            rows={d.previousCompany.companies.map((x) => [
              x.companyName,
              dotted([x.jobTitle, `${formatIsoDate(x.startDate)} – ${x.endDate ? formatIsoDate(x.endDate) : '…'}`]),
              x.reasonForLeaving,
            ])}
          />
        </Card>

        <Card {...card('medical')}>
          <Fields of={m} plain={MEDICAL_FIELDS} />
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

      {editing ? SECTIONS[editing]({ d, onClose: () => setEditing(null) }) : null}
    </>
  );
}

/** One entry per row (its first part in bold), or "No rows". */
function RowsOrEmpty({ rows }: { rows: (string | null)[][] }) {
  const { t } = useTranslation();
  if (rows.length === 0) return <p className="text-sm text-slate-500">{t('employeeDetail.noRows')}</p>;
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

/** A section's save procedure (`trpc.employee.update.<section>`). */
interface SaveApi<I> {
  useMutation: (opts: ReturnType<typeof useSaveOpts>) => { mutateAsync: (input: I) => Promise<unknown>; isPending: boolean };
}

/** A single-valued section's dialog from its form, field views and save procedure. */
const formSection =
  <I extends object>(
    section: SectionFormKind,
    useForm: (d: EmployeeDetail) => SchemaForm<string, I>,
    views: readonly FieldView<string>[],
    api: SaveApi<I>,
  ) =>
  (p: SectionDialogProps) => <SectionFormDialog {...p} section={section} useForm={useForm} views={views} api={api} />;

/** A repeating section's dialog from its rows and columns (`spec`) and save procedure. */
const listSection =
  <I extends object>(section: ListSection, spec: (c: SpecContext) => ListSectionSpec<I>, api: SaveApi<I>) =>
  (p: SectionDialogProps) => <ListDialog {...p} section={section} spec={spec} api={api} />;

const SECTIONS: Record<Editing, (p: SectionDialogProps) => ReactNode> = {
  personal: formSection('personal', usePersonalForm, personalViews, trpc.employee.update.personal),
  contact: formSection('contact', useContactForm, contactViews, trpc.employee.update.contact),
  employment: formSection('employment', useEmploymentForm, employmentViews, trpc.employee.update.employment),
  medical: formSection('medical', useMedicalForm, medicalViews, trpc.employee.update.medical),
  bank: formSection('bank', useBankForm, bankViews, trpc.employee.update.bank),
  emergency: listSection('emergency', emergencySpec, trpc.employee.update.emergency),
  parents: listSection('parents', parentsSpec, trpc.employee.update.parents),
  sibling: listSection('sibling', siblingSpec, trpc.employee.update.sibling),
  previousCompany: listSection('previousCompany', previousCompanySpec, trpc.employee.update.previousCompany),
};

/** Save options shared by every section: a success toast, then the page reloads its data. */
function useSaveOpts(d: EmployeeDetail) {
  const utils = trpc.useUtils();
  return toastThen(() => void utils.employee.detail.invalidate({ id: d.id }));
}

/**
 * What every section's dialog gets: its title (the section's name), its save (edit mode) or its
 * submission as an update request for HR to approve (request mode), and the close.
 */
function useSectionDialog<I extends object>(d: EmployeeDetail, section: Editing, api: SaveApi<I>, onClose: () => void) {
  const { t } = useTranslation();
  const mode = useContext(RecordModeContext);
  const utils = trpc.useUtils();
  const edit = api.useMutation(useSaveOpts(d));
  const request = trpc.employee.updateRequest.submit.useMutation(
    toastThen(() => void utils.employee.updateRequest.mine.invalidate()),
  );
  const title = t(`employeeDetail.sections.${section}`);
  if (mode === 'edit') return { title, save: (input: I) => edit.mutateAsync(input), pending: edit.isPending, onClose };
  return {
    title,
    save: (input: I) => {
      const { id: _id, ...changes } = input as Record<string, unknown>;
      return request.mutateAsync({ section: section as RequestableSection, changes });
    },
    pending: request.isPending,
    onClose,
  };
}

/** A single-valued section's dialog: its schema form, saved (or requested) on Save. */
function SectionFormDialog<I extends object>({
  d,
  section,
  useForm,
  views,
  api,
  onClose,
}: SectionDialogProps & {
  section: SectionFormKind;
  useForm: (d: EmployeeDetail) => SchemaForm<string, I>;
  views: readonly FieldView<string>[];
  api: SaveApi<I>;
}) {
  const dialog = useSectionDialog(d, section, api, onClose);
  return <FormDialog {...dialog} form={useForm(d)} views={views} />;
}

/** A repeating section's dialog: its rows, saved (or requested) as a whole. */
function ListDialog<I extends object>({
  d,
  section,
  spec,
  api,
  onClose,
}: SectionDialogProps & { section: ListSection; spec: (c: SpecContext) => ListSectionSpec<I>; api: SaveApi<I> }) {
  const { t } = useTranslation();
  const dialog = useSectionDialog(d, section, api, onClose);
  const { input, ...rows } = spec({ d, f: (k) => t(`employeeDetail.fields.${k}`), t });
  return <ListSectionDialog {...rows} {...dialog} save={(r) => dialog.save(input(r))} />;
}

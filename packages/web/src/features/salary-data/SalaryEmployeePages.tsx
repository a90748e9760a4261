import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { showOfficeFilter, useCan, useSession } from '../../lib/can';
import { formatIsoDate } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { Button } from '../../ui/Button';
import { Card, PageTitle } from '../../ui/Card';
import { type Column, DataTable } from '../../ui/DataTable';
import { Spinner } from '../../ui/Spinner';
import { ListCard } from '../../ui/ListCard';
import { Tabs, urlTab } from '../../ui/Tabs';
import { useListState } from '../../lib/use-list-state';
import { CompanyOfficeSelect } from '../shared/OrgSelects';
import { BonusCutsPanel } from './BonusCutsPanel';
import { PieceWorkPanel } from './PieceWorkPanel';
import { EmployeeComponentDialog } from './EmployeeComponentDialog';
import { useEmployeeComponentColumns } from './EmployeeComponentPages';
import { useQueueColumns } from './SalaryQueuePages';
import { Facts, monthText, rp, type SalaryEmployeeDetail, type SalaryEmployeeRow } from './salary-shared';
import { EmployeeIncomeTaxCard } from '../salary-tax/EmployeeIncomeTaxCard';
import { EmployeeTaxDataCard } from '../salary-tax/EmployeeTaxDataCard';
import './texts';
import { TextLink } from '../../ui/TextLink';
import { NotFoundNote } from '../../ui/NotFoundNote';
import { linkColumn } from '../../ui/link-column';

/** /salary/employee: employees in the caller's scope with the basic salary in force and the last finalised net pay. */
export function SalaryEmployeeListPage() {
  const { t } = useTranslation();
  const session = useSession();
  const list = useListState();
  const { value: officeId, set: setOfficeId } = list.param('office');
  const query = trpc.salary.employee.list.useQuery(
    { ...list.query, ...(officeId ? { companyOfficeId: Number(officeId) } : {}) },
    { placeholderData: keepPreviousData },
  );
  const columns: Column<SalaryEmployeeRow>[] = [
    { key: 'number', header: t('salaryData.employeeNumber'), cell: (r) => r.employeeNumber, className: 'whitespace-nowrap' },
    linkColumn(
      'name',
      t('salaryData.employee'),
      (r) => `/salary/employee/${r.id}/detail`,
      (r) => r.name,
    ),
    { key: 'basic', header: t('salaryData.basicSalary'), cell: (r) => rp(r.basicSalary), className: 'text-right tabular-nums' },
    { key: 'net', header: t('salaryData.lastNet'), cell: (r) => rp(r.lastNet), className: 'text-right tabular-nums' },
    { key: 'period', header: t('salaryData.lastPeriod'), cell: (r) => monthText(r.lastPeriod) },
  ];
  return (
    <>
      <PageTitle>{t('routes.salary.employee')}</PageTitle>
      <ListCard
        title={t('routes.salary.employee')}
        list={list}
        query={query}
        columns={columns}
        searchPlaceholder={t('salaryData.findEmployee')}
        filters={
          showOfficeFilter(session) ? (
            <CompanyOfficeSelect
              aria-label={t('salaryData.office')}
              placeholder={t('salaryData.allOffices')}
              value={officeId}
              onChange={list.filter(setOfficeId)}
            />
          ) : null
        }
        empty={t('salaryData.noEmployees')}
      />
    </>
  );
}

const TABS = ['basic', 'components', 'bonusCuts', 'pieceWork', 'payslips'] as const;

/** /salary/employee/{id}/detail: basic salary and history, components, bonus/cuts, payslips, income tax and income-tax debt of one employee. */
export function SalaryEmployeeDetailPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const [params, setParams] = useSearchParams();
  const tab = urlTab(params, TABS, 'basic');
  const detail = trpc.salary.employee.detail.useQuery({ id: valid ? id : 1 }, { enabled: valid, retry: false });
  const d = detail.data;
  return (
    <>
      <PageTitle>
        {t('routes.salary.employeeDetail')}
        {d ? ` · ${d.employeeNumber} ${d.name}` : ''}
      </PageTitle>
      {!valid || detail.isError ? (
        <Card>
          <NotFoundNote text={t('salaryData.notFound')} back={t('salaryData.back')} to="/salary/employee" />
        </Card>
      ) : !d ? (
        <Spinner />
      ) : (
        <div className="space-y-4">
          <Card>
            <Facts
              items={[
                [t('salaryData.basicSalary'), rp(d.basicSalary), 'basicSalary'],
                [t('salaryData.totalSalary'), rp(d.totalSalary), 'totalSalary'],
                [t('salaryData.basicSource'), d.basicSalarySource ?? '-', 'basicSource'],
              ]}
            />
          </Card>
          <div>
            <Tabs
              label={t('routes.salary.employeeDetail')}
              tabs={TABS.map((x) => ({ id: x, label: t(`salaryData.tabs.${x}`) }))}
              active={tab}
              onChange={(x) => setParams({ tab: x }, { replace: true })}
            />
            <Card>
              {tab === 'basic' ? (
                <BasicPanel detail={d} />
              ) : tab === 'components' ? (
                <ComponentsPanel detail={d} />
              ) : tab === 'bonusCuts' ? (
                <BonusCutsPanel employeeId={d.id} rows={d.bonusCuts} />
              ) : tab === 'pieceWork' ? (
                <PieceWorkPanel employeeId={d.id} />
              ) : (
                <PayslipsPanel detail={d} />
              )}
            </Card>
            <div className="mt-4">
              <EmployeeIncomeTaxCard employeeId={d.id} />
            </div>
            <div className="mt-4">
              <EmployeeTaxDataCard detail={d} />
            </div>
          </div>
        </div>
      )}
    </>
  );
}

type History = SalaryEmployeeDetail['history'][number];
type Payslip = SalaryEmployeeDetail['payslips'][number];

function BasicPanel({ detail }: { detail: SalaryEmployeeDetail }) {
  const { t } = useTranslation();
  const editor = useCan('salary.update');
  const { columns, dialog } = useQueueColumns(false);
  const history: Column<History>[] = [
    { key: 'number', header: t('salaryData.contractNumber'), cell: (h) => h.contractNumber },
    { key: 'start', header: t('salaryData.startDate'), cell: (h) => formatIsoDate(h.startDate) },
    { key: 'end', header: t('salaryData.endDate'), cell: (h) => (h.endDate ? formatIsoDate(h.endDate) : '-') },
    { key: 'basic', header: t('salaryData.basicSalary'), cell: (h) => rp(h.basicSalary), className: 'text-right tabular-nums' },
  ];
  return (
    <div className="space-y-6">
      <section>
        <div className="mb-2 flex items-center justify-between">
          <h3 className="font-semibold text-slate-800">{t('salaryData.queue')}</h3>
          {editor ? <TextLink to={`/salary/queue/add?employeeId=${detail.id}`}>{t('salaryData.queueAdd')}</TextLink> : null}
        </div>
        <DataTable columns={columns} rows={detail.queue} empty={t('salaryData.noQueue')} />
        {dialog}
      </section>
      <section>
        <h3 className="mb-2 font-semibold text-slate-800">{t('salaryData.history')}</h3>
        <DataTable
          columns={history}
          rows={detail.history}
          rowKey={(h) => `${h.contractNumber}-${h.startDate}`}
          empty={t('salaryData.noHistory')}
        />
      </section>
    </div>
  );
}

function ComponentsPanel({ detail }: { detail: SalaryEmployeeDetail }) {
  const { t } = useTranslation();
  const editor = useCan('salary.update');
  const [adding, setAdding] = useState(false);
  const { columns, dialogs } = useEmployeeComponentColumns({ employee: false, component: true });
  return (
    <>
      {editor ? (
        <div className="mb-3 flex justify-end">
          <Button onClick={() => setAdding(true)}>{t('salaryData.addEmployeeComponent')}</Button>
        </div>
      ) : null}
      <DataTable columns={columns} rows={detail.components} empty={t('salaryData.noComponents')} />
      {adding ? <EmployeeComponentDialog row={null} employeeId={detail.id} onClose={() => setAdding(false)} /> : null}
      {dialogs}
    </>
  );
}

function PayslipsPanel({ detail }: { detail: SalaryEmployeeDetail }) {
  const { t } = useTranslation();
  const money = (k: 'basicSalary' | 'gross' | 'pph21' | 'net', header: string): Column<Payslip> => ({
    key: k,
    header,
    cell: (p) => rp(p[k]),
    className: 'text-right tabular-nums',
  });
  const columns: Column<Payslip>[] = [
    linkColumn(
      'period',
      t('salaryData.period'),
      (p) => `/salary/report/${p.runId}/detail`,
      (p) => monthText(p.period),
    ),
    { key: 'status', header: t('salaryData.status'), cell: (p) => p.status },
    money('basicSalary', t('salaryData.basicSalary')),
    money('gross', t('salaryData.gross')),
    money('pph21', t('salaryData.pph21')),
    money('net', t('salaryData.net')),
  ];
  return <DataTable columns={columns} rows={detail.payslips} empty={t('salaryData.noPayslips')} />;
}

import { describe, expect, it } from 'vitest';
import { requirePermission } from '../access/grant';
import { failure } from '../testing/expect';
import { makeEmployee } from '../testing/fixtures';
import { useOrgTestDb } from '../testing/org-fixtures';
import {
  createContract,
  createSecondContract,
  downloadContractFile,
  downloadSecondContractFile,
  getSecondContract,
  listContracts,
  listSecondContracts,
  updateSecondContract,
  uploadContractFile,
  uploadSecondContractFile,
} from './history';
import { employeeAdmin } from './test-kit';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

const t = useOrgTestDb(async (t) => {
  const c = await t.db
    .insertInto('second_companies')
    .values([
      { name: 'PT Kedua Test', code: null, address: null },
      { name: 'PT Ketiga Test', code: null, address: null },
    ])
    .returning('id')
    .execute();
  return { ...(await employeeAdmin(t)), companies: [c[0]!.id, c[1]!.id] as const };
});

const ctx = () => t.services.ctx(t.admin);
const contract = (employeeId: number, n: string) => ({
  employeeId,
  contractNumber: `${n}-${employeeId}-${Date.now()}`,
  contractType: 4,
  startDate: '2025-01-01',
  endDate: '2025-12-31',
  basicSalary: 5_000_000,
});

/** The upload of `bytes` as the file of contract `id`. */
const upload = (id: number, fileName: string, contentType: 'application/pdf' | 'image/png', bytes: Buffer) => ({
  id,
  fileName,
  contentType,
  contentBase64: bytes.toString('base64'),
});

describe('contract files', () => {
  it('attaches a PDF or image checked by content, lists its name and size, and downloads it', async () => {
    const id = await makeEmployee(t.db, t.org, { dept: 0 });
    const k = await createContract(ctx(), t.update, contract(id, 'PKWT'));
    expect((await failure(downloadContractFile(ctx(), t.view, { id: k.id }))).code).toBe('NOT_FOUND');

    const renamed = await failure(
      uploadContractFile(ctx(), t.update, upload(k.id, 'contract.pdf', 'application/pdf', Buffer.from('MZ\x90\x00 not a pdf'))),
    );
    expect(renamed.fields).toEqual([{ param: 'contentBase64', msg: 'is not a PDF file' }]);

    await uploadContractFile(ctx(), t.update, upload(k.id, 'contract.pdf', 'application/pdf', PDF));
    const [row] = (await listContracts(ctx(), t.view, { employeeId: id })).rows;
    expect(row).toMatchObject({ fileName: 'contract.pdf', fileSize: PDF.length });
    const file = await downloadContractFile(ctx(), t.view, { id: k.id });
    expect(file).toMatchObject({ fileName: 'contract.pdf', contentType: 'application/pdf' });
    expect(Buffer.from(file.base64, 'base64').equals(PDF)).toBe(true);

    // Replacing with a scan.
    await uploadContractFile(ctx(), t.update, upload(k.id, 'scan.png', 'image/png', PNG));
    expect((await downloadContractFile(ctx(), t.view, { id: k.id })).contentType).toBe('image/png');
  });

  it('hides contracts of employees outside the caller’s scope (NOT_FOUND)', async () => {
    const other = await makeEmployee(t.db, t.org, { dept: 1 });
    const k = await createContract(ctx(), t.update, contract(other, 'PKWT'));
    const headActor = await t.newActor(['department-head'], { dept: 0 });
    const headView = requirePermission(headActor, 'employee.view');
    expect((await failure(downloadContractFile(t.services.ctx(headActor), headView, { id: k.id }))).code).toBe('NOT_FOUND');
  });
});

describe('second contracts', () => {
  it('runs alongside the main contract with a second company, keeps its own periods apart, and carries a file', async () => {
    const id = await makeEmployee(t.db, t.org, { dept: 0 });
    await createContract(ctx(), t.update, contract(id, 'PKWT'));
    const before = await t.db
      .selectFrom('employees')
      .select(['contract_type', 'contract_start_date'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

    // Overlapping the main contract is the point of a second contract.
    const s = await createSecondContract(ctx(), t.update, {
      ...contract(id, 'SC'),
      secondCompanyId: t.companies[0],
      basicSalary: 1_500_000,
    });
    const got = await getSecondContract(ctx(), t.view, { id: s.id });
    expect(got).toMatchObject({
      secondCompanyId: t.companies[0],
      secondCompany: 'PT Kedua Test',
      basicSalary: '1500000',
      fileName: null,
    });
    // The employee's contract type and start follow the main contracts only.
    const after = await t.db
      .selectFrom('employees')
      .select(['contract_type', 'contract_start_date'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);
    // Payroll reads the main contracts only.
    expect((await listContracts(ctx(), t.view, { employeeId: id })).total).toBe(1);

    const overlap = await failure(
      createSecondContract(ctx(), t.update, { ...contract(id, 'SC2'), startDate: '2025-06-01', secondCompanyId: t.companies[1] }),
    );
    expect(overlap.code).toBe('CONFLICT');
    expect(overlap.fields[0]).toMatchObject({ param: 'startDate' });

    const next = await createSecondContract(ctx(), t.update, {
      ...contract(id, 'SC3'),
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      secondCompanyId: t.companies[1],
      basicSalary: 1_750_000,
    });
    const list = await listSecondContracts(ctx(), t.view, { employeeId: id });
    expect(list.rows.map((r) => [r.id, r.secondCompany, r.salaryChange])).toEqual([
      [next.id, 'PT Ketiga Test', '250000'],
      [s.id, 'PT Kedua Test', null],
    ]);

    const unknown = await failure(updateSecondContract(ctx(), t.update, { id: s.id, secondCompanyId: 999_999 }));
    expect(unknown.fields).toEqual([{ param: 'secondCompanyId', msg: 'is not a known second company' }]);
    await updateSecondContract(ctx(), t.update, { id: s.id, notes: 'Weekend shifts at PT Kedua' });
    expect((await getSecondContract(ctx(), t.view, { id: s.id })).notes).toBe('Weekend shifts at PT Kedua');

    await uploadSecondContractFile(ctx(), t.update, upload(s.id, 'second.pdf', 'application/pdf', PDF));
    expect((await downloadSecondContractFile(ctx(), t.view, { id: s.id })).fileName).toBe('second.pdf');
    // Ids of one kind are not ids of the other.
    expect((await failure(downloadContractFile(ctx(), t.view, { id: 999_999 }))).code).toBe('NOT_FOUND');
  });
});

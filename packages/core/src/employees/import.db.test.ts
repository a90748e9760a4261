import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Grant, requirePermission } from '../access/grant';
import { AppError } from '../shared/errors';
import { useOrgTestDb } from '../testing/org-fixtures';
import { dryRunEmployeeImport, employeeImportTemplate, importEmployees, importEmployeesFile } from './import';

const t = useOrgTestDb(undefined, { clock: () => new Date('2026-11-23T03:00:00Z') });
let grant: Grant<'employee.create'>;

const HEADER =
  'Employee number,Given name,Surname,E-mail,Gender,Birth date,Entry date,Company office,Department,Division,Job position,' +
  'Contract type,Religion,Education level,Marital status,PTKP status,NPWP,Phone,Bank,Bank account number';
const csv = (...lines: string[]) => ({
  fileName: 'staff.csv',
  base64: Buffer.from([HEADER, ...lines].join('\n')).toString('base64'),
});
const row = (email: string, over: Partial<Record<'number' | 'dept' | 'div' | 'office' | 'birth', string>> = {}) =>
  [
    over.number ?? '',
    'Sari',
    'Wulandari',
    email,
    'Female',
    over.birth ?? '1995-08-17',
    '2026-11-02',
    over.office ?? 'tst',
    over.dept ?? 'hr',
    over.div ?? 'Payroll',
    '',
    'Permanent',
    'Islam',
    'S1',
    'Unmarried',
    'TK/0',
    '01.234.567.8-901.000',
    '0812-3456-7890',
    'BCA',
    '1234567890',
  ].join(',');

const count = async () =>
  (await t.db.selectFrom('employees').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n;
const byEmail = (email: string) => t.db.selectFrom('employees').selectAll().where('email', '=', email).executeTakeFirst();
async function appError(p: Promise<unknown>): Promise<AppError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  throw new Error('expected an AppError');
}

beforeAll(async () => {
  // Human capital: creates employees and holds salary.update (the file's PTKP status is a pay field).
  grant = requirePermission(await t.newActor(['human-capital']), 'employee.create');
});

const ctx = () => t.services.ctx(grant.actor);

describe('employee import', () => {
  it('imports a valid CSV in one go: placement and references resolved by name, numbers from the office', async () => {
    const before = await count();
    const r = await importEmployees(ctx(), grant, csv(row('sari.one@x.co.id'), row('SARI.two@x.co.id', { number: 'LEG-001' })));
    expect(r).toEqual({ imported: 2, skipped: 0, errors: [] });
    expect(await count()).toBe(before + 2);
    const one = (await byEmail('sari.one@x.co.id'))!;
    expect(one.employee_number).toMatch(/^TST-\d{5}$/);
    expect(one).toMatchObject({
      department_id: t.org.dept[0],
      division_id: t.org.div[0],
      entry_date: '2026-11-02',
      first_join_date: '2026-11-02',
      contract_type: 5,
      tax_id: '012345678901000',
      phone: '0812-3456-7890',
      bank_account_number: '1234567890',
    });
    expect(one.bank_id).not.toBeNull();
    expect(one.ptkp_status_id).not.toBeNull();
    expect((await byEmail('sari.two@x.co.id'))!.employee_number).toBe('LEG-001');
    const log = await t.db.selectFrom('audit_log').select(['after']).where('action', '=', 'employee.import').execute();
    expect(log).toHaveLength(1);
    expect(JSON.stringify(log[0]!.after)).toContain('staff.csv');
  });

  it('one bad row: nothing is written and the report names the row and the column', async () => {
    const before = await count();
    const file = csv(row('ok.a@x.co.id'), row('ok.b@x.co.id', { dept: 'Finance' }), row('ok.c@x.co.id', { birth: '31/02/1990' }));
    const dry = await dryRunEmployeeImport(ctx(), grant, file);
    expect(dry).toMatchObject({ rows: 3, valid: 1, invalid: 2 });
    expect(dry.errors).toEqual([
      { row: 3, column: 'Department', message: 'unknown department "Finance" in Test Office' },
      { row: 4, column: 'Birth date', message: 'must be a real date' },
    ]);
    expect(dry.preview.map((p) => p.email)).toEqual(['ok.a@x.co.id']);
    const e = await appError(importEmployees(ctx(), grant, file));
    expect(e.code).toBe('VALIDATION');
    expect(e.fields).toContainEqual({ param: 'row 3: Department', msg: 'unknown department "Finance" in Test Office' });
    expect(JSON.parse(e.detail!).errors).toHaveLength(2);
    expect(await count()).toBe(before);
    expect(await byEmail('ok.a@x.co.id')).toBeUndefined();
  });

  it('a PTKP status in the file needs salary.update: HR staff without it get the column refused (issue 16)', async () => {
    const staffGrant = requirePermission(await t.newActor(['human-capital-staff']), 'employee.create');
    const dry = await dryRunEmployeeImport(t.services.ctx(staffGrant.actor), staffGrant, csv(row('ptkp.a@x.co.id')));
    expect(dry).toMatchObject({ rows: 1, valid: 0, invalid: 1 });
    expect(dry.errors).toEqual([
      { row: 2, column: 'PTKP status', message: 'needs the salary.update permission (it sets the PPh 21)' },
    ]);
    const noPtkp = csv(row('ptkp.b@x.co.id').replace(',TK/0,', ',,'));
    expect(await dryRunEmployeeImport(t.services.ctx(staffGrant.actor), staffGrant, noPtkp)).toMatchObject({
      valid: 1,
      invalid: 0,
    });
  });

  it('skipInvalid imports the valid rows only and reports the others', async () => {
    const r = await importEmployees(ctx(), grant, {
      ...csv(row('skip.a@x.co.id'), row('skip.b@x.co.id', { office: 'Nowhere' })),
      skipInvalid: true,
    });
    expect(r.imported).toBe(1);
    expect(r.skipped).toBe(1);
    expect(r.errors).toEqual([{ row: 3, column: 'Company office', message: 'unknown company office "Nowhere"' }]);
    expect(await byEmail('skip.a@x.co.id')).toBeDefined();
  });

  it('duplicates inside the file and against stored employees are row errors', async () => {
    const dry = await dryRunEmployeeImport(
      ctx(),
      grant,
      csv(
        row('dup.a@x.co.id', { number: 'D-1' }),
        row('Dup.A@x.co.id', { number: 'd-1' }),
        row('sari.one@x.co.id', { number: 'LEG-001' }),
      ),
    );
    expect(dry.errors).toEqual([
      { row: 3, column: 'E-mail', message: 'is the same as row 2' },
      { row: 3, column: 'Employee number', message: 'is the same as row 2' },
      { row: 4, column: 'E-mail', message: 'another employee already uses this e-mail address' },
      { row: 4, column: 'Employee number', message: 'another employee already has this number' },
    ]);
    expect(dry.valid).toBe(1);
  });

  it('reads CSV with semicolons, a BOM, quotes and dd/mm/yyyy dates', async () => {
    const text = [
      'Given name;Surname;E-mail;Gender;Birth date;Company office;Department;Contract type;Religion;Education level;Marital status',
      'Budi;"Santoso; Jr.";budi.semi@x.co.id;m;17/08/1990;Test Office;Ops;contracted;islam;s1;married',
    ].join('\r\n');
    const base64 = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]).toString('base64');
    const r = await importEmployees(ctx(), grant, { fileName: 'semi.CSV', base64 });
    expect(r.imported).toBe(1);
    expect(await byEmail('budi.semi@x.co.id')).toMatchObject({
      surname: 'Santoso; Jr.',
      gender: 'Male',
      birth_date: '1990-08-17',
      department_id: t.org.dept[1],
      contract_type: 4,
      marital_status_id: 1,
    });
  });

  it('reads the XLSX template filled in, including date cells and links', async () => {
    const tpl = await employeeImportTemplate(ctx(), grant);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(tpl.base64, 'base64') as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.getRow(1).getCell(2).value).toBe('Given name *');
    expect(wb.getWorksheet('Values')!.getColumn(2).values).toContain('Test Office');
    ws.addRow([
      '',
      'Rina',
      '',
      { text: 'rina.xlsx@x.co.id', hyperlink: 'mailto:rina.xlsx@x.co.id' },
      'Female',
      new Date(Date.UTC(1992, 0, 5)),
    ]);
    const cols = ws.getRow(1).values as string[];
    const set = (header: string, v: string) => {
      ws.getRow(2).getCell(cols.indexOf(header)).value = v;
    };
    set('Company office *', 'TST');
    set('Contract type *', '1');
    set('Religion *', 'Hindu');
    set('Education level *', 'SMA/SMK');
    set('Marital status *', 'Unmarried');
    const base64 = Buffer.from(await wb.xlsx.writeBuffer()).toString('base64');
    const dry = await dryRunEmployeeImport(ctx(), grant, { fileName: 'filled.xlsx', base64 });
    expect(dry).toMatchObject({ rows: 1, valid: 1, invalid: 0, errors: [] });
    expect(dry.preview[0]).toMatchObject({ row: 2, name: 'Rina', email: 'rina.xlsx@x.co.id', entryDate: '2026-11-23' });
    expect(await byEmail('rina.xlsx@x.co.id')).toBeUndefined();
    await importEmployees(ctx(), grant, { fileName: 'filled.xlsx', base64 });
    expect(await byEmail('rina.xlsx@x.co.id')).toMatchObject({ birth_date: '1992-01-05', contract_type: 1 });
  });

  it('a failure at the database on a later row writes nothing at all', async () => {
    // A write the checks could not see (another session inserting the same e-mail meanwhile) surfaces
    // as the unique violation of employees_email_uq on row 3, after row 2 was inserted.
    await sql`create function import_test_clash() returns trigger language plpgsql as $$
      begin
        if new.email = 'late.clash@x.co.id' then
          raise exception 'duplicate key' using errcode = 'unique_violation', constraint = 'employees_email_uq';
        end if;
        return new;
      end $$`.execute(t.db);
    await sql`create trigger import_test_clash before insert on employees for each row execute function import_test_clash()`.execute(
      t.db,
    );
    try {
      const before = await count();
      const audits = await t.db.selectFrom('audit_log').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
      const e = await appError(importEmployees(ctx(), grant, csv(row('early.ok@x.co.id'), row('late.clash@x.co.id'))));
      expect(e.code).toBe('CONFLICT');
      expect(e.message).toBe('Row 3: another employee already uses this e-mail address; nothing was imported');
      expect(await count()).toBe(before);
      expect(await byEmail('early.ok@x.co.id')).toBeUndefined();
      const after = await t.db.selectFrom('audit_log').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
      expect(after.n).toBe(audits.n);
    } finally {
      await sql`drop trigger import_test_clash on employees`.execute(t.db);
      await sql`drop function import_test_clash()`.execute(t.db);
    }
  });

  it('refuses files it cannot read as a whole: unknown or missing columns, not UTF-8, too large', async () => {
    const file = (text: string | Buffer, fileName = 'f.csv') =>
      importEmployeesFile(ctx(), Buffer.isBuffer(text) ? text : Buffer.from(text), fileName, { dryRun: true });
    expect((await appError(file('Given name,Shoe size\nA,42'))).message).toBe(
      'Unknown column "Shoe size" (download the template)',
    );
    expect((await appError(file('Given name,E-mail\nA,a@b.co'))).message).toMatch(/^Missing column Gender, Birth date/);
    const latin1 = await appError(file(Buffer.from([0x47, 0xff, 0x0a])));
    expect(latin1.message).toBe('The CSV file must be saved as UTF-8 text');
    expect((await appError(file(Buffer.alloc(800 * 1024, 0x41)))).message).toMatch(/at most 700 KB/);
    expect((await appError(file('x', 'f.xlsx'))).message).toBe('The file is not a readable XLSX workbook');
    await expect(dryRunEmployeeImport(ctx(), grant, { fileName: 'f.csv', base64: 'A'.repeat(1_000_000) })).rejects.toThrow(
      /at most 700 KB/,
    );
  });
});

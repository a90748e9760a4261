import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { requirePermission } from '../access/grant';
import { makeEmployee, makeUser } from '../testing/fixtures';
import { useOrgTestDb } from '../testing/org-fixtures';
import { downloadEmployees, listEmployees } from './service';

const t = useOrgTestDb();

beforeAll(async () => {
  for (const name of ['Agus Santoso', 'Bagus Wijaya', 'Citra Agustina', 'Dewi Lestari'])
    await makeEmployee(t.db, t.org, { dept: 0 }, name);
  for (const name of ['Eko Prasetyo', 'Agung Ops']) await makeEmployee(t.db, t.org, { dept: 1 }, name);
});

const hr = async () => {
  const a = await t.newActor(['human-capital'], { dept: 0 });
  return requirePermission(a, 'employee.view');
};

describe('employee list search', () => {
  it('three characters or more match anywhere in the name, the number or the e-mail', async () => {
    const g = await hr();
    const names = async (search: string) => (await listEmployees(t.services.ctx(g.actor), g, { search })).rows.map((r) => r.name);
    expect(await names('gus')).toEqual(['Agus Santoso', 'Bagus Wijaya', 'Citra Agustina']);
    expect(await names('lestari')).toEqual(['Dewi Lestari']);
    expect(await names('eko.prasetyo')).toEqual(['Eko Prasetyo']);
    const number = (await listEmployees(t.services.ctx(g.actor), g, { search: 'Agung' })).rows[0]!.employeeNumber;
    expect(await names(number)).toEqual(['Agung Ops']);
    expect(await names('100%')).toEqual([]);
    // One text per employee, but a term never spans two fields (name | number | e-mail).
    expect(await names(`Ops${number.slice(0, 2)}`)).toEqual([]);
  });

  it('a search sorts its matches by any column and pages through them in that order', async () => {
    const g = await hr();
    const ctx = t.services.ctx(g.actor);
    const all = await listEmployees(ctx, g, { search: 'gus', sort: 'employeeNumber', order: 'desc' });
    const byPage = [];
    for (const page of [1, 2, 3])
      byPage.push(
        ...(await listEmployees(ctx, g, { search: 'gus', sort: 'employeeNumber', order: 'desc', page, pageSize: 1 })).rows,
      );
    expect(byPage.map((r) => r.employeeNumber)).toEqual(all.rows.map((r) => r.employeeNumber));
    expect(all.rows.map((r) => r.employeeNumber)).toEqual(
      all.rows
        .map((r) => r.employeeNumber)
        .sort()
        .reverse(),
    );
    const byOffice = await listEmployees(ctx, g, { search: 'gus', sort: 'office', pageSize: 2 });
    expect(byOffice).toMatchObject({ total: 3, totalCapped: false });
    expect(byOffice.rows).toHaveLength(2);
  });

  it('one or two characters match the beginning, so a short search stays useful in a long list', async () => {
    const g = await hr();
    const page = await listEmployees(t.services.ctx(g.actor), g, { search: 'ag' });
    expect(page.rows.map((r) => r.name)).toEqual(['Agung Ops', 'Agus Santoso']);
    expect(page.total).toBe(2);
  });

  it('pages, totals and sorts within the data scope', async () => {
    const u = await makeUser(t.services, t.org, ['supervisor'], { dept: 1 });
    const lead = requirePermission(await t.actorOf(u.userId), 'employee.view');
    const first = await listEmployees(t.services.ctx(lead.actor), lead, { pageSize: 1, sort: 'name', order: 'desc' });
    const mine = await listEmployees(t.services.ctx(lead.actor), lead, { pageSize: 50 });
    expect(first.total).toBe(mine.total);
    expect(mine.rows.every((r) => r.departmentId === t.org.dept[1])).toBe(true);
    expect(first.rows[0]!.name).toBe(
      mine.rows
        .map((r) => r.name)
        .sort()
        .reverse()[0],
    );
    // The total travels with the page's rows and is not one of their fields; a page past the end counts on its own.
    expect(Object.keys(first.rows[0]!)).not.toContain('totalMatching');
    const past = await listEmployees(t.services.ctx(lead.actor), lead, { page: 99, pageSize: 10 });
    expect(past).toMatchObject({ rows: [], total: mine.total });
    expect((await listEmployees(t.services.ctx(lead.actor), lead, { search: 'agus' })).rows).toEqual([]);
  });
});

describe('employee list total', () => {
  it('stops counting past the cap and says so, counts exactly when asked, and the page itself is unaffected', async () => {
    const g = await hr();
    const ctx = t.services.ctx(g.actor);
    const exact = await listEmployees(ctx, g, { exactTotal: true });
    expect(exact.totalCapped).toBe(false);
    expect(exact.total).toBeGreaterThan(4);
    const capped = await listEmployees(ctx, g, { pageSize: 2 }, { totalCap: 3 });
    expect(capped).toMatchObject({ total: 3, totalCapped: true });
    expect(capped.rows).toHaveLength(2);
    // Within the cap the total is exact, and over REST the flag arrives as text.
    expect(await listEmployees(ctx, g, { search: 'ag' }, { totalCap: 3 })).toMatchObject({ total: 2, totalCapped: false });
    // A search of three letters or more stops at its own cap (SEARCH_TOTAL_CAP, 1,000; here 2).
    expect(await listEmployees(ctx, g, { search: 'gus' }, { totalCap: 2 })).toMatchObject({ total: 2, totalCapped: true });
    expect(await listEmployees(ctx, g, { exactTotal: 'true' as never }, { totalCap: 3 })).toMatchObject({
      total: exact.total,
      totalCapped: false,
    });
  });
});

describe('employee list download', () => {
  it('downloads every matching row (not only the page) with the chosen columns, in the list order', async () => {
    const g = await hr();
    const file = await downloadEmployees(t.services.ctx(g.actor), g, {
      search: 'gus',
      columns: ['name', 'number', 'entryDate', 'status'],
      sort: 'name',
      order: 'desc',
    });
    expect(file.fileName).toMatch(/^employees-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(file.base64, 'base64') as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    const values = ws.getSheetValues().slice(1) as unknown[][];
    expect(values[0]!.slice(1)).toEqual(['Name', 'Employee ID', 'Entry date', 'Status']);
    expect(values.slice(1).map((r) => r[1])).toEqual(['Citra Agustina', 'Bagus Wijaya', 'Agus Santoso']);
    expect(values[1]![4]).toBe('Work');
  });

  it('refuses an empty or unknown column choice', async () => {
    const g = await hr();
    await expect(downloadEmployees(t.services.ctx(g.actor), g, { columns: [] })).rejects.toThrow(/choose at least one column/);
    await expect(downloadEmployees(t.services.ctx(g.actor), g, { columns: ['salary' as never] })).rejects.toThrow(/columns/);
  });
});

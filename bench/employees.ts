/**
 * `pnpm bench employees`: the employee list search on PostgreSQL with 20,000 employees.
 *
 * Creates a database of its own on DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres;
 * dropped afterwards), migrates, and generates with set-based SQL 20,000 employees (BENCH_EMPLOYEES)
 * in 4 offices, 20 departments and 40 divisions with Indonesian-looking names, numbers and e-mails.
 *
 * Timed: `listEmployees` — exactly what `GET /v2/h/employee/all` and the /employee/list screen
 * run — for 300 searches (by part of a name, an employee number, an e-mail; common and rare
 * terms; first page of 25 sorted by name, with the total), half with HR's all-office scope and
 * half with a department head's scope, after 30 warm-up searches. Reported: p50, p95 and max of
 * the searches, and p95 of plain pages (no search, by office filter, deep page).
 *
 * Last line: {"employees", "searchP95Ms"}. Progress goes to stderr.
 */
import { type Actor, requirePermission } from '@hr/core/access';
import { createServices } from '@hr/core/services';
import { listEmployees } from '@hr/core/employees';
import { sql } from 'kysely';
import { type BenchDb, withScratchDatabase } from './lib/scratch-db';
import { seedOfficesAndDepartments } from './lib/seed';

const EMPLOYEES = Number(process.env.BENCH_EMPLOYEES ?? 20_000);
const SEARCHES = 300;

const log = (...a: unknown[]) => console.error('[bench employees]', ...a);
type Db = BenchDb;

const GIVEN = [
  'Agus',
  'Budi',
  'Citra',
  'Dewi',
  'Eko',
  'Fitri',
  'Gita',
  'Hadi',
  'Indah',
  'Joko',
  'Kartika',
  'Lestari',
  'Made',
  'Nur',
  'Putu',
  'Rina',
  'Sari',
  'Tono',
  'Wayan',
  'Yusuf',
];
const FAMILY = [
  'Santoso',
  'Wijaya',
  'Saputra',
  'Hidayat',
  'Nugroho',
  'Kusuma',
  'Pratama',
  'Siregar',
  'Simanjuntak',
  'Harahap',
  'Gunawan',
  'Setiawan',
  'Purnomo',
  'Halim',
  'Lubis',
  'Nasution',
  'Rahman',
  'Wibowo',
  'Susanto',
  'Tanjung',
];

async function seed(db: Db): Promise<void> {
  await seedOfficesAndDepartments(db);
  await sql`insert into divisions (company_office_id, department_id, name)
    select d.company_office_id, d.id, 'Division ' || d.id || '-' || i from departments d cross join generate_series(1, 2) i`.execute(
    db,
  );
  await sql`insert into employees (employee_number, given_name, surname, email, gender, birth_date, religion_id,
      education_level_id, marital_status_id, company_office_id, department_id, division_id, contract_type)
    select 'JKT-' || lpad(i::text, 6, '0'), g.a[1 + i % 20] || case when i % 3 = 0 then ' ' || g.a[1 + (i / 7) % 20] else '' end,
      f.a[1 + (i / 20) % 20] || ' ' || (i % 101),
      lower(g.a[1 + i % 20]) || '.' || lower(f.a[1 + (i / 20) % 20]) || i || '@company.co.id',
      case when i % 2 = 0 then 'Male' else 'Female' end, date '1990-01-01' + (i % 9000), 1, 1, 1,
      v.company_office_id, v.department_id, v.id, 5
    from generate_series(1, ${EMPLOYEES}) i
    cross join (select ${GIVEN}::text[] as a) g
    cross join (select ${FAMILY}::text[] as a) f
    join lateral (select id, company_office_id, department_id from divisions order by id offset (i % 40) limit 1) v on true`.execute(
    db,
  );
  await sql`analyze`.execute(db);
}

function percentile(sorted: number[], p: number): number {
  const i = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round((sorted[Math.max(0, i)] ?? 0) * 100) / 100;
}

async function main(): Promise<void> {
  await withScratchDatabase('hr_bench_emp', log, async (db) => {
    const t0 = performance.now();
    await seed(db);
    log(`generated ${EMPLOYEES} employees in ${Math.round(performance.now() - t0)} ms`);

    const services = createServices(db);
    const dept = await db.selectFrom('divisions').select(['department_id', 'id']).orderBy('id').executeTakeFirstOrThrow();
    const base: Omit<Actor, 'roles' | 'permissions' | 'departmentId' | 'divisionId'> = {
      userId: 1,
      email: 'bench@company.co.id',
      employeeId: 1,
      companyOfficeId: 1,
      kind: 'user',
    };
    const hr: Actor = {
      ...base,
      departmentId: null,
      divisionId: null,
      roles: ['human-capital'],
      permissions: new Set(['employee.view', 'hr.all']),
    };
    const head: Actor = {
      ...base,
      departmentId: dept.department_id,
      divisionId: dept.id,
      roles: ['department-head'],
      permissions: new Set(['employee.view']),
    };
    const grants = [requirePermission(hr, 'employee.view'), requirePermission(head, 'employee.view')];

    const terms: string[] = [];
    for (let i = 0; i < SEARCHES + 30; i++) {
      const kind = i % 6;
      const n = (i * 7919) % EMPLOYEES;
      terms.push(
        kind === 0
          ? GIVEN[i % 20]!.toLowerCase()
          : kind === 1
            ? FAMILY[(i * 3) % 20]!.slice(0, 4)
            : kind === 2
              ? `JKT-${String(n).padStart(6, '0')}`
              : kind === 3
                ? `${GIVEN[i % 20]!.toLowerCase()}.${FAMILY[(i * 7) % 20]!.toLowerCase()}`
                : kind === 4
                  ? `${FAMILY[i % 20]} ${i % 101}`
                  : `${n}`,
      );
    }
    const time = async (input: Parameters<typeof listEmployees>[2], g = 0) => {
      const start = performance.now();
      const page = await listEmployees(services.ctx(grants[g]!.actor), grants[g]!, input);
      return { ms: performance.now() - start, total: page.total };
    };
    for (const term of terms.slice(0, 30)) await time({ search: term });
    const searchMs: number[] = [];
    const byKind = new Map<string, number[]>();
    let matched = 0;
    for (const [i, term] of terms.slice(30).entries()) {
      const r = await time({ search: term, pageSize: 25 }, i % 2);
      searchMs.push(r.ms);
      matched += r.total;
      const kind = `${['given name', 'part of family name', 'employee number', 'e-mail', 'full name', 'digits'][(i + 30) % 6]}/${i % 2 ? 'department head' : 'HR'}`;
      byKind.set(kind, [...(byKind.get(kind) ?? []), r.ms]);
    }
    for (const [kind, ms] of [...byKind].sort())
      log(
        `  ${kind}: p95 ${percentile(
          ms.sort((a, b) => a - b),
          95,
        )} ms`,
      );
    searchMs.sort((a, b) => a - b);
    const pageMs: number[] = [];
    for (let i = 0; i < 60; i++) {
      const input = i % 3 === 0 ? {} : i % 3 === 1 ? { companyOfficeId: 1 + (i % 4) } : { page: 1 + (i % 40) * 10 };
      pageMs.push((await time(input, i % 2)).ms);
    }
    pageMs.sort((a, b) => a - b);
    log(
      `searches: ${searchMs.length}, avg ${Math.round(matched / searchMs.length)} matches; p50 ${percentile(searchMs, 50)} ms, p95 ${percentile(searchMs, 95)} ms, max ${percentile(searchMs, 100)} ms`,
    );
    log(`plain pages: p95 ${percentile(pageMs, 95)} ms`);
    console.log(JSON.stringify({ employees: EMPLOYEES, searchP95Ms: percentile(searchMs, 95) }));
  });
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});

import type { Actor } from '../access/actor';
import { addContract, makeDepartmentHr, makeEmployee } from './fixtures';
import { type PayrollWorld, payMonth, payrollWorld, ptkpId } from './payroll-fixtures';

/*
 * The finalised tax year the income-tax and tax-reporting tests both stand on (issue 17): "today" is
 * 15 March 2027, so 2026 is a complete year (its 1721-A1 figures are final) and 2027 is running. The
 * people joined on 2025-01-01 with a contract from that day; the caller pays the months it needs.
 */

export interface TaxPayer {
  name: string;
  dept: 0 | 1;
  /** PTKP status code (`TK/0`, `K/1`, …). */
  ptkp: string;
  /** Monthly basic salary in whole rupiah. */
  basicSalary: number;
  /** Contract type: 5 permanent and open-ended (the default); any other type's contract ends 2027-12-31. */
  contractType?: number;
  nationalId?: string | null;
  taxId?: string | null;
}

export interface FinalisedYear extends PayrollWorld {
  /** The employee id of each payer, in the order given. */
  employees: number[];
  /** A human-capital user limited to department 0 (no `hr.all`). */
  scoped: Actor;
  /** Generates and finalises the payroll of a month ('yyyy-mm'); answers the run's id. */
  payMonth: (period: string) => Promise<number>;
}

export async function finalisedYear(payers: readonly TaxPayer[]): Promise<FinalisedYear> {
  const world = await payrollWorld('2027-03-15T03:00:00Z');
  const { tdb, org } = world;
  const employees: number[] = [];
  for (const p of payers) {
    const id = await makeEmployee(tdb.db, org, { dept: p.dept }, p.name);
    const type = p.contractType ?? 5;
    await tdb.db
      .updateTable('employees')
      .set({
        entry_date: '2025-01-01',
        ptkp_status_id: await ptkpId(tdb.db, p.ptkp),
        contract_type: type,
        national_id: p.nationalId ?? null,
        tax_id: p.taxId ?? null,
      })
      .where('id', '=', id)
      .execute();
    // Only a permanent contract is open-ended (employee_contracts_end).
    await addContract(tdb.db, id, p.basicSalary, { type, end: type === 5 ? null : '2027-12-31' });
    employees.push(id);
  }
  const scoped = await makeDepartmentHr(world.services, org, 0);
  return { ...world, employees, scoped, payMonth: (period) => payMonth(world.ctx, world.admin, period) };
}

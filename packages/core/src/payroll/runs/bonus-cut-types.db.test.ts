import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payrollWorld } from '../../testing/payroll-fixtures';
import type { TestDb } from '../../db/testing';
import type { Actor } from '../../access/actor';
import { requirePermission } from '../../access/grant';
import type { Ctx } from '../../shared/context';
import { failure } from '../../testing/expect';
import { addContract, makeDepartmentHr, makeEmployee } from '../../testing/fixtures';
import {
  bonusCutLookup,
  createBonusCut,
  createBonusCutType,
  deleteBonusCutType,
  finalisePayroll,
  generatePayroll,
  getPayrollRun,
  listBonusCuts,
  listBonusCutTypes,
  updateBonusCut,
  updateBonusCutType,
} from './index';

/* The bonus/cut catalogue (issue 20 item 2): types in the settings, entering from a type or free text, the lookup. */

let tdb: TestDb;
let admin: Actor;
let hrOwn: Actor; // salary permissions, department 0 only
let ctx: Ctx;
let dina: number; // dept 0, contract 6M
let eko: number; // dept 1

/** The fields a zod refusal (GL0001 over the API) names. */
async function zodFields(p: Promise<unknown>): Promise<string[]> {
  const e = await p.then(
    () => null,
    (err: unknown) => err as { issues?: { path: PropertyKey[] }[] },
  );
  return (e?.issues ?? []).map((i) => String(i.path[0])).sort();
}

beforeAll(async () => {
  const world = await payrollWorld('2026-11-20T03:00:00Z');
  ({ tdb, admin, ctx } = world);
  const { org, services } = world;
  dina = await makeEmployee(tdb.db, org, { dept: 0 }, 'Dina Catalogue');
  eko = await makeEmployee(tdb.db, org, { dept: 1 }, 'Eko Catalogue');
  await tdb.db.updateTable('employees').set({ entry_date: '2025-01-01' }).where('id', 'in', [dina, eko]).execute();
  await addContract(tdb.db, dina, 6_000_000);
  hrOwn = await makeDepartmentHr(services, org, 0);
});
afterAll(() => tdb.destroy());

const view = () => requirePermission(admin, 'salary.view');
const upd = () => requirePermission(admin, 'salary.update');
const setting = () => requirePermission(admin, 'salary.setting');
const typeNamed = async (name: string) => (await listBonusCutTypes(ctx, view())).find((t) => t.name === name)!;

describe('bonus/cut catalogue', () => {
  it('keeps named types: unique names whatever the case, a cut never taxable, bad values name the field', async () => {
    const transport = await createBonusCutType(ctx, setting(), {
      name: 'Transport bonus',
      kind: 'bonus',
      taxable: true,
      defaultAmount: '500000',
    });
    expect(transport).toEqual({
      id: transport.id,
      name: 'Transport bonus',
      kind: 'bonus',
      taxable: true,
      defaultAmount: '500000',
      active: true,
    });
    const loan = await createBonusCutType(ctx, setting(), { name: 'Loan repayment', kind: 'cut' });
    expect(loan).toMatchObject({ taxable: false, defaultAmount: null, active: true });

    const dup = await failure(createBonusCutType(ctx, setting(), { name: 'TRANSPORT BONUS', kind: 'bonus' }));
    expect(dup.code).toBe('CONFLICT');
    expect(dup.fields).toEqual([{ param: 'name', msg: 'is already used' }]);
    expect(await zodFields(createBonusCutType(ctx, setting(), { name: 'Fine', kind: 'cut', taxable: true }))).toEqual([
      'taxable',
    ]);
    expect(
      await zodFields(createBonusCutType(ctx, setting(), { name: '', kind: 'gift' as never, defaultAmount: '1.5' })),
    ).toEqual(['defaultAmount', 'kind', 'name']);
    expect((await failure(updateBonusCutType(ctx, setting(), { id: loan.id, taxable: true }))).fields).toEqual([
      { param: 'taxable', msg: 'a cut is never taxable income' },
    ]);
    expect((await failure(updateBonusCutType(ctx, setting(), { id: loan.id, name: 'transport BONUS' }))).code).toBe('CONFLICT');

    // A taxable bonus turned into a cut loses the flag; the default amount can be cleared.
    const gift = await createBonusCutType(ctx, setting(), { name: 'Gift', kind: 'bonus', taxable: true, defaultAmount: 1000 });
    expect(await updateBonusCutType(ctx, setting(), { id: gift.id, kind: 'cut', defaultAmount: '' })).toMatchObject({
      kind: 'cut',
      taxable: false,
      defaultAmount: null,
    });
    expect((await listBonusCutTypes(ctx, view())).map((t) => t.name)).toEqual(['Transport bonus', 'Gift', 'Loan repayment']);
    expect((await listBonusCutTypes(ctx, view(), { kind: 'cut' })).map((t) => t.name)).toEqual(['Gift', 'Loan repayment']);
    expect(await deleteBonusCutType(ctx, setting(), { id: gift.id })).toEqual({ id: gift.id });
  });

  it("enters an employee's bonus/cut from a type (amount defaulted or overridden) or as free text", async () => {
    const [transport, loan] = [await typeNamed('Transport bonus'), await typeNamed('Loan repayment')];
    const a = await createBonusCut(ctx, upd(), { employeeId: dina, period: '2026-11', typeId: transport.id });
    expect(a).toMatchObject({ kind: 'bonus', name: 'Transport bonus', amount: '500000', taxable: true, typeId: transport.id });
    const b = await createBonusCut(ctx, upd(), { employeeId: dina, period: '2026-11', typeId: loan.id, amount: '250000' });
    expect(b).toMatchObject({ kind: 'cut', name: 'Loan repayment', amount: '250000', taxable: false, typeId: loan.id });

    // The type has no default amount: the amount is required.
    const noAmount = await failure(createBonusCut(ctx, upd(), { employeeId: dina, period: '2026-11', typeId: loan.id }));
    expect(noAmount.code).toBe('VALIDATION');
    expect(noAmount.fields.map((f) => f.param)).toEqual(['amount']);
    // Name, kind and taxable come from the type.
    expect(
      await zodFields(createBonusCut(ctx, upd(), { employeeId: dina, period: '2026-11', typeId: loan.id, name: 'X' })),
    ).toEqual(['name']);
    // A one-off names its kind, name and amount.
    expect(await zodFields(createBonusCut(ctx, upd(), { employeeId: dina, period: '2026-11' }))).toEqual([
      'amount',
      'kind',
      'name',
    ]);
    expect((await failure(createBonusCut(ctx, upd(), { employeeId: dina, period: '2026-11', typeId: 99999 }))).fields).toEqual([
      { param: 'typeId', msg: 'is not a bonus/cut type' },
    ]);

    // Free text works as before (taxable defaults to true).
    const oneOff = await createBonusCut(ctx, upd(), {
      employeeId: dina,
      period: '2026-11',
      kind: 'bonus',
      name: 'Referral',
      amount: '300000',
      taxable: false,
    });
    expect(oneOff).toMatchObject({ name: 'Referral', taxable: false, typeId: null });

    // Editing the amount keeps the type; editing the name makes a one-off; typeId re-applies a type.
    expect(await updateBonusCut(ctx, upd(), { id: a.id, amount: '600000' })).toMatchObject({ typeId: transport.id });
    expect(await updateBonusCut(ctx, upd(), { id: b.id, name: 'Loan (special)' })).toMatchObject({ typeId: null });
    expect(await updateBonusCut(ctx, upd(), { id: b.id, typeId: loan.id })).toMatchObject({
      name: 'Loan repayment',
      amount: '250000',
      typeId: loan.id,
    });
  });

  it('the taxable flag flows to the payslip as before: a non-taxable bonus adds to gross but not to taxable gross', async () => {
    const run = await generatePayroll(ctx, upd(), { period: '2026-11' });
    const slip = (await getPayrollRun(ctx, view(), { id: run.runId })).payslips.rows.find((p) => p.employeeId === dina)!;
    // Transport 600,000 (taxable) + Referral 300,000 (not taxable); Loan 250,000 is a cut.
    expect(Number(slip.gross) - 6_000_000).toBe(900_000);
    const bpjsBenefits = Number(slip.taxableGross) - Number(slip.gross) + 300_000;
    // Taxable gross = gross − the non-taxable bonus + employer BPJS Kesehatan 4%, JKK 0.24%, JKM 0.3% of 6,000,000.
    expect(bpjsBenefits).toBe(240_000 + 14_400 + 18_000);
  });

  it('the lookup lists active types, selected 1 for those the employee has in an open period; scope is NOT_FOUND', async () => {
    const bonus = await createBonusCutType(ctx, setting(), { name: 'Attendance bonus', kind: 'bonus', defaultAmount: '100000' });
    const retired = await createBonusCutType(ctx, setting(), { name: 'Old allowance', kind: 'bonus', active: false });
    const all = await bonusCutLookup(ctx, view(), { employeeId: dina });
    expect(all.map((r) => [r.name, r.selected])).toEqual([
      ['Attendance bonus', 0],
      ['Transport bonus', 1],
      ['Loan repayment', 1],
    ]);
    expect(all.find((r) => r.id === bonus.id)).toEqual({
      id: bonus.id,
      name: 'Attendance bonus',
      kind: 'bonus',
      taxable: false,
      defaultAmount: '100000',
      selected: 0,
    });
    expect((await bonusCutLookup(ctx, view())).every((r) => r.selected === 0)).toBe(true);
    expect((await bonusCutLookup(ctx, view(), { employeeId: dina, period: '2026-12' })).every((r) => r.selected === 0)).toBe(
      true,
    );
    // An inactive type cannot be entered.
    expect(
      (await failure(createBonusCut(ctx, upd(), { employeeId: dina, period: '2026-12', typeId: retired.id }))).fields,
    ).toEqual([{ param: 'typeId', msg: 'Old allowance is inactive' }]);

    const own = requirePermission(hrOwn, 'salary.view');
    expect((await failure(bonusCutLookup(ctx, own, { employeeId: eko }))).code).toBe('NOT_FOUND');
    expect(await bonusCutLookup(ctx, own, { employeeId: dina })).toHaveLength(3);
  });

  it('delete refuses (409) a type used by finalised payroll; deactivating is the way; open-period entries become one-offs', async () => {
    const [transport, loan] = [await typeNamed('Transport bonus'), await typeNamed('Loan repayment')];
    const bonus = await typeNamed('Attendance bonus');
    const dec = await createBonusCut(ctx, upd(), { employeeId: dina, period: '2026-12', typeId: bonus.id });

    const run = (await generatePayroll(ctx, upd(), { period: '2026-11' })).runId;
    await finalisePayroll(ctx, upd(), { id: run });
    // November is finalised: its entries no longer count as the employee's current ones.
    const after = await bonusCutLookup(ctx, view(), { employeeId: dina });
    expect(after.map((r) => [r.name, r.selected])).toEqual([
      ['Attendance bonus', 1],
      ['Transport bonus', 0],
      ['Loan repayment', 0],
    ]);

    const refused = await failure(deleteBonusCutType(ctx, setting(), { id: transport.id }));
    expect(refused.code).toBe('CONFLICT');
    expect(refused.message).toMatch(/Transport bonus is used by finalised payroll \(2026-11\); deactivate it/);
    expect(await updateBonusCutType(ctx, setting(), { id: loan.id, active: false })).toMatchObject({ active: false });

    await deleteBonusCutType(ctx, setting(), { id: bonus.id });
    const rows = (await listBonusCuts(ctx, view(), { employeeId: dina, period: '2026-12' })).rows;
    expect(rows.find((r) => r.id === dec.id)).toMatchObject({ name: 'Attendance bonus', amount: '100000', typeId: null });
  });
});

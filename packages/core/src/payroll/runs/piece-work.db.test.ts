import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payrollWorld, storedPayslip } from '../../testing/payroll-fixtures';
import type { TestDb } from '../../db/testing';
import type { Actor } from '../../access/actor';
import { requirePermission } from '../../access/grant';
import type { Ctx } from '../../shared/context';
import { failure } from '../../testing/expect';
import { addContract, makeEmployee } from '../../testing/fixtures';
import { createPieceEntry, deletePieceEntry, finalisePayroll, generatePayroll, getPayslip, listPieceEntries } from './index';

// Piece / unit work entries feed the period's run (daily TER for a Freelance worker) and lock with it.
let tdb: TestDb;
let admin: Actor;
let ctx: Ctx;
let worker: number;
const view = () => requirePermission(admin, 'salary.view');
const upd = () => requirePermission(admin, 'salary.update');

beforeAll(async () => {
  const world = await payrollWorld('2026-12-05T03:00:00Z');
  ({ tdb, admin, ctx } = world);
  const { org } = world;
  worker = await makeEmployee(tdb.db, org, { dept: 0 }, 'Piece Worker');
  await tdb.db.updateTable('employees').set({ entry_date: '2026-01-01', contract_type: 3 }).where('id', '=', worker).execute();
  await addContract(tdb.db, worker, 150_000, { number: 'HL-1', type: 3, start: '2026-01-01', end: '2026-12-31' });
});
afterAll(async () => {
  await tdb?.destroy();
});

describe('piece work entries', () => {
  it('are paid by the run as units × rate lines with daily TER, and lock once the period is finalised', async () => {
    const a = await createPieceEntry(ctx, upd(), {
      employeeId: worker,
      period: '2026-11',
      description: 'Cartons packed',
      units: '1200',
      rate: '2500',
    });
    expect(a).toMatchObject({ units: '1200.00', rate: '2500', amount: '3000000', employeeName: 'Piece Worker' });
    const b = await createPieceEntry(ctx, upd(), {
      employeeId: worker,
      period: '2026-11',
      description: 'Pallets',
      units: 12.5,
      rate: '10001',
    });
    expect(b.amount).toBe('125013');
    const bad = (await createPieceEntry(ctx, upd(), {
      employeeId: worker,
      period: '2026-11',
      description: '',
      units: '0',
      rate: '-1',
    }).catch((e: unknown) => e)) as { issues: { path: string[] }[] };
    expect(bad.issues.map((i) => i.path.join('.')).sort()).toEqual(['description', 'rate', 'units']);
    expect((await listPieceEntries(ctx, view(), { employeeId: worker })).total).toBe(2);

    const g = await generatePayroll(ctx, upd(), { period: '2026-11' });
    const slip = await storedPayslip(tdb.db, g.runId, worker);
    const p = await getPayslip(ctx, view(), { id: slip.id });
    const amount = (code: string) => Number(p.lines.find((l) => l.code === code)?.amount);
    expect(amount('piece-1')).toBe(3_000_000);
    expect(amount('piece-2')).toBe(125_013);
    expect(p.lines.find((l) => l.code === 'pph21')?.name).toBe('PPh 21 (daily TER)');
    expect(JSON.stringify(p.lines.find((l) => l.code === 'piece-1')?.trace)).toContain('round half up(units × rate)');
    expect(Number(p.net)).toBe(Number(p.gross) - Number(p.totalDeductions));

    await finalisePayroll(ctx, upd(), { id: g.runId });
    const locked = await failure(
      createPieceEntry(ctx, upd(), { employeeId: worker, period: '2026-11', description: 'Late', units: '1', rate: '1000' }),
    );
    expect(locked).toMatchObject({ code: 'CONFLICT', message: 'Payroll for 2026-11 is finalised and locked' });
    expect(await failure(deletePieceEntry(ctx, upd(), { id: a.id }))).toMatchObject({ code: 'CONFLICT' });
    const dec = await createPieceEntry(ctx, upd(), {
      employeeId: worker,
      period: '2026-12',
      description: 'Cartons',
      units: '10',
      rate: '2500',
    });
    expect(await deletePieceEntry(ctx, upd(), { id: dec.id })).toEqual({ id: dec.id });
    expect(await failure(deletePieceEntry(ctx, upd(), { id: dec.id }))).toMatchObject({ code: 'NOT_FOUND' });
  });
});

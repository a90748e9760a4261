import { describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { makeEmployee } from '../testing/fixtures';
import { failure } from '../testing/expect';
import { auditTrail } from '../testing/audit';
import { orgManager, useOrgTestDb } from '../testing/org-fixtures';
import { REFERENCE_KINDS } from './schema';
import { createReference, deleteReference, findReference, lookupReference, updateReference } from './service';

const t = useOrgTestDb(orgManager(['human-capital']));

describe('reference data', () => {
  it('every kind lists, paginated', async () => {
    for (const kind of REFERENCE_KINDS) {
      const page = await findReference(t.ctx, t.view, kind, { pageSize: 2 });
      expect(page.page).toBe(1);
      expect(page.rows.length).toBeLessThanOrEqual(2);
    }
    // Seeded by the migration: the PPh 21 brackets of UU HPP, in rupiah.
    const pkp = await lookupReference(t.ctx, t.view, 'pkp');
    expect(pkp[0]).toEqual({
      id: expect.any(Number),
      name: 'Layer 1 (5%)',
      lowerBound: '0',
      upperBound: '60000000',
      rateBp: 500,
    });
    expect(pkp.at(-1)).toMatchObject({ lowerBound: '5000000000', upperBound: null, rateBp: 3500 });
  });

  it('banks: create, search by code, update, duplicate code is a CONFLICT on the field, delete; all audited', async () => {
    const bank = await createReference(t.ctx, t.manage, 'bank', { name: 'Bank Jago', code: '542' });
    expect(bank).toEqual({ id: expect.any(Number), name: 'Bank Jago', code: '542' });
    expect((await findReference(t.ctx, t.view, 'bank', { search: '542' })).rows).toEqual([bank]);
    const e = await failure(createReference(t.ctx, t.manage, 'bank', { name: 'Other', code: '014' }));
    expect(e.code).toBe('CONFLICT');
    expect(e.message).toBe('Bank code 014 is already used');
    expect(e.fields).toEqual([{ param: 'code', msg: 'is already used' }]);
    const n = await failure(createReference(t.ctx, t.manage, 'bank', { name: 'bank jago' }));
    expect(n.message).toBe('Bank bank jago already exists');
    expect(await updateReference(t.ctx, t.manage, 'bank', { id: bank.id, name: 'Bank Jago Syariah' })).toEqual({
      ...bank,
      name: 'Bank Jago Syariah',
    });
    await deleteReference(t.ctx, t.manage, 'bank', { id: bank.id });
    const audit = await auditTrail(t.db, 'bank', bank.id);
    expect(audit.map((a) => a.action)).toEqual(['bank.create', 'bank.update', 'bank.delete']);
    expect(audit[1]).toMatchObject({ before: { name: 'Bank Jago' }, after: { name: 'Bank Jago Syariah' } });
  });

  it('a religion, bank or PTKP still in use cannot be deleted, and the message says by whom', async () => {
    const emp = await makeEmployee(t.db, t.org, { dept: 0 });
    const islam = (await lookupReference(t.ctx, t.view, 'religion')).find((r) => r.name === 'Islam')!;
    await t.db.updateTable('employees').set({ religion_id: islam.id, ptkp_status_id: 1 }).where('id', '=', emp).execute();
    const used = await t.db
      .selectFrom('employees')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('religion_id', '=', islam.id)
      .executeTakeFirstOrThrow();
    const e = await failure(deleteReference(t.ctx, t.manage, 'religion', { id: islam.id }));
    expect(e.code).toBe('CONFLICT');
    expect(e.message).toBe(`Religion Islam is used by ${Number(used.n)} employee${Number(used.n) === 1 ? '' : 's'}`);
    const p = await failure(deleteReference(t.ctx, t.manage, 'ptkp', { id: 1 }));
    expect(p.message).toMatch(/^PTKP status TK\/0 .* is used by \d+ employees?$/);
  });

  it('marital statuses (spec ids 1–5): names editable, no create or delete', async () => {
    const r = await updateReference(t.ctx, t.manage, 'maritalStatus', { id: 5, name: 'Single' });
    expect(r).toEqual({ id: 5, name: 'Single' });
    expect((await failure(createReference(t.ctx, t.manage, 'maritalStatus', { name: 'Engaged' }))).code).toBe(
      'PRECONDITION_FAILED',
    );
    expect((await failure(deleteReference(t.ctx, t.manage, 'maritalStatus', { id: 5 }))).code).toBe('PRECONDITION_FAILED');
    expect((await findReference(t.ctx, t.view, 'maritalStatus', {})).rows.map((m) => m.id)).toEqual([1, 2, 3, 4, 5]);
  });

  it('PTKP carries its yearly amount in integer rupiah; PKP brackets check their bounds', async () => {
    const ptkp = await createReference(t.ctx, t.manage, 'ptkp', {
      name: 'K/I/0 - Kawin, penghasilan istri digabung',
      code: 'k/i/0',
      yearlyAmount: 112_500_000,
    });
    expect(ptkp).toMatchObject({ code: 'K/I/0', yearlyAmount: '112500000' });
    const upd = await updateReference(t.ctx, t.manage, 'ptkp', { id: ptkp.id, yearlyAmount: '117000000' });
    expect(upd.yearlyAmount).toBe('117000000');
    const bad = await createReference(t.ctx, t.manage, 'ptkp', { name: 'X', code: 'X', yearlyAmount: 1.5 }).catch(
      (e: unknown) => e,
    );
    expect(bad).toBeInstanceOf(ZodError);
    expect((bad as ZodError).issues[0]?.path).toEqual(['yearlyAmount']);

    const second = await createReference(t.ctx, t.manage, 'pkpSecond', {
      name: 'Flat',
      lowerBound: 0,
      upperBound: '',
      rateBp: 250,
    });
    expect(second).toMatchObject({ lowerBound: '0', upperBound: null, rateBp: 250 });
    const wrong = await createReference(t.ctx, t.manage, 'pkpSecond', {
      name: 'Bad',
      lowerBound: 100,
      upperBound: 50,
      rateBp: 1,
    }).catch((e: unknown) => e);
    expect((wrong as ZodError).issues.map((i) => i.path.join('.'))).toEqual(['upperBound']);
    // Bounds that are not whole rupiah are reported on their field, never thrown.
    const odd = await createReference(t.ctx, t.manage, 'pkpSecond', {
      name: 'Odd',
      lowerBound: '\u200f',
      upperBound: 'Infinity',
      rateBp: 1,
    }).catch((e: unknown) => e);
    expect((odd as ZodError).issues.map((i) => i.path.join('.'))).toEqual(['lowerBound', 'upperBound']);
    // The merged record is checked on update too.
    const u = await failure(updateReference(t.ctx, t.manage, 'pkpSecond', { id: second.id, lowerBound: 10, upperBound: 5 }));
    expect(u.fields).toEqual([{ param: 'upperBound', msg: 'must be more than the lower bound' }]);
  });

  it('companies, second companies, countries and fingerspot types', async () => {
    const c = await createReference(t.ctx, t.manage, 'company', {
      name: 'PT Nusantara Demo Sejahtera',
      code: 'nds',
      address: 'Jakarta',
    });
    expect(c).toMatchObject({ code: 'NDS', address: 'Jakarta' });
    const s = await createReference(t.ctx, t.manage, 'companySecond', { name: 'PT Nusantara Demo Sejahtera', code: 'NDS' });
    expect(s.address).toBeNull();
    expect(await updateReference(t.ctx, t.manage, 'company', { id: c.id, address: '' })).toMatchObject({
      address: null,
      code: 'NDS',
    });
    const country = await createReference(t.ctx, t.manage, 'country', { name: 'Thailand', code: 'th' });
    expect(country.code).toBe('TH');
    const type = await createReference(t.ctx, t.manage, 'fingerspotType', { name: 'Revo W-202BNC' });
    expect((await lookupReference(t.ctx, t.view, 'fingerspotType')).map((x) => x.id)).toContain(type.id);
    await deleteReference(t.ctx, t.manage, 'fingerspotType', { id: type.id });
    expect((await failure(deleteReference(t.ctx, t.manage, 'fingerspotType', { id: type.id }))).code).toBe('NOT_FOUND');
  });
});

import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../access/actor';
import { requirePermission } from '../access/grant';
import { actorForUser } from '../auth/service';
import { useDbEnv } from '../testing/db-env';
import { failure } from '../testing/expect';
import { makeUser } from '../testing/fixtures';
import { insertPermissionGrant } from '../testing/grants';
import { findCompanyOffices, updateCompanyOffice } from '../org/index';
import { haversineMetres } from './rules';
import {
  addAllowedOffice,
  clockMobile,
  createGeofence,
  decideMobilePunch,
  listMobilePunches,
  mobileSelfie,
  myMobileStatus,
  purgeExpiredSelfies,
  saveMobileSettings,
} from './service';

// Fixed "now": Friday 20 Nov 2026, 08:00 in Jakarta.
let now = new Date('2026-11-20T01:00:00Z');
const { env, actor, ctx } = useDbEnv({ clock: () => now });

/** Monas, Jakarta: the test office's fence centre (100 m radius). */
const OFFICE = { latitude: -6.175392, longitude: 106.827153 };
/** About 55 m north of the centre: inside. */
const INSIDE = { latitude: -6.174898, longitude: 106.827153 };
/** About 1.1 km north: outside. */
const OUTSIDE = { latitude: -6.165392, longitude: 106.827153 };
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]).toString('base64');

let hc: Actor;
/** An employee of department 0 whose job position was granted attendance.mobile. */
let worker: Actor;
/** A supervisor of department 1: sees and decides department 1 only. */
let sup1: Actor;

const mobile = (a: Actor) => requirePermission(a, 'attendance.mobile');
const clock = (a: Actor, over: Partial<Parameters<typeof clockMobile>[2]> = {}) =>
  clockMobile(ctx(a), mobile(a), {
    clientId: randomUUID(),
    kind: 'in',
    ...INSIDE,
    accuracyM: 12,
    takenAt: now.toISOString(),
    offline: false,
    selfie: { contentType: 'image/jpeg', contentBase64: JPEG },
    ...over,
  });
const punchesOf = async (employeeId: number) =>
  (
    await sql<{ source: string; local_time: string; state: number }>`
      select source, to_char(local_time, 'YYYY-MM-DD"T"HH24:MI:SS') as local_time, state from punches
      where employee_id = ${employeeId} order by local_time`.execute(env.db)
  ).rows;

beforeAll(async () => {
  hc = await actor(['human-capital'], 0);
  sup1 = await actor(['supervisor'], 1);
  // The permission is granted to a job position (approved), as HR does on the permissions screen.
  const job = await env.db
    .insertInto('job_positions')
    .values({
      name: 'Field sales',
      company_office_id: env.org.officeId,
      department_id: env.org.dept[0],
      division_id: null,
      section_id: null,
      job_level_id: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const u = await makeUser(env.services, env.org, ['employee'], { dept: 0 });
  await env.db.updateTable('employees').set({ job_position_id: job.id }).where('id', '=', u.employeeId!).execute();
  await insertPermissionGrant(env.db, { type: 'job_position', id: job.id }, 'attendance.mobile', hc.userId, {
    status: 1,
    decided_by: hc.userId,
    decided_at: now,
  });
  worker = (await actorForUser(env.db, u.userId, 'user'))!;
  await createGeofence(ctx(hc), requirePermission(hc, 'attendance.manage'), {
    companyOfficeId: env.org.officeId,
    name: 'Head office',
    ...OFFICE,
    radiusM: 100,
  });
});

describe('haversine', () => {
  it('gives whole metres: Jakarta to Bandung is about 120 km, a point to itself 0', () => {
    expect(haversineMetres(OFFICE, OFFICE)).toBe(0);
    const d = haversineMetres(OFFICE, { latitude: -6.917464, longitude: 107.619125 });
    expect(Number.isInteger(d)).toBe(true);
    expect(d).toBeGreaterThan(115_000);
    expect(d).toBeLessThan(125_000);
    expect(haversineMetres(OFFICE, INSIDE)).toBe(55);
  });
});

describe('clocking in from the phone', () => {
  it('is only for those granted attendance.mobile (per job position here)', () => {
    expect(worker.permissions.has('attendance.mobile')).toBe(true);
    expect(() => requirePermission(sup1, 'attendance.mobile')).toThrow(/permission/);
  });

  it('inside the fence: accepted and a `mobile` punch enters the pipeline at the server time', async () => {
    const r = await clock(worker, { takenAt: '2026-11-20T00:30:00Z' });
    expect(r).toMatchObject({
      status: 'accepted',
      inside: true,
      distanceM: 55,
      fence: 'Head office',
      localTime: '2026-11-20T08:00:00',
    });
    expect(await punchesOf(worker.employeeId!)).toEqual([{ source: 'mobile', local_time: '2026-11-20T08:00:00', state: 0 }]);
    const status = await myMobileStatus(ctx(worker), mobile(worker));
    expect(status.fences.map((f) => f.name)).toEqual(['Head office']);
    expect(status.today).toHaveLength(1);
  });

  it('an office in another time zone records its own wall time (WITA: 09:00 when Jakarta says 08:00)', async () => {
    const admin = await actor(['superadmin'], 0);
    const manage = requirePermission(admin, 'org.manage');
    await expect(updateCompanyOffice(ctx(admin), manage, { id: env.org.officeId, timeZone: 'Asia/Makasar' })).rejects.toThrow(
      /must be an IANA time zone/,
    );
    await updateCompanyOffice(ctx(admin), manage, { id: env.org.officeId, timeZone: 'Asia/Makassar' });
    // The day before the other tests' day, so that their lists of the 20th stay as they are.
    const saved = now;
    now = new Date('2026-11-19T01:00:00Z');
    try {
      const listed = await findCompanyOffices(ctx(admin), requirePermission(admin, 'org.view'), {});
      expect(listed.rows.find((o) => o.id === env.org.officeId)?.timeZone).toBe('Asia/Makassar');
      const r = await clock(worker, { kind: 'out' });
      expect(r.localTime).toBe('2026-11-19T09:00:00');
      await updateCompanyOffice(ctx(admin), manage, { id: env.org.officeId, timeZone: null });
      const back = await clock(worker, { kind: 'out' });
      expect(back.localTime).toBe('2026-11-19T08:00:00');
    } finally {
      now = saved;
      await updateCompanyOffice(ctx(admin), manage, { id: env.org.officeId, timeZone: null });
    }
  });

  it('outside the fence with the refuse policy: refused with the distance, nothing stored', async () => {
    const before = (await punchesOf(worker.employeeId!)).length;
    const e = await failure(clock(worker, { ...OUTSIDE }));
    expect(e.code).toBe('VALIDATION');
    expect(e.message).toMatch(/outside the attendance area: 1112 m from Head office \(Test Office\), which allows 100 m/);
    expect(await punchesOf(worker.employeeId!)).toHaveLength(before);
  });

  it('outside with needs-approval: kept pending, not a punch until approved', async () => {
    await saveMobileSettings(ctx(hc), requirePermission(hc, 'attendance.manage'), {
      outsidePolicy: 'needs-approval',
      maxAccuracyM: 150,
      selfieRetentionDays: 30,
    });
    now = new Date('2026-11-20T01:05:00Z');
    const before = (await punchesOf(worker.employeeId!)).length;
    const r = await clock(worker, { ...OUTSIDE, kind: 'out' });
    expect(r).toMatchObject({ status: 'pending', inside: false });
    expect(await punchesOf(worker.employeeId!)).toHaveLength(before);
  });

  it("an office allowed to the worker's job position counts besides their own", async () => {
    const bandung = await env.db
      .insertInto('company_offices')
      .values({ code: 'BDG', name: 'Bandung', address: null, city: 'Bandung' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const manage = requirePermission(hc, 'attendance.manage');
    await createGeofence(ctx(hc), manage, {
      companyOfficeId: bandung.id,
      name: 'Bandung site',
      latitude: -6.917464,
      longitude: 107.619125,
      radiusM: 200,
    });
    const job = await env.db
      .selectFrom('employees')
      .select('job_position_id')
      .where('id', '=', worker.employeeId!)
      .executeTakeFirstOrThrow();
    const there = { latitude: -6.9175, longitude: 107.6191 };
    // Not allowed yet: nearest is the head office, 120 km away (kept for approval under this policy).
    expect((await clock(worker, { ...there, kind: 'out' })).status).toBe('pending');
    await addAllowedOffice(ctx(hc), manage, {
      subjectType: 'job_position',
      subjectId: job.job_position_id!,
      companyOfficeId: bandung.id,
    });
    now = new Date('2026-11-20T01:02:00Z');
    expect(await clock(worker, there)).toMatchObject({ status: 'accepted', fence: 'Bandung site', companyOffice: 'Bandung' });
    expect((await myMobileStatus(ctx(worker), mobile(worker))).fences.map((f) => f.name).sort()).toEqual([
      'Bandung site',
      'Head office',
    ]);
  });

  it('refuses hostile input with clear messages', async () => {
    await expect(clock(worker, { latitude: 123 })).rejects.toThrow(/must be between -90 and 90/);
    await expect(clock(worker, { clientId: 'x' })).rejects.toThrow(/must be a UUID/);
    const png = await failure(clock(worker, { selfie: { contentType: 'image/png', contentBase64: JPEG } }));
    expect(png.message).toBe('The selfie is not a real image');
    const vague = await failure(clock(worker, { accuracyM: 900 }));
    expect(vague.message).toMatch(/too imprecise \(±900 m; at most ±150 m\)/);
    const ahead = await failure(clock(worker, { offline: true, takenAt: '2026-11-20T02:00:00Z' }));
    expect(ahead.fields[0]?.param).toBe('takenAt');
    await expect(clock(worker, { selfie: { contentType: 'image/jpeg', contentBase64: 'A'.repeat(600_000) } })).rejects.toThrow(
      /must be at most 400 KB/,
    );
  });

  it('an offline clock-in keeps the time it was taken, is flagged, and a retry is stored once', async () => {
    now = new Date('2026-11-20T09:00:00Z'); // 16:00 WIB, back online
    const clientId = randomUUID();
    const taken = '2026-11-20T08:30:00Z'; // 15:30 WIB, no signal
    const first = await clock(worker, { clientId, kind: 'out', offline: true, takenAt: taken });
    expect(first).toMatchObject({ status: 'accepted', offline: true, localTime: '2026-11-20T15:30:00', duplicate: false });
    const again = await clock(worker, { clientId, kind: 'out', offline: true, takenAt: taken });
    expect(again).toMatchObject({ localTime: '2026-11-20T15:30:00', duplicate: true });
    expect(
      (await clock(worker, { clientId: clientId.toUpperCase(), kind: 'out', offline: true, takenAt: taken })).duplicate,
    ).toBe(true);
    // Two sends of one queued clock-in racing each other (the phone retried while the first was in flight).
    const racing = randomUUID();
    const pair = await Promise.all(
      [0, 1].map(() => clock(worker, { clientId: racing, offline: true, takenAt: '2026-11-20T08:45:00Z' })),
    );
    expect(pair.map((r) => r.duplicate).sort()).toEqual([false, true]);
    const stored = await sql<{
      n: number;
    }>`select count(*)::int as n from mobile_punches where client_id = ${clientId}::uuid`.execute(env.db);
    expect(stored.rows[0]?.n).toBe(1);
    const raced = await sql<{
      n: number;
    }>`select count(*)::int as n from mobile_punches where client_id = ${racing}::uuid`.execute(env.db);
    expect(raced.rows[0]?.n).toBe(1);
    expect((await punchesOf(worker.employeeId!)).filter((p) => p.local_time === '2026-11-20T15:30:00')).toEqual([
      { source: 'mobile', local_time: '2026-11-20T15:30:00', state: 1 },
    ]);
  });
});

describe('the manager side', () => {
  it("lists today's punches in scope only; another department's punch and selfie are NOT_FOUND", async () => {
    const view = requirePermission(hc, 'attendance.view');
    const all = await listMobilePunches(ctx(hc), view, { date: '2026-11-20' });
    expect(all.rows.map((r) => r.status).sort()).toEqual(['accepted', 'accepted', 'accepted', 'accepted', 'pending', 'pending']);
    expect(all.fences.map((f) => f.name).sort()).toEqual(['Bandung site', 'Head office']);
    const pending = all.rows.find((r) => r.status === 'pending')!;
    expect(pending.hasSelfie).toBe(true);
    expect((await mobileSelfie(ctx(hc), view, { id: pending.id })).contentType).toBe('image/jpeg');

    const supView = requirePermission(sup1, 'attendance.view');
    expect((await listMobilePunches(ctx(sup1), supView, { date: '2026-11-20' })).rows).toEqual([]);
    expect((await failure(mobileSelfie(ctx(sup1), supView, { id: pending.id }))).code).toBe('NOT_FOUND');
    const e = await failure(
      decideMobilePunch(ctx(sup1), requirePermission(sup1, 'attendance.approve'), { id: pending.id, decision: 'approve' }),
    );
    expect(e.code).toBe('NOT_FOUND');
  });

  it('two approvals at once: one succeeds, the other is told; the approved punch enters the pipeline once', async () => {
    const hc2 = await actor(['human-capital'], 1);
    const view = requirePermission(hc, 'attendance.view');
    const pending = (await listMobilePunches(ctx(hc), view, { date: '2026-11-20', status: 'pending' })).rows[0]!;
    const results = await Promise.allSettled([
      decideMobilePunch(ctx(hc), requirePermission(hc, 'attendance.approve'), { id: pending.id, decision: 'approve' }),
      decideMobilePunch(ctx(hc2), requirePermission(hc2, 'attendance.approve'), { id: pending.id, decision: 'reject' }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason.code).toBe('CONFLICT');
    const winner = (results.find((r) => r.status === 'fulfilled') as PromiseFulfilledResult<{ status: string }>).value.status;
    const outs = (await punchesOf(worker.employeeId!)).filter((p) => p.local_time === '2026-11-20T08:05:00' && p.state === 1);
    expect(outs).toHaveLength(winner === 'approved' ? 1 : 0);
  });

  it('nobody decides their own punch', async () => {
    await addAllowedOffice(ctx(hc), requirePermission(hc, 'attendance.manage'), {
      subjectType: 'employee',
      subjectId: hc.employeeId!,
      companyOfficeId: env.org.officeId,
    });
    const own = await clock(hc, { ...OUTSIDE });
    expect(own.status).toBe('pending');
    const row = (await listMobilePunches(ctx(hc), requirePermission(hc, 'attendance.view'), { status: 'pending' })).rows.find(
      (r) => r.employeeId === hc.employeeId,
    )!;
    const e = await failure(
      decideMobilePunch(ctx(hc), requirePermission(hc, 'attendance.approve'), { id: row.id, decision: 'approve' }),
    );
    expect(e.code).toBe('FORBIDDEN');
  });

  it('the retention purge drops selfies older than the setting and keeps the punches', async () => {
    now = new Date('2026-12-25T01:00:00Z'); // 35 days later; retention is 30 days
    const count = await sql<{ n: number }>`select count(*)::int as n from mobile_punches`.execute(env.db);
    expect(await purgeExpiredSelfies(env.services.ctx(null))).toBe(count.rows[0]!.n);
    const view = requirePermission(hc, 'attendance.view');
    const rows = (await listMobilePunches(ctx(hc), view, { date: '2026-11-20' })).rows;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => !r.hasSelfie)).toBe(true);
    expect((await failure(mobileSelfie(ctx(hc), view, { id: rows[0]!.id }))).message).toMatch(/retention/);
  });
});

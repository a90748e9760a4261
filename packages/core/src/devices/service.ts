import ExcelJS from 'exceljs';
import { type Selectable, sql } from 'kysely';
import { audit } from '../audit/index';
import type { Database } from '../db/database';
import type { Grant } from '../access/index';
import { type Ctx, type Db, inTransaction } from '../shared/context';
import { dbWrite } from '../shared/db-errors';
import { AppError, invalid, notFound } from '../shared/errors';
import { countWhere, likePattern } from '../shared/sql';
import { pageLimit, windowedPage } from '../shared/page';
import { punchPage } from '../attendance/index';
import { listRefusals } from './refusals';
import type { Page, In } from '../shared/zod';
import {
  createDeviceInput,
  createHotspotInput,
  type DeviceDetail,
  type DeviceRow,
  deviceIdInput,
  type HotspotRow,
  hotspotIdInput,
  listDevicesInput,
  listHotspotsInput,
  type PinSummary,
  SCANLOG_EXCEL_LIMIT,
  SKEW_WARNING_MS,
  type ScanLogExcel,
  type ScanRow,
  scanLogExcelInput,
  scanLogInput,
  updateDeviceInput,
  updateHotspotInput,
} from './schema';
import { employeeName } from '../shared/employee-sql';
import { addHeaderSheet, xlsxDownload } from '../shared/xlsx';
import { dateInZone } from '../shared/time-zone';

type Dev = Grant<'developer.access'>;

const num = (v: string | number | null | undefined): number | null => (v === null || v === undefined ? null : Number(v));

// ---------------------------------------------------------------------------------------------
// Agent reports (last seen, clock skew)

export interface AgentReport {
  /** The agent's name as it sends it with each batch. */
  agent: string;
  /** The terminal's serial (the `deviceSerial` of the punches). */
  serial: string;
  /** Terminal clock minus true time, as measured by the agent at its last poll; null: unknown. */
  skewMs: number | null;
  /** When the report arrived (ctx.clock()). */
  at: Date;
  /** Punches in this report (counted, not stored here). */
  punches?: number;
}

/**
 * Records that an agent reported a terminal: last seen, clock skew, and running counts. Keyed by
 * serial, so a report for a terminal not registered yet is kept and shows once it is. Call it
 * from the ingest once per distinct `deviceSerial` of a batch, inside or outside the batch's
 * transaction; an older report never overwrites a newer one.
 */
export async function recordAgentReport(db: Db, r: AgentReport): Promise<void> {
  const serial = r.serial.trim().slice(0, 64);
  if (!serial) return;
  const skew = r.skewMs === null || !Number.isFinite(r.skewMs) ? null : Math.round(r.skewMs);
  const punches = Math.max(0, Math.trunc(r.punches ?? 0));
  const agent = r.agent.trim().slice(0, 200) || null;
  await sql`
    insert into device_status (device_serial, agent, last_seen_at, skew_ms, reports, punches_received)
    values (${serial}, ${agent}, ${r.at.toISOString()}::timestamptz, ${skew}, 1, ${punches})
    on conflict (device_serial) do update set
      agent = case when excluded.last_seen_at >= device_status.last_seen_at then excluded.agent else device_status.agent end,
      skew_ms = case when excluded.last_seen_at >= device_status.last_seen_at then coalesce(excluded.skew_ms, device_status.skew_ms)
        else device_status.skew_ms end,
      last_seen_at = greatest(device_status.last_seen_at, excluded.last_seen_at),
      reports = device_status.reports + 1,
      punches_received = device_status.punches_received + excluded.punches_received`.execute(db);
}

/**
 * The same for a whole ingest batch: one report per distinct terminal serial in `punches`,
 * with the batch's `clockSkewMs` (the agent sends one terminal per batch).
 */
export async function recordIngestBatch(
  db: Db,
  batch: { agent: string; clockSkewMs: number | null; punches: readonly { deviceSerial: string }[] },
  at: Date,
): Promise<void> {
  const counts = new Map<string, number>();
  for (const p of batch.punches) {
    const s = typeof p.deviceSerial === 'string' ? p.deviceSerial.trim() : '';
    if (s) counts.set(s, (counts.get(s) ?? 0) + 1);
  }
  for (const [serial, n] of counts) {
    await recordAgentReport(db, { agent: batch.agent, serial, skewMs: batch.clockSkewMs, at, punches: n });
  }
}

// ---------------------------------------------------------------------------------------------
// Device registry

const deviceSelect = sql`
  d.id, d.name, d.driver, d.address, d.port, d.serial, d.company_office_id as "companyOfficeId",
  o.name as "companyOffice", d.time_zone as "timeZone", (d.comm_key is not null) as "hasCommKey",
  d.comm_key as "commKey", d.active, d.cloud_id as "cloudId",
  to_char(d.cloud_secret_set_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "cloudSecretSetAt",
  to_char(s.last_seen_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "lastSeenAt",
  s.skew_ms as "skewMs", s.agent, s.reports, s.punches_received as "punchesReceived"`;

/** A `deviceSelect` row: a list row's registry fields (skew as text), the secrets' state and the agents' report. */
type DeviceSql = Omit<DeviceRow, 'skewMs' | 'punches'> & {
  commKey: number | null;
  cloudId: string | null;
  cloudSecretSetAt: string | null;
  skewMs: string | null;
  agent: string | null;
  reports: string | null;
  punchesReceived: string | null;
};

/** The fields a list row and the detail share, from a `deviceSelect` row. */
function deviceRowFields(d: DeviceSql): Omit<DeviceRow, 'punches'> {
  return {
    id: d.id,
    name: d.name,
    driver: d.driver,
    address: d.address,
    port: d.port,
    serial: d.serial,
    companyOfficeId: d.companyOfficeId,
    companyOffice: d.companyOffice,
    timeZone: d.timeZone,
    hasCommKey: d.hasCommKey,
    active: d.active,
    lastSeenAt: d.lastSeenAt,
    skewMs: num(d.skewMs),
  };
}

/** Terminals (paginated; search by name, serial or address) with last seen, skew and punch count. */
export async function listDevices(ctx: Ctx, _grant: Dev, raw: In<typeof listDevicesInput>): Promise<Page<DeviceRow>> {
  const input = listDevicesInput.parse(raw);
  const conds = [sql<boolean>`true`];
  if (input.search) {
    const like = likePattern(input.search);
    conds.push(sql<boolean>`(d.name ilike ${like} or d.serial ilike ${like} or d.address ilike ${like})`);
  }
  if (input.companyOfficeId) conds.push(sql<boolean>`d.company_office_id = ${input.companyOfficeId}`);
  if (input.driver) conds.push(sql<boolean>`d.driver = ${input.driver}`);
  const where = sql.join(conds, sql` and `);
  const r = await sql<DeviceSql & { punches: number; total: number }>`
    select ${deviceSelect},
      (select count(*)::int from punches p where p.device_serial = d.serial) as punches,
      (count(*) over ())::int as total
    from fingerspot_devices d
    left join company_offices o on o.id = d.company_office_id
    left join device_status s on s.device_serial = d.serial
    where ${where}
    order by lower(d.name), d.id
    ${pageLimit(input)}`.execute(ctx.db);
  return windowedPage(
    r.rows,
    input,
    () => countWhere(ctx.db, sql`fingerspot_devices d`, where),
    (d) => ({ ...deviceRowFields(d), punches: d.punches }),
  );
}

const scanSelect = sql`
  p.id::text as id, p.pin, to_char(p.local_time, 'YYYY-MM-DD"T"HH24:MI:SS') as "localTime", p.state,
  p.verify_type as "verifyType", p.agent,
  to_char(p.received_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "receivedAt",
  p.employee_id as "employeeId", nullif(${employeeName}, '') as "employeeName",
  e.employee_number as "employeeNumber", p.outside_network as "outsideNetwork", host(p.ingest_ip) as "ingestIp"`;

async function pinSummaries(db: Db, serial: string, mapped: boolean): Promise<PinSummary[]> {
  const r = await sql<PinSummary>`
    select p.pin, count(*)::int as punches,
      to_char(min(p.local_time), 'YYYY-MM-DD"T"HH24:MI:SS') as "firstPunch",
      to_char(max(p.local_time), 'YYYY-MM-DD"T"HH24:MI:SS') as "lastPunch",
      p.employee_id as "employeeId", nullif(${employeeName}, '') as "employeeName",
      e.employee_number as "employeeNumber"
    from punches p left join employees e on e.id = p.employee_id
    where p.device_serial = ${serial} and p.employee_id is ${mapped ? sql`not null` : sql`null`}
    group by p.pin, p.employee_id, e.given_name, e.surname, e.employee_number
    order by max(p.local_time) desc, p.pin
    limit 200`.execute(db);
  return r.rows;
}

/**
 * One terminal: its registration, what agents last reported (last seen, clock skew), log counts,
 * the 20 newest scans, and its PINs: mapped to an employee or not (unknown PINs are kept).
 */
export async function getDevice(ctx: Ctx, _grant: Dev, raw: In<typeof deviceIdInput>): Promise<DeviceDetail> {
  const { id } = deviceIdInput.parse(raw);
  const d = (
    await sql<DeviceSql>`
      select ${deviceSelect}
      from fingerspot_devices d
      left join company_offices o on o.id = d.company_office_id
      left join device_status s on s.device_serial = d.serial
      where d.id = ${id}`.execute(ctx.db)
  ).rows[0];
  if (!d) throw notFound('Fingerprint device');
  const today = dateInZone(ctx.clock(), d.timeZone);
  const counts = (
    await sql<DeviceDetail['logCounts']>`
      select count(*)::int as total, count(employee_id)::int as mapped,
        (count(*) - count(employee_id))::int as unmapped,
        (count(*) filter (where local_time >= ${today}::date and local_time < ${today}::date + 1))::int as today,
        to_char(max(local_time), 'YYYY-MM-DD"T"HH24:MI:SS') as "lastPunch",
        (count(*) filter (where outside_network))::int as "outsideNetwork"
      from punches where device_serial = ${d.serial}`.execute(ctx.db)
  ).rows[0] ?? { total: 0, mapped: 0, unmapped: 0, today: 0, lastPunch: null, outsideNetwork: 0 };
  const recent = await sql<ScanRow>`
    select ${scanSelect}
    from punches p left join employees e on e.id = p.employee_id
    where p.device_serial = ${d.serial}
    order by p.local_time desc, p.id desc
    limit 20`.execute(ctx.db);
  const registry = deviceRowFields(d);
  const { skewMs } = registry;
  return {
    ...registry,
    commKey: d.commKey,
    status: {
      lastSeenAt: d.lastSeenAt,
      skewMs,
      agent: d.agent,
      reports: Number(d.reports ?? 0),
      punchesReceived: Number(d.punchesReceived ?? 0),
    },
    skewWarning: skewMs !== null && Math.abs(skewMs) > SKEW_WARNING_MS,
    logCounts: counts,
    recentScans: recent.rows,
    cloudId: d.cloudId,
    cloudSecretSetAt: d.cloudSecretSetAt,
    refusals: await listRefusals(ctx.db, d.serial),
    mappedPins: await pinSummaries(ctx.db, d.serial, true),
    unmappedPins: await pinSummaries(ctx.db, d.serial, false),
  };
}

const deviceUnique = (serial: string, name: string) => ({
  fingerspot_devices_serial_uq: () =>
    new AppError('CONFLICT', `A terminal with serial ${serial} is already registered`, {
      fields: [{ param: 'serial', msg: 'is already used' }],
    }),
  fingerspot_devices_name_uq: () =>
    new AppError('CONFLICT', `A terminal named ${name} already exists`, { fields: [{ param: 'name', msg: 'is already used' }] }),
  fingerspot_devices_cloud_id_uq: () =>
    new AppError('CONFLICT', 'Another terminal is registered with this cloud id', {
      fields: [{ param: 'cloudId', msg: 'is already used' }],
    }),
});

async function officeExists(db: Db, officeId: number | null | undefined): Promise<void> {
  if (!officeId) return;
  const o = await db.selectFrom('company_offices').select('id').where('id', '=', officeId).executeTakeFirst();
  if (!o) throw invalid([{ param: 'companyOfficeId', msg: 'Company office not found' }]);
}

/** Audit form of a device row: the comm key is a password, so only whether one is set. */
function auditDevice(row: Selectable<Database['fingerspot_devices']>) {
  const { comm_key, cloud_secret_hash: _secret, ...rest } = row;
  return {
    id: rest.id,
    name: rest.name,
    driver: rest.driver,
    address: rest.address,
    port: rest.port,
    serial: rest.serial,
    companyOfficeId: rest.company_office_id,
    timeZone: rest.time_zone,
    commKeySet: comm_key !== null,
    cloudId: rest.cloud_id,
    active: rest.active,
  };
}

export async function createDevice(ctx: Ctx, _grant: Dev, raw: In<typeof createDeviceInput>) {
  const input = createDeviceInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    await officeExists(trx, input.companyOfficeId);
    const row = await dbWrite(
      () =>
        trx
          .insertInto('fingerspot_devices')
          .values({
            name: input.name,
            driver: input.driver,
            address: input.address,
            port: input.port,
            serial: input.serial,
            company_office_id: input.companyOfficeId ?? null,
            time_zone: input.timeZone,
            comm_key: input.commKey ?? null,
            cloud_id: input.driver === 'fingerspot-cloud' ? (input.cloudId ?? null) : null,
            active: input.active,
          })
          .returningAll()
          .executeTakeFirstOrThrow(),
      { unique: deviceUnique(input.serial, input.name), onForeignKey: () => notFound('Company office') },
    );
    const after = auditDevice(row);
    await audit(ctx, trx, { action: 'device.create', entity: 'fingerspot_device', entityId: row.id, after });
    return after;
  });
}

export async function updateDevice(ctx: Ctx, _grant: Dev, raw: In<typeof updateDeviceInput>) {
  const { id, ...input } = updateDeviceInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const before = await trx.selectFrom('fingerspot_devices').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!before) throw notFound('Fingerprint device');
    await officeExists(trx, input.companyOfficeId);
    const set: Partial<Selectable<Database['fingerspot_devices']>> = {};
    if (input.name !== undefined) set.name = input.name;
    if (input.driver !== undefined) set.driver = input.driver;
    if (input.address !== undefined) set.address = input.address;
    if (input.port !== undefined) set.port = input.port;
    if (input.serial !== undefined) set.serial = input.serial;
    if (input.companyOfficeId !== undefined) set.company_office_id = input.companyOfficeId;
    if (input.timeZone !== undefined) set.time_zone = input.timeZone;
    if (input.commKey !== undefined) set.comm_key = input.commKey;
    if (input.active !== undefined) set.active = input.active;
    // A cloud id belongs to a fingerspot-cloud terminal only: another driver lets it (and its secret) go.
    const driver = input.driver ?? before.driver;
    if (driver !== 'fingerspot-cloud') {
      if (before.cloud_id !== null) Object.assign(set, { cloud_id: null, cloud_secret_hash: null, cloud_secret_set_at: null });
    } else {
      if (input.cloudId !== undefined) set.cloud_id = input.cloudId;
      if (!(input.cloudId === undefined ? before.cloud_id : input.cloudId)) {
        throw invalid([{ param: 'cloudId', msg: 'is required for a Fingerspot.io cloud terminal' }]);
      }
      // A new cloud id is another terminal in the cloud: its webhooks need a new secret.
      if (input.cloudId && input.cloudId !== before.cloud_id)
        Object.assign(set, { cloud_secret_hash: null, cloud_secret_set_at: null });
    }
    const row = await dbWrite(
      () =>
        trx
          .updateTable('fingerspot_devices')
          .set({ ...set, updated_at: ctx.clock() })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow(),
      {
        unique: deviceUnique(input.serial ?? before.serial, input.name ?? before.name),
        onForeignKey: () => notFound('Company office'),
      },
    );
    const after = auditDevice(row);
    await audit(ctx, trx, {
      action: 'device.update',
      entity: 'fingerspot_device',
      entityId: id,
      before: auditDevice(before),
      after,
    });
    return after;
  });
}

/** Removes the registration; the terminal's punches stay (they belong to the attendance record). */
export async function deleteDevice(ctx: Ctx, _grant: Dev, raw: In<typeof deviceIdInput>): Promise<{ ok: true }> {
  const { id } = deviceIdInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const before = await trx.selectFrom('fingerspot_devices').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!before) throw notFound('Fingerprint device');
    // A live OAuth client bound to the terminal keeps it; a revoked one lets go.
    const bound = await trx
      .selectFrom('oauth_clients')
      .select('name')
      .where('device_id', '=', id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (bound) {
      throw new AppError('CONFLICT', `The credential ${bound.name} is bound to this terminal: unbind or revoke it first`);
    }
    await trx.updateTable('oauth_clients').set({ device_id: null }).where('device_id', '=', id).execute();
    await trx.deleteFrom('fingerspot_devices').where('id', '=', id).execute();
    await audit(ctx, trx, { action: 'device.delete', entity: 'fingerspot_device', entityId: id, before: auditDevice(before) });
    return { ok: true as const };
  });
}

// ---------------------------------------------------------------------------------------------
// Scan log

async function deviceSerialOf(db: Db, id: number): Promise<{ serial: string; name: string }> {
  const d = await db.selectFrom('fingerspot_devices').select(['serial', 'name']).where('id', '=', id).executeTakeFirst();
  if (!d) throw notFound('Fingerprint device');
  return d;
}

function periodCheck(from: string | undefined, to: string | undefined) {
  if (from && to && to < from) {
    throw invalid([{ param: 'to', msg: 'must be on or after from' }]);
  }
}

/** The scan log of one terminal (paginated, newest first), with the employee each PIN maps to. */
export async function listScanLog(ctx: Ctx, _grant: Dev, raw: In<typeof scanLogInput>): Promise<Page<ScanRow>> {
  const input = scanLogInput.parse(raw);
  periodCheck(input.from, input.to);
  const { serial } = await deviceSerialOf(ctx.db, input.id);
  const conds = [sql<boolean>`p.device_serial = ${serial}`];
  if (input.from) conds.push(sql<boolean>`p.local_time >= ${input.from}::date`);
  if (input.to) conds.push(sql<boolean>`p.local_time < ${input.to}::date + 1`);
  if (input.pin) conds.push(sql<boolean>`p.pin = ${input.pin}`);
  if (input.unmapped === true) conds.push(sql<boolean>`p.employee_id is null`);
  if (input.unmapped === false) conds.push(sql<boolean>`p.employee_id is not null`);
  if (input.outsideNetwork !== undefined) conds.push(sql<boolean>`p.outside_network = ${input.outsideNetwork}`);
  return punchPage<ScanRow>(ctx.db, scanSelect, sql.join(conds, sql` and `), input);
}

/** `fingerspot/excel`: the scan log (one terminal, or every terminal) as an XLSX workbook. */
export async function exportScanLog(ctx: Ctx, _grant: Dev, raw: In<typeof scanLogExcelInput>): Promise<ScanLogExcel> {
  const input = scanLogExcelInput.parse(raw);
  periodCheck(input.from, input.to);
  const device = input.deviceId ? await deviceSerialOf(ctx.db, input.deviceId) : null;
  const conds = [sql<boolean>`true`];
  if (device) conds.push(sql<boolean>`p.device_serial = ${device.serial}`);
  if (input.from) conds.push(sql<boolean>`p.local_time >= ${input.from}::date`);
  if (input.to) conds.push(sql<boolean>`p.local_time < ${input.to}::date + 1`);
  const where = sql.join(conds, sql` and `);
  const n = await countWhere(ctx.db, sql`punches p`, where);
  if (n > SCANLOG_EXCEL_LIMIT) {
    throw new AppError('VALIDATION', `The export is limited to ${SCANLOG_EXCEL_LIMIT} scans; choose a shorter period`, {
      fields: [{ param: 'from', msg: `${n} scans match; choose a shorter period` }],
    });
  }
  const rows = await sql<ScanRow & { deviceSerial: string; deviceName: string | null }>`
    select ${scanSelect}, p.device_serial as "deviceSerial", d.name as "deviceName"
    from punches p
    left join employees e on e.id = p.employee_id
    left join fingerspot_devices d on d.serial = p.device_serial
    where ${where}
    order by p.local_time, p.device_serial, p.pin`.execute(ctx.db);
  const wb = new ExcelJS.Workbook();
  wb.created = ctx.clock();
  const ws = addHeaderSheet(wb, 'Scan log', [
    { header: 'Terminal', key: 'device', width: 22 },
    { header: 'Serial', key: 'serial', width: 18 },
    { header: 'Scan time', key: 'time', width: 20 },
    { header: 'PIN', key: 'pin', width: 12 },
    { header: 'Employee No.', key: 'no', width: 16 },
    { header: 'Name', key: 'name', width: 28 },
    { header: 'State', key: 'state', width: 8 },
    { header: 'Verify', key: 'verify', width: 8 },
    { header: 'Received (UTC)', key: 'received', width: 22 },
    { header: 'Agent', key: 'agent', width: 30 },
  ]);
  for (const r of rows.rows) {
    ws.addRow({
      device: r.deviceName ?? '',
      serial: r.deviceSerial,
      time: r.localTime.replace('T', ' '),
      pin: r.pin,
      no: r.employeeNumber ?? '',
      name: r.employeeName ?? '(unmapped)',
      state: r.state,
      verify: r.verifyType,
      received: r.receivedAt.replace('T', ' ').replace('Z', ''),
      agent: r.agent ?? '',
    });
  }
  const label = device ? device.serial : 'all';
  const period = input.from || input.to ? `_${input.from ?? 'start'}_${input.to ?? 'end'}` : '';
  return { ...(await xlsxDownload(wb, `scanlog_${label}${period}.xlsx`)), rows: rows.rows.length };
}

// ---------------------------------------------------------------------------------------------
// Network hotspots

const hotspotSelect = sql`h.id, h.name, h.cidr::text as cidr, h.company_office_id as "companyOfficeId",
  o.name as "companyOffice", h.active`;

async function hotspotById(db: Db, id: number): Promise<HotspotRow | undefined> {
  return (
    await sql<HotspotRow>`select ${hotspotSelect} from network_hotspots h
      left join company_offices o on o.id = h.company_office_id where h.id = ${id}`.execute(db)
  ).rows[0];
}

export async function listHotspots(ctx: Ctx, _grant: Dev, raw: In<typeof listHotspotsInput>): Promise<Page<HotspotRow>> {
  const input = listHotspotsInput.parse(raw);
  const conds = [sql<boolean>`true`];
  if (input.search) {
    const like = likePattern(input.search);
    conds.push(sql<boolean>`(h.name ilike ${like} or h.cidr::text ilike ${like})`);
  }
  if (input.companyOfficeId) conds.push(sql<boolean>`h.company_office_id = ${input.companyOfficeId}`);
  const where = sql.join(conds, sql` and `);
  const r = await sql<HotspotRow & { total: number }>`
    select ${hotspotSelect}, (count(*) over ())::int as total
    from network_hotspots h left join company_offices o on o.id = h.company_office_id
    where ${where}
    order by lower(h.name), h.id
    ${pageLimit(input)}`.execute(ctx.db);
  return windowedPage(
    r.rows,
    input,
    () => countWhere(ctx.db, sql`network_hotspots h`, where),
    (row) => row,
  );
}

const hotspotTaken = (cidr: string) => ({
  network_hotspots_cidr_uq: () =>
    new AppError('CONFLICT', `Network ${cidr} is already registered`, { fields: [{ param: 'cidr', msg: 'is already used' }] }),
});

export async function createHotspot(ctx: Ctx, _grant: Dev, raw: In<typeof createHotspotInput>): Promise<HotspotRow> {
  const input = createHotspotInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    await officeExists(trx, input.companyOfficeId);
    const r = await dbWrite(
      () =>
        sql<{ id: number }>`
          insert into network_hotspots (name, cidr, company_office_id, active)
          values (${input.name}, network(${input.cidr}::inet), ${input.companyOfficeId ?? null}, ${input.active})
          returning id`.execute(trx),
      { unique: hotspotTaken(input.cidr), onForeignKey: () => notFound('Company office') },
    );
    const row = (await hotspotById(trx, r.rows[0]!.id))!;
    await audit(ctx, trx, { action: 'hotspot.create', entity: 'network_hotspot', entityId: row.id, after: row });
    return row;
  });
}

export async function updateHotspot(ctx: Ctx, _grant: Dev, raw: In<typeof updateHotspotInput>): Promise<HotspotRow> {
  const { id, ...input } = updateHotspotInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const before = await hotspotById(trx, id);
    if (!before) throw notFound('Network hotspot');
    await officeExists(trx, input.companyOfficeId);
    const sets = [sql`updated_at = ${ctx.clock().toISOString()}::timestamptz`];
    if (input.name !== undefined) sets.push(sql`name = ${input.name}`);
    if (input.cidr !== undefined) sets.push(sql`cidr = network(${input.cidr}::inet)`);
    if (input.companyOfficeId !== undefined) sets.push(sql`company_office_id = ${input.companyOfficeId}`);
    if (input.active !== undefined) sets.push(sql`active = ${input.active}`);
    await dbWrite(() => sql`update network_hotspots set ${sql.join(sets, sql`, `)} where id = ${id}`.execute(trx), {
      unique: hotspotTaken(input.cidr ?? before.cidr),
      onForeignKey: () => notFound('Company office'),
    });
    const after = (await hotspotById(trx, id))!;
    await audit(ctx, trx, { action: 'hotspot.update', entity: 'network_hotspot', entityId: id, before, after });
    return after;
  });
}

export async function deleteHotspot(ctx: Ctx, _grant: Dev, raw: In<typeof hotspotIdInput>): Promise<{ ok: true }> {
  const { id } = hotspotIdInput.parse(raw);
  return inTransaction(ctx, async (trx) => {
    const before = await hotspotById(trx, id);
    if (!before) throw notFound('Network hotspot');
    await trx.deleteFrom('network_hotspots').where('id', '=', id).execute();
    await audit(ctx, trx, { action: 'hotspot.delete', entity: 'network_hotspot', entityId: id, before });
    return { ok: true as const };
  });
}

/**
 * The active office network an IP address belongs to (the most specific one), or null: a punch
 * or clock-in from elsewhere is to be flagged. An unparseable address matches nothing.
 */
export async function matchHotspot(db: Db, ip: string): Promise<HotspotRow | null> {
  const addr = ip.trim().replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/, '$1');
  if (!/^[0-9A-Fa-f:.]{2,45}$/.test(addr)) return null;
  try {
    const r = await sql<HotspotRow>`
      select ${hotspotSelect} from network_hotspots h
      left join company_offices o on o.id = h.company_office_id
      where h.active and h.cidr >>= ${addr}::inet
      order by masklen(h.cidr) desc, h.id
      limit 1`.execute(db);
    return r.rows[0] ?? null;
  } catch (err) {
    // 22P02: not an address after all.
    if ((err as { code?: string }).code === '22P02') return null;
    throw err;
  }
}

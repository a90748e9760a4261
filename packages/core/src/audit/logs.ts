import ExcelJS from 'exceljs';
import { type RawBuilder, sql } from 'kysely';
import type { z } from 'zod';
import { SKEW_WARNING_MS } from '../shared/device-clock';
import type { Grant } from '../access/index';
import type { Ctx, Db } from '../shared/context';
import { AppError, notFound } from '../shared/errors';
import { likePattern } from '../shared/sql';
import { addHeaderSheet, xlsxDownload } from '../shared/xlsx';
import type { Page, In } from '../shared/zod';
import {
  AUDIT_ERROR_PATTERN,
  AUDIT_WARNING_PATTERN,
  DEFAULT_PERIOD_DAYS,
  LOGS_EXCEL_LIMIT,
  type LogDetail,
  type LogRow,
  type LogsExcel,
  listLogsInput,
  logIdInput,
  logsExcelInput,
  REDACTED,
  SECRET_KEY_PATTERN,
} from './logs-schema';

/*
 * /developer/logs (issue 6): one list, newest first, of
 * - audit entries (table audit_log: who, when, action, entity, before/after), and
 * - agent/ingest events. Nothing stores ingest batches as such, so they are derived from the punches
 *   themselves: punches of source `device` (agent upload) or `import` (file import) that share
 *   `received_at` (the default now() is the inserting transaction's start, so one upload = one
 *   instant), `agent` (the agent's name with its uploader and clock skew, as ingestPunches writes it)
 *   and terminal serial form one event. Re-sent duplicates are not stored, so a batch of duplicates
 *   leaves no event; device_status (last seen, skew) keeps only the latest report per terminal.
 *
 * Agent event levels: error when the terminal's serial is not registered under /developer/fingerspot
 * (its scans are kept but belong to no known terminal); warning when the batch holds PINs mapped to
 * no employee, or the reported clock skew exceeds SKEW_WARNING_MS; info otherwise.
 * Audit levels come from the action (AUDIT_ERROR_PATTERN / AUDIT_WARNING_PATTERN in logs-schema.ts).
 *
 * Indexes: audit_log (at desc) serves the period; audit_log (entity, entity_id) the entity filter.
 * punches has no index on received_at, so the agent half scans punches (noted for a later migration).
 */

type Dev = Grant<'developer.access'>;
type Filters = z.output<typeof logsExcelInput>;

const DAY_MS = 86_400_000;

/** Values of keys that look like secrets are replaced, at any depth. */
export function redactSecrets(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(redactSecrets);
  if (v !== null && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, val] of Object.entries(v)) out[k] = SECRET_KEY_PATTERN.test(k) ? REDACTED : redactSecrets(val);
    return out;
  }
  return v;
}

/** The period asked for; default: the DEFAULT_PERIOD_DAYS days before `to` (or now). */
function period(ctx: Ctx, f: Filters): { from: Date; to: Date | null } {
  const to = f.to ? new Date(f.to) : null;
  const from = f.from ? new Date(f.from) : new Date((to ?? ctx.clock()).getTime() - DEFAULT_PERIOD_DAYS * DAY_MS);
  if (to && from > to) {
    throw new AppError('VALIDATION', 'The period ends before it starts', {
      fields: [{ param: 'to', msg: 'must not be before from' }],
    });
  }
  return { from, to };
}

const iso = (col: RawBuilder<unknown>) => sql<string>`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Audit half: one row per audit_log entry matching the filters, or null when the filters exclude it. */
function auditEvents(f: Filters, p: { from: Date; to: Date | null }): RawBuilder<unknown> | null {
  if (f.source === 'agent') return null;
  const conds = [sql<boolean>`a.at >= ${p.from.toISOString()}::timestamptz`];
  if (p.to) conds.push(sql<boolean>`a.at <= ${p.to.toISOString()}::timestamptz`);
  if (f.entity) conds.push(sql<boolean>`a.entity = ${f.entity}`);
  if (f.entityId) conds.push(sql<boolean>`a.entity_id = ${f.entityId}`);
  if (f.action) conds.push(sql<boolean>`(a.action = ${f.action} or a.action like ${likePattern(`${f.action}.`, 'prefix')})`);
  if (f.actor) {
    const like = likePattern(f.actor);
    conds.push(sql<boolean>`(u.email ilike ${like} or e.given_name || ' ' || e.surname ilike ${like})`);
  }
  const level = sql<string>`case when a.action ~* ${AUDIT_ERROR_PATTERN} then 'error'
    when a.action ~* ${AUDIT_WARNING_PATTERN} then 'warning' else 'info' end`;
  if (f.level) conds.push(sql<boolean>`${level} = ${f.level}`);
  // Summary: the changed top-level keys of an update; key names only, never values.
  const summary = sql<string>`case
    when jsonb_typeof(a.before) = 'object' and jsonb_typeof(a.after) = 'object' then coalesce('changed: ' || (
      select string_agg(k, ', ' order by k) from (select jsonb_object_keys(a.before) as k union select jsonb_object_keys(a.after)) ks
      where a.before -> ks.k is distinct from a.after -> ks.k), 'no changes')
    when a.after is not null and a.before is null then 'new record'
    when a.before is not null and a.after is null then 'removed record'
    else '' end`;
  return sql`
    select 'audit' as source, a.id as num, a.at, ${level} as level, u.email as actor,
      nullif(trim(coalesce(e.given_name, '') || ' ' || coalesce(e.surname, '')), '') as "actorName",
      a.action, a.entity, a.entity_id as "entityId", ${summary} as summary
    from audit_log a
    left join users u on u.id = a.actor_user_id
    left join employees e on e.id = u.employee_id
    where ${sql.join(conds, sql` and `)}`;
}

const skewOf = sql`substring(p.agent from 'clock skew (-?[0-9]+) ms')::bigint`;

/** Agent half: ingest batches (see the module comment), or null when the filters exclude them. */
function agentEvents(f: Filters, p: { from: Date; to: Date | null }, firstId?: string): RawBuilder<unknown> | null {
  if (f.source === 'audit' || (f.entity && f.entity !== 'device')) return null;
  if (f.action && !['punch', 'punch.ingest', 'punch.import'].includes(f.action)) return null;
  const conds = [
    sql<boolean>`p.source in ('device', 'import')`,
    sql<boolean>`p.received_at >= ${p.from.toISOString()}::timestamptz`,
  ];
  if (p.to) conds.push(sql<boolean>`p.received_at <= ${p.to.toISOString()}::timestamptz`);
  if (f.action === 'punch.ingest') conds.push(sql<boolean>`p.source = 'device'`);
  if (f.action === 'punch.import') conds.push(sql<boolean>`p.source = 'import'`);
  if (f.entityId) conds.push(sql<boolean>`p.device_serial = ${f.entityId}`);
  if (f.actor) conds.push(sql<boolean>`p.agent ilike ${likePattern(f.actor)}`);
  if (firstId) {
    // One batch: the punches that share the first punch's instant, agent and terminal.
    conds.push(sql<boolean>`(p.received_at, p.agent, p.device_serial, p.source) = (
      select f.received_at, f.agent, f.device_serial, f.source from punches f where f.id = ${firstId}::bigint)`);
  }
  const level = sql<string>`case when max(d.id) is null then 'error'
    when count(*) filter (where p.employee_id is null) > 0 or abs(coalesce(${skewOf}, 0)) > ${SKEW_WARNING_MS} then 'warning'
    else 'info' end`;
  const unknown = sql`count(*) filter (where p.employee_id is null)`;
  const summary = sql<string>`count(*) || case when count(*) = 1 then ' punch from ' else ' punches from ' end
    || coalesce(max(d.name), 'unregistered terminal') || ' (' || p.device_serial || ')'
    || case when ${unknown} > 0 then ', ' || ${unknown} || ' with unknown PIN' else '' end
    || coalesce(', clock skew ' || ${skewOf} || ' ms', '')`;
  return sql`
    select 'agent' as source, min(p.id) as num, p.received_at as at, ${level} as level, p.agent as actor,
      null::text as "actorName", 'punch.' || case p.source when 'device' then 'ingest' else 'import' end as action,
      'device' as entity, p.device_serial as "entityId", ${summary} as summary
    from punches p left join fingerspot_devices d on d.serial = p.device_serial
    where ${sql.join(conds, sql` and `)}
    group by p.received_at, p.agent, p.device_serial, p.source
    ${f.level ? sql`having ${level} = ${f.level}` : sql``}`;
}

interface EventSql extends Omit<LogRow, 'id'> {
  num: string;
  total?: number;
}

/** Merged events, newest first (ties: agent before audit, higher id first). */
async function events(db: Db, f: Filters, p: { from: Date; to: Date | null }, limit: number, offset: number) {
  const parts = [auditEvents(f, p), agentEvents(f, p)].filter((x): x is RawBuilder<unknown> => x !== null);
  if (parts.length === 0) return [];
  const r = await sql<EventSql>`
    with ev as (${sql.join(parts, sql` union all `)})
    select source, num::text as num, ${iso(sql`at`)} as at, level, actor, "actorName", action, entity, "entityId", summary,
      (count(*) over ())::int as total
    from ev
    order by ev.at desc, source, ev.num desc
    limit ${limit} offset ${offset}`.execute(db);
  return r.rows;
}

const toRow = ({ num, total: _t, ...r }: EventSql): LogRow => ({ ...r, id: `${r.source}-${num}` });

/** The merged log (paginated, newest first); filters as in listLogsInput; default period: last 7 days. */
export async function listLogs(ctx: Ctx, _grant: Dev, raw: In<typeof listLogsInput>): Promise<Page<LogRow>> {
  const input = listLogsInput.parse(raw);
  const p = period(ctx, input);
  const offset = (input.page - 1) * input.pageSize;
  const rows = await events(ctx.db, input, p, input.pageSize, offset);
  // Past the last page the window count is missing; count once without paging.
  const total = rows[0]?.total ?? (offset > 0 ? ((await events(ctx.db, input, p, 1, 0))[0]?.total ?? 0) : 0);
  return { rows: rows.map(toRow), total, page: input.page, pageSize: input.pageSize };
}

function diffOf(before: unknown, after: unknown): LogDetail['diff'] {
  const isObj = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
  if (!isObj(before) || !isObj(after)) return [];
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  return keys
    .filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]))
    .map((k) => ({ key: k, before: before[k] ?? null, after: after[k] ?? null }));
}

/** One entry with its full payload (secrets redacted) and, for an update, the changed keys. */
export async function getLog(ctx: Ctx, _grant: Dev, raw: In<typeof logIdInput>): Promise<LogDetail> {
  const { id } = logIdInput.parse(raw);
  const [source, num] = id.split('-') as ['audit' | 'agent', string];
  const all = { from: new Date('1900-01-01T00:00:00Z'), to: null };
  if (source === 'audit') {
    const a = await sql<{ before: unknown; after: unknown; requestId: string | null }>`
      select before, after, request_id as "requestId" from audit_log where id = ${num}::bigint`.execute(ctx.db);
    const entry = a.rows[0];
    const part = entry ? auditEvents({ source: 'audit' }, all) : null;
    const row = part
      ? (
          await sql<EventSql>`select source, num::text as num, ${iso(sql`at`)} as at, level, actor, "actorName", action, entity,
          "entityId", summary from (${part}) ev where ev.num = ${num}::bigint`.execute(ctx.db)
        ).rows[0]
      : undefined;
    if (!entry || !row) throw notFound('Log entry');
    const before = redactSecrets(entry.before ?? null);
    const after = redactSecrets(entry.after ?? null);
    return { ...toRow(row), requestId: entry.requestId, payload: { before, after }, diff: diffOf(before, after) };
  }
  const part = agentEvents({}, all, num);
  const row = part
    ? (
        await sql<EventSql>`select source, num::text as num, ${iso(sql`at`)} as at, level, actor, "actorName", action, entity,
        "entityId", summary from (${part}) ev`.execute(ctx.db)
      ).rows[0]
    : undefined;
  // The id is the batch's first punch; any other punch id is not an event.
  if (!row || row.num !== num) throw notFound('Log entry');
  const punches = await sql<{ pin: string; localTime: string; state: number; verifyType: number; employeeId: number | null }>`
    select p.pin, to_char(p.local_time, 'YYYY-MM-DD"T"HH24:MI:SS') as "localTime", p.state, p.verify_type as "verifyType",
      p.employee_id as "employeeId"
    from punches p, punches f
    where f.id = ${num}::bigint and p.received_at = f.received_at and p.agent is not distinct from f.agent
      and p.device_serial = f.device_serial and p.source = f.source
    order by p.local_time, p.pin
    limit 1000`.execute(ctx.db);
  const skew = row.actor?.match(/clock skew (-?\d+) ms/)?.[1];
  const payload = {
    agent: row.actor,
    deviceSerial: row.entityId,
    clockSkewMs: skew === undefined ? null : Number(skew),
    punches: punches.rows.length,
    unknownPins: [...new Set(punches.rows.filter((x) => x.employeeId === null).map((x) => x.pin))].sort(),
    items: punches.rows,
  };
  return { ...toRow(row), requestId: null, payload: redactSecrets(payload), diff: [] };
}

/** The filtered log as an XLSX workbook (at most LOGS_EXCEL_LIMIT entries; payloads not included). */
export async function exportLogs(ctx: Ctx, _grant: Dev, raw: In<typeof logsExcelInput>): Promise<LogsExcel> {
  const input = logsExcelInput.parse(raw);
  const p = period(ctx, input);
  const rows = await events(ctx.db, input, p, LOGS_EXCEL_LIMIT + 1, 0);
  if (rows.length > LOGS_EXCEL_LIMIT) {
    throw new AppError('VALIDATION', `The download is limited to ${LOGS_EXCEL_LIMIT} entries; choose a shorter period`, {
      fields: [{ param: 'from', msg: `${rows[0]?.total ?? rows.length} entries match; choose a shorter period` }],
    });
  }
  const wb = new ExcelJS.Workbook();
  wb.created = ctx.clock();
  const ws = addHeaderSheet(wb, 'Logs', [
    { header: 'Time (UTC)', key: 'at', width: 22 },
    { header: 'Level', key: 'level', width: 9 },
    { header: 'Source', key: 'source', width: 8 },
    { header: 'Actor', key: 'actor', width: 32 },
    { header: 'Action', key: 'action', width: 28 },
    { header: 'Entity', key: 'entity', width: 18 },
    { header: 'Entity id', key: 'entityId', width: 14 },
    { header: 'Summary', key: 'summary', width: 60 },
  ]);
  for (const r of rows.map(toRow)) {
    ws.addRow({
      ...r,
      at: r.at.replace('T', ' ').replace('Z', ''),
      actor: r.actorName ? `${r.actorName} <${r.actor}>` : (r.actor ?? 'system'),
      entityId: r.entityId ?? '',
    });
  }
  const day = (d: Date) => d.toISOString().slice(0, 10);
  return { ...(await xlsxDownload(wb, `logs_${day(p.from)}_${day(p.to ?? ctx.clock())}.xlsx`)), rows: rows.length };
}

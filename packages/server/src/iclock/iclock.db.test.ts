import http from 'node:http';
import { type Grant, requirePermission } from '@hr/core/access';
import { actorForUser } from '@hr/core/auth';
import { listUnregisteredPushTerminals, queuePushCommand, setPushSettings } from '@hr/core/device-push';
import { createDevice, createHotspot, queueDeviceCommand } from '@hr/core/devices';
import type { Ctx } from '@hr/core/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginToken, startTestApp, type TestApp } from '../rest/test-harness';

/*
 * The /iclock endpoints driven by a client written from the protocol description
 * (shared/reference/id-compliance-2026.md, "ZKTeco ADMS push"), not by the project's simulator:
 * plain HTTP requests with the terminal's query strings and tab-separated bodies.
 */

let t: TestApp;
let ctx: Ctx;
let dev: Grant<'developer.access'>;
let base: string;
let deviceId: number;
const SN = 'ADMS0001';

beforeAll(async () => {
  t = await startTestApp({ employees: 3 });
  const u = await t.tdb.db.selectFrom('users').select('id').where('email', '=', t.admin.email).executeTakeFirstOrThrow();
  const admin = (await actorForUser(t.tdb.db, u.id, 'user'))!;
  ctx = t.services.ctx(admin);
  dev = requirePermission(admin, 'developer.access');
  const d = await createDevice(ctx, dev, {
    name: 'Gate push',
    driver: 'adms',
    address: '10.0.0.20',
    port: 8081,
    serial: SN,
    companyOfficeId: null,
    timeZone: 'Asia/Makassar',
  });
  deviceId = d.id;
  base = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => t?.close());

// ---------------------------------------------------------------------------------------------
// The terminal's side, from the protocol description

interface Answer {
  status: number;
  text: string;
  headers: Record<string, unknown>;
}

async function inject(
  method: 'GET' | 'POST',
  url: string,
  body?: string | Buffer,
  headers: Record<string, string> = {},
  remoteAddress?: string,
): Promise<Answer> {
  const r = await t.app.inject({
    method,
    url,
    headers: { 'content-type': 'text/plain', ...headers },
    ...(body !== undefined ? { payload: body } : {}),
    ...(remoteAddress ? { remoteAddress } : {}),
  });
  return { status: r.statusCode, text: r.body, headers: r.headers };
}

const attlogRow = (pin: string, time: string, status = 0, verify = 1) => `${pin}\t${time}\t${status}\t${verify}\t0\t0\t0`;

/** Sends a body over a real socket and hangs up as soon as it is written: the terminal never sees the `OK`. */
function postAndHangUp(path: string, body: string): Promise<void> {
  return new Promise((resolve) => {
    const u = new URL(path, base);
    const req = http.request({ host: u.hostname, port: u.port, path: u.pathname + u.search, method: 'POST' }, () => resolve());
    req.on('error', () => resolve());
    req.setHeader('content-type', 'text/plain');
    req.setHeader('content-length', Buffer.byteLength(body));
    req.end(body, () => {
      setTimeout(() => {
        req.destroy();
        resolve();
      }, 5);
    });
  });
}

/** A POST over a real socket, answer read in full. */
function post(path: string, body: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const u = new URL(path, base);
    const req = http.request({ host: u.hostname, port: u.port, path: u.pathname + u.search, method: 'POST' }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => {
        text += c;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text, headers: res.headers }));
    });
    req.on('error', reject);
    req.setHeader('content-type', 'text/plain');
    req.end(body);
  });
}

async function punchCount(serial = SN): Promise<number> {
  const r = await sql<{ n: number }>`select count(*)::int as n from punches where device_serial = ${serial}`.execute(t.tdb.db);
  return r.rows[0]!.n;
}

async function until(cond: () => Promise<boolean>, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('ADMS push: handshake and acceptance', () => {
  it('answers the options block with stamps, delays and the registry time zone', async () => {
    const a = await inject('GET', `/iclock/cdata?SN=${SN}&options=all&pushver=2.4.1&language=69`);
    expect(a.status).toBe(200);
    expect(a.headers['content-type']).toMatch(/^text\/plain/);
    const lines = a.text.split('\n');
    expect(lines[0]).toBe(`GET OPTION FROM: ${SN}`);
    for (const key of [
      'ATTLOGStamp=',
      'OPERLOGStamp=',
      'ErrorDelay=',
      'Delay=',
      'TransTimes=',
      'TransInterval=',
      'TransFlag=',
      'Realtime=',
    ]) {
      expect(lines.some((l) => l.startsWith(key))).toBe(true);
    }
    // Asia/Makassar (WITA) is UTC+8.
    expect(lines).toContain('TimeZone=8');
    expect(lines).toContain('Encrypt=0');
    const v = await sql<{
      push_version: string;
    }>`select push_version from device_push_settings where device_id = ${deviceId}`.execute(t.tdb.db);
    expect(v.rows[0]?.push_version).toBe('2.4.1');
  });

  it('refuses an unknown serial: nothing stored, told to retry later, recorded as seen', async () => {
    const opt = await inject('GET', '/iclock/cdata?SN=STRANGER9&options=all&pushver=2.4.0', undefined, {}, '10.9.9.9');
    expect(opt.status).toBe(503);
    expect(opt.headers['retry-after']).toBe('300');
    expect(opt.text).toMatch(/^ERROR: STRANGER9 is not registered as a push terminal/);
    const body = [attlogRow('1', '2026-11-20 08:00:00'), attlogRow('2', '2026-11-20 08:01:00')].join('\n');
    const p = await inject('POST', '/iclock/cdata?SN=STRANGER9&table=ATTLOG&Stamp=9', body, {}, '10.9.9.9');
    expect(p.status).toBe(503);
    expect(await punchCount('STRANGER9')).toBe(0);
    const seen = await listUnregisteredPushTerminals(ctx, dev);
    expect(seen).toEqual([
      expect.objectContaining({ serial: 'STRANGER9', requests: 2, rowsRefused: 2, lastIp: '10.9.9.9', pushVersion: '2.4.0' }),
    ]);
  });

  it('refuses malformed requests clearly, never with a 500', async () => {
    const cases: [string, string, string | Buffer | undefined, number][] = [
      ['GET', '/iclock/cdata?options=all', undefined, 400],
      ['GET', '/iclock/cdata?SN=../../etc&options=all', undefined, 400],
      ['GET', `/iclock/cdata?SN=${SN}&SN=X&options=all`, undefined, 400],
      ['POST', `/iclock/cdata?SN=${SN}&table=ATTLOG`, Buffer.from([0, 1, 2, 255, 254, 10, 0, 0]), 400],
      ['POST', `/iclock/cdata?SN=${SN}&table=ATTLOG`, '{"pin":"1","time":"2026-11-20"}', 400],
      ['POST', `/iclock/cdata?SN=${SN}&table=ATTLOG`, 'x'.repeat(9 * 1024 * 1024), 413],
    ];
    for (const [method, url, body, status] of cases) {
      const a = await inject(method as 'GET' | 'POST', url, body);
      expect({ url: url.slice(0, 60), status: a.status }).toEqual({ url: url.slice(0, 60), status });
      expect(a.text).toMatch(/^ERROR: /);
    }
    // No content type at all, and a form content type: still read as the terminal's text.
    const r = await t.app.inject({
      method: 'POST',
      url: `/iclock/cdata?SN=${SN}&table=ATTLOG&Stamp=1`,
      payload: attlogRow('900', '2026-11-18 07:00:00'),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(r.body).toBe('OK:1');
    const n = await t.app.inject({ method: 'POST', url: `/iclock/cdata?SN=${SN}&table=ATTLOG`, payload: '' });
    expect(n.statusCode).toBe(200);
    expect(n.body).toBe('OK:0');
  });

  it('sits outside the API auth: a bearer the REST API would refuse changes nothing', async () => {
    const a = await inject('GET', `/iclock/getrequest?SN=${SN}`, undefined, { authorization: 'Bearer not-a-token' });
    expect(a.status).toBe(200);
    expect(a.text).toBe('OK');
    const rest = await inject('GET', '/v2/h/fingerspot/device', undefined, { authorization: 'Bearer not-a-token' });
    expect(rest.status).toBe(401);
    const ping = await inject('GET', `/iclock/ping?SN=${SN}`);
    expect(ping.text).toBe('OK');
  });
});

describe('ADMS push: ATTLOG', () => {
  it('stores rows with mixed line ends, a trailing empty line and status 255; skew from the Date header', async () => {
    const body = `${attlogRow('101', '2026-11-19 07:58:00', 255, 1)}\r\n${attlogRow('102', '2026-11-19 07:59:00', 255, 15)}\n${attlogRow('103', '2026-11-19 08:00:00', 255, 1)}\r${attlogRow('104', '2026-11-19 08:01:00', 255, 1)}\r\n\r\n`;
    const date = new Date(Date.now() + 90_000).toUTCString();
    const a = await inject('POST', `/iclock/cdata?SN=${SN}&table=ATTLOG&Stamp=100`, body, { date });
    expect(a).toMatchObject({ status: 200, text: 'OK:4' });
    const rows = await sql<{ pin: string; state: number; verify_type: number; t: string; source: string }>`
      select pin, state, verify_type, to_char(local_time, 'YYYY-MM-DD HH24:MI:SS') as t, source from punches
      where device_serial = ${SN} and pin in ('101', '102', '103', '104') order by pin`.execute(t.tdb.db);
    expect(rows.rows).toEqual([
      { pin: '101', state: 255, verify_type: 1, t: '2026-11-19 07:58:00', source: 'device' },
      { pin: '102', state: 255, verify_type: 15, t: '2026-11-19 07:59:00', source: 'device' },
      { pin: '103', state: 255, verify_type: 1, t: '2026-11-19 08:00:00', source: 'device' },
      { pin: '104', state: 255, verify_type: 1, t: '2026-11-19 08:01:00', source: 'device' },
    ]);
    const st = await sql<{ skew_ms: string; punches_received: string }>`
      select skew_ms, punches_received from device_status where device_serial = ${SN}`.execute(t.tdb.db);
    // The Date header has whole seconds: 90 s ahead, give or take a second.
    expect(Math.abs(Number(st.rows[0]!.skew_ms) - 90_000)).toBeLessThan(2_000);
    const stamp = await sql<{
      s: string;
    }>`select attlog_stamp as s from device_push_settings where device_id = ${deviceId}`.execute(t.tdb.db);
    expect(stamp.rows[0]?.s).toBe('100');
    const opts = await inject('GET', `/iclock/cdata?SN=${SN}&options=all`);
    expect(opts.text.split('\n')).toContain('ATTLOGStamp=100');
  });

  it('a duplicate batch is answered OK and stores nothing twice; bad lines are counted, not stored', async () => {
    const body = [attlogRow('201', '2026-11-19 09:00:00'), attlogRow('202', '2026-11-19 09:00:05'), 'garbage line'].join('\n');
    const first = await inject('POST', `/iclock/cdata?SN=${SN}&table=ATTLOG&Stamp=101`, body);
    expect(first.text).toBe('OK:3');
    const before = await punchCount();
    const again = await inject('POST', `/iclock/cdata?SN=${SN}&table=ATTLOG&Stamp=101`, body);
    expect(again.text).toBe('OK:3');
    expect(await punchCount()).toBe(before);
    const s = await sql<{ rows_rejected: string; last_refusal: string }>`
      select rows_rejected, last_refusal from device_push_settings where device_id = ${deviceId}`.execute(t.tdb.db);
    expect(Number(s.rows[0]!.rows_rejected)).toBe(2);
    expect(s.rows[0]!.last_refusal).toMatch(/line 3/);
  });

  it('after a lost OK (the terminal hung up) the re-sent batch ends with each punch stored once', async () => {
    const rows = Array.from({ length: 300 }, (_, i) =>
      attlogRow(
        String(3000 + (i % 30)),
        `2026-11-18 ${String(8 + Math.floor(i / 60)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}:00`,
      ),
    );
    const body = rows.join('\r\n');
    const before = await punchCount();
    await postAndHangUp(`/iclock/cdata?SN=${SN}&table=ATTLOG&Stamp=200`, body);
    // The server committed although nobody read its answer ("crash" between insert and answer).
    await until(async () => (await punchCount()) === before + 300);
    // The terminal re-sends the same batch, and in its impatience twice more at once.
    const answers = await Promise.all([1, 2, 3].map(() => post(`/iclock/cdata?SN=${SN}&table=ATTLOG&Stamp=200`, body)));
    expect(answers.map((a) => a.text)).toEqual(['OK:300', 'OK:300', 'OK:300']);
    expect(await punchCount()).toBe(before + 300);
    const dup = await sql<{ n: number }>`
      select count(*)::int as n from (select 1 from punches where device_serial = ${SN}
        group by pin, local_time having count(*) > 1) d`.execute(t.tdb.db);
    expect(dup.rows[0]!.n).toBe(0);
  });

  it('takes 10,000 rows in one POST', async () => {
    const rows: string[] = [];
    for (let i = 0; i < 10_000; i++) {
      const day = 1 + Math.floor(i / 1000);
      const sec = i % 1000;
      rows.push(
        attlogRow(
          `5${String(i % 500).padStart(4, '0')}`,
          `2026-10-${String(day).padStart(2, '0')} ${String(6 + Math.floor(sec / 60)).padStart(2, '0')}:${String(sec % 60).padStart(2, '0')}:00`,
          i % 2,
        ),
      );
    }
    const before = await punchCount();
    const a = await post(`/iclock/cdata?SN=${SN}&table=ATTLOG&Stamp=300`, `${rows.join('\n')}\n`);
    expect(a).toMatchObject({ status: 200, text: 'OK:10000' });
    expect(await punchCount()).toBe(before + 10_000);
  }, 60_000);
});

describe('ADMS push: OPERLOG, commands and the network restriction', () => {
  it('keeps the users and templates of OPERLOG, names in latin-1 or GBK', async () => {
    const latin = Buffer.from(
      'USER PIN=7001\tName=José Müller\tPri=0\tPasswd=\tCard=[0000012345]\tGrp=1\tTZ=0000000000000000\r\n',
      'latin1',
    );
    const gbkName = Buffer.concat([
      Buffer.from('USER PIN=7002\tName='),
      Buffer.from([0xd5, 0xc5, 0xc8, 0xfd]),
      Buffer.from('\tPri=14\tPasswd=123\tCard=0\tGrp=1\n'),
    ]);
    const fp = Buffer.from(
      'FP PIN=7001\tFID=6\tSize=8\tValid=1\tTMP=SGVsbG8hIQ==\nOPLOG 4\t0\t2026-11-19 08:00:00\t0\t0\t0\t0\n\n',
    );
    const a = await inject('POST', `/iclock/cdata?SN=${SN}&table=OPERLOG&Stamp=55`, latin);
    expect(a.text).toBe('OK:1');
    const b = await inject('POST', `/iclock/cdata?SN=${SN}&table=OPERLOG&Stamp=56`, gbkName);
    expect(b.text).toBe('OK:1');
    const c = await inject('POST', `/iclock/cdata?SN=${SN}&table=OPERLOG&Stamp=57`, fp);
    expect(c.text).toBe('OK:2');
    const users = await sql<{ pin: string; name: string; privilege: number; card: string; templates: unknown[] }>`
      select pin, name, privilege, card::text as card, templates from device_push_users where device_id = ${deviceId} order by pin`.execute(
      t.tdb.db,
    );
    expect(users.rows).toEqual([
      {
        pin: '7001',
        name: 'José Müller',
        privilege: 0,
        card: '12345',
        templates: [{ pin: '7001', fingerIndex: 6, size: 8, valid: 1, template: 'SGVsbG8hIQ==' }],
      },
      { pin: '7002', name: '张三', privilege: 14, card: '0', templates: [] },
    ]);
  });

  it('hands out upload-users, backup-users and push commands as C:<id>:<cmd>; results finish them', async () => {
    const [e1, e2] = await t.tdb.db.selectFrom('employees').select('id').orderBy('id').limit(2).execute();
    await t.tdb.db
      .insertInto('attendance_pins')
      .values([
        { pin: '11', device_serial: SN, employee_id: e1!.id },
        { pin: '12', device_serial: null, employee_id: e2!.id },
      ])
      .execute();
    const upload = await queueDeviceCommand(ctx, dev, { id: deviceId, kind: 'upload-users' });
    const g1 = await inject('GET', `/iclock/getrequest?SN=${SN}`);
    const lines = g1.text.trim().split('\n');
    expect(lines).toHaveLength(2);
    for (const l of lines)
      expect(l).toMatch(/^C:\d+:DATA UPDATE USERINFO PIN=1[12]\tName=Person00[12] Test\tPri=0\tPasswd=\tCard=0\tGrp=1$/);
    // Not answered yet: not handed out again at once.
    expect((await inject('GET', `/iclock/getrequest?SN=${SN}`)).text).toBe('OK');
    const ids = lines.map((l) => l.split(':')[1]);
    const res = await inject('POST', `/iclock/devicecmd?SN=${SN}`, ids.map((id) => `ID=${id}&Return=0&CMD=DATA`).join('\n'));
    expect(res.text).toBe('OK');
    const c1 = await sql<{
      status: string;
      result: unknown;
    }>`select status, result from device_commands where id = ${upload.id}`.execute(t.tdb.db);
    expect(c1.rows[0]).toEqual({ status: 'done', result: { written: 2 } });

    // Back up: the terminal answers the query with its OPERLOG, then the result.
    const backup = await queueDeviceCommand(ctx, dev, { id: deviceId, kind: 'backup-users' });
    const g2 = await inject('GET', `/iclock/getrequest?SN=${SN}`);
    const m = /^C:(\d+):DATA QUERY USERINFO$/.exec(g2.text.trim());
    expect(m).not.toBeNull();
    await inject(
      'POST',
      `/iclock/cdata?SN=${SN}&table=OPERLOG`,
      'USER PIN=11\tName=Person001 Test\tPri=0\tPasswd=\tCard=0\tGrp=1\n',
    );
    // Another terminal cannot answer this one's command.
    await inject('POST', `/iclock/devicecmd?SN=STRANGER9`, `ID=${m![1]}&Return=0&CMD=DATA`);
    await inject('POST', `/iclock/devicecmd?SN=${SN}`, `ID=${m![1]}&Return=0&CMD=DATA\n`);
    const c2 = await sql<{ status: string; result: { users: { pin: string }[] } }>`
      select status, result from device_commands where id = ${backup.id}`.execute(t.tdb.db);
    expect(c2.rows[0]!.status).toBe('done');
    expect(c2.rows[0]!.result.users.map((u) => u.pin)).toEqual(['11', '7001', '7002']);

    await queuePushCommand(ctx, dev, {
      id: deviceId,
      kind: 'query-attlog',
      from: '2026-11-01T00:00:00',
      to: '2026-11-02T00:00:00',
    });
    await queuePushCommand(ctx, dev, { id: deviceId, kind: 'check' });
    await queuePushCommand(ctx, dev, { id: deviceId, kind: 'reboot' });
    const g3 = (await inject('GET', `/iclock/getrequest?SN=${SN}`)).text.trim().split('\n');
    expect(g3.map((l) => l.replace(/^C:\d+:/, ''))).toEqual([
      'DATA QUERY ATTLOG StartTime=2026-11-01 00:00:00\tEndTime=2026-11-02 00:00:00',
      'CHECK',
      'REBOOT',
    ]);
    await inject('POST', `/iclock/devicecmd?SN=${SN}`, g3.map((l) => `ID=${l.split(':')[1]}&Return=-1002&CMD=X`).join('\r\n'));
    const open = await sql<{ n: number }>`
      select count(*)::int as n from device_push_commands where device_id = ${deviceId} and status in ('pending', 'sent')`.execute(
      t.tdb.db,
    );
    expect(open.rows[0]!.n).toBe(0);
  });

  it('a terminal restricted to office networks is refused elsewhere; the REST list shows adms terminals', async () => {
    await createHotspot(ctx, dev, { name: 'HQ LAN', cidr: '10.20.0.0/16', companyOfficeId: null });
    await setPushSettings(ctx, dev, { id: deviceId, officeNetworksOnly: true });
    const body = attlogRow('601', '2026-11-19 10:00:00');
    const outside = await inject('POST', `/iclock/cdata?SN=${SN}&table=ATTLOG`, body, {}, '192.168.77.5');
    expect(outside.status).toBe(403);
    expect(outside.text).toMatch(/office network/);
    const r = await sql<{
      n: number;
    }>`select count(*)::int as n from punches where device_serial = ${SN} and pin = '601'`.execute(t.tdb.db);
    expect(r.rows[0]!.n).toBe(0);
    const inside = await inject('POST', `/iclock/cdata?SN=${SN}&table=ATTLOG`, body, {}, '10.20.3.4');
    expect(inside.text).toBe('OK:1');
    await setPushSettings(ctx, dev, { id: deviceId, officeNetworksOnly: false });
    // Unrestricted again: stored from elsewhere, flagged as outside the office networks.
    const flagged = await inject(
      'POST',
      `/iclock/cdata?SN=${SN}&table=ATTLOG`,
      attlogRow('602', '2026-11-19 10:00:00'),
      {},
      '192.168.77.5',
    );
    expect(flagged.text).toBe('OK:1');
    const f = await sql<{ outside_network: boolean; ip: string }>`
      select outside_network, host(ingest_ip) as ip from punches where device_serial = ${SN} and pin = '602'`.execute(t.tdb.db);
    expect(f.rows[0]).toEqual({ outside_network: true, ip: '192.168.77.5' });

    const token = await loginToken(t.app, t.admin);
    const list = await inject('GET', '/v2/h/fingerspot/device?driver=adms', undefined, { authorization: `Bearer ${token}` });
    expect(list.status).toBe(200);
    expect(JSON.parse(list.text).results.rows).toEqual([expect.objectContaining({ serial: SN, driver: 'adms' })]);
  });
});

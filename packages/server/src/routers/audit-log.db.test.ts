import { describe, expect, it } from 'vitest';
import { useTestApp, refusedParams } from './test-app';

const t = useTestApp({ employees: 2 });

const login = t.seededLogins();
const { get, post } = t.requests(() => login.admin);

describe('developer logs over REST (/v2/h/developer/logs)', () => {
  it('lists audit entries and ingest batches with filters, shows one entry, downloads XLSX', async () => {
    const created = await post('/v2/h/network/hotspot', { name: 'Logs LAN', cidr: '10.9.0.0/16' });
    expect(created.statusCode).toBe(200);
    const ingest = await post('/v2/h/attendance/punch/ingest', {
      agent: 'gate-pc',
      clockSkewMs: 0,
      punches: [{ deviceSerial: 'LOGS-1', pin: '42', localTime: '2026-11-19T08:00:00', state: 0, verifyType: 1 }],
    });
    expect(ingest.statusCode).toBe(200);

    const list = await get('/v2/h/developer/logs?action=hotspot.create');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({
      status: 'success',
      success: 'Logs',
      results: { total: 1, rows: [{ source: 'audit', level: 'info', action: 'hotspot.create', summary: 'new record' }] },
    });
    const agent = (await get('/v2/h/developer/logs?source=agent&level=error')).json().results;
    expect(agent).toMatchObject({ total: 1, rows: [{ action: 'punch.ingest', entity: 'device', entityId: 'LOGS-1' }] });

    const all = (await get('/v2/h/developer/logs?pageSize=100')).json().results.rows as { source: string }[];
    expect(all[0]?.source).toBe('agent');

    const id = list.json().results.rows[0].id as string;
    const detail = await get(`/v2/h/developer/logs/${id}`);
    expect(detail.json()).toMatchObject({
      success: 'Log entry',
      result: { id, payload: { before: null, after: { name: 'Logs LAN', cidr: '10.9.0.0/16' } } },
    });
    expect((await get('/v2/h/developer/logs/audit-99999999')).statusCode).toBe(404);

    const x = await get('/v2/h/developer/logs/download?source=audit');
    expect(x.statusCode).toBe(200);
    expect(x.headers['content-disposition']).toMatch(/logs_\d{4}-\d\d-\d\d_\d{4}-\d\d-\d\d\.xlsx/);
    expect(x.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('answers GL0001 on bad dates and a reversed period', async () => {
    const bad = await get('/v2/h/developer/logs?from=2026-13-01T00:00:00Z&level=fatal');
    expect(refusedParams(bad)).toEqual(['from', 'level']);
    const reversed = await get('/v2/h/developer/logs?from=2026-11-20T00:00:00Z&to=2026-11-19T00:00:00Z');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().errors[0]).toMatchObject({ code: 'GL0001', attributes: [{ param: 'to' }] });
  });

  it('needs developer.access', async () => {
    expect((await get('/v2/h/developer/logs', login.staff)).statusCode).toBe(403);
    expect((await get('/v2/h/developer/logs/audit-1', login.staff)).statusCode).toBe(403);
    expect((await get('/v2/h/developer/logs/download', login.staff)).statusCode).toBe(403);
    expect((await get('/v2/h/developer/logs', {})).statusCode).toBe(401);
  });
});

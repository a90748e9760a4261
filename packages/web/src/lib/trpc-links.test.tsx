import { getUntypedClient } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { fakeTrpcServer } from '../test/render';
import { createTrpcClient } from './trpc';

// The server refuses a tRPC batch holding more than two heavy calls (docs/security.md, issue 16
// item 10): the client sends heavy calls (PDF, spreadsheet, download, import, generation) one per
// request, so a screen that asks for several at once is never refused.
describe('tRPC links', () => {
  it('sends heavy calls on their own requests and batches the rest', async () => {
    const { fetchMock } = fakeTrpcServer({
      'attendance.personal.pdf': () => ({ data: { fileName: 'a.pdf' } }),
      'salary.report.xlsx': () => ({ data: { fileName: 'r.xlsx' } }),
      'auth.me': () => ({ data: { userId: 1 } }),
      'dashboard.summary': () => ({ data: {} }),
    });
    const client = getUntypedClient(createTrpcClient());
    const results = await Promise.all([
      client.query('attendance.personal.pdf', { month: '2026-11' }),
      client.query('attendance.personal.pdf', { month: '2026-10' }),
      client.query('salary.report.xlsx', { id: 1 }),
      client.query('auth.me', undefined),
      client.query('dashboard.summary', undefined),
    ]);
    expect(results[0]).toEqual({ fileName: 'a.pdf' });
    const urls = fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://localhost'));
    const heavy = urls.filter((u) => /pdf|xlsx/.test(u.pathname));
    expect(heavy).toHaveLength(3);
    expect(heavy.every((u) => u.searchParams.get('batch') === null && !u.pathname.includes(','))).toBe(true);
    const light = urls.filter((u) => !/pdf|xlsx/.test(u.pathname));
    expect(light.map((u) => decodeURIComponent(u.pathname))).toEqual(['/trpc/auth.me,dashboard.summary']);
  });
});

import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { isEmptyList, LOOKUP_QUERY_OPTIONS, lookupStaleTime } from './lookup-cache';

describe('lookup cache rule (spec §4)', () => {
  it('treats a missing or empty list as stale and a non-empty one as fresh forever', () => {
    expect(isEmptyList(undefined)).toBe(true);
    expect(isEmptyList([])).toBe(true);
    expect(isEmptyList([{ id: 1, name: 'Islam' }])).toBe(false);
    expect(lookupStaleTime({ state: { data: [] } })).toBe(0);
    expect(lookupStaleTime({ state: { data: [{ id: 1 }] } })).toBe(Number.POSITIVE_INFINITY);
  });

  it('fetches a non-empty list once per session', async () => {
    const client = new QueryClient();
    const fetchList = vi.fn(async () => [{ id: 1, name: 'Islam' }]);
    const opts = { queryKey: ['religions'], queryFn: fetchList, ...LOOKUP_QUERY_OPTIONS };
    await client.fetchQuery(opts);
    await client.fetchQuery(opts);
    await client.fetchQuery(opts);
    expect(fetchList).toHaveBeenCalledTimes(1);
  });

  it('refetches a cached list only while it is empty', async () => {
    const client = new QueryClient();
    const results = [[], [], [{ id: 7, name: 'Head office' }]];
    const fetchList = vi.fn(async () => results.shift() ?? []);
    const opts = { queryKey: ['offices'], queryFn: fetchList, ...LOOKUP_QUERY_OPTIONS };
    expect(await client.fetchQuery(opts)).toEqual([]);
    expect(await client.fetchQuery(opts)).toEqual([]);
    expect(await client.fetchQuery(opts)).toEqual([{ id: 7, name: 'Head office' }]);
    await client.fetchQuery(opts);
    expect(fetchList).toHaveBeenCalledTimes(3);
  });

  it('caches dependent lists per parent key', async () => {
    const client = new QueryClient();
    const fetchDepartments = vi.fn(async (officeId: number) => [{ id: officeId * 10, name: `Dept of ${officeId}` }]);
    const opts = (officeId: number) => ({
      queryKey: ['departments', { companyOfficeId: officeId }],
      queryFn: () => fetchDepartments(officeId),
      ...LOOKUP_QUERY_OPTIONS,
    });
    await client.fetchQuery(opts(1));
    await client.fetchQuery(opts(2));
    await client.fetchQuery(opts(1));
    await client.fetchQuery(opts(2));
    expect(fetchDepartments.mock.calls.map((c) => c[0])).toEqual([1, 2]);
  });
});

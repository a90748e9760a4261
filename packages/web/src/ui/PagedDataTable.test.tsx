import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../i18n';
import { PagedDataTable } from './PagedDataTable';

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

const list = { page: 1, pageSize: 25, setPage: () => {}, setPageSize: () => {} };
const table = (data: { rows: { id: number; name: string }[]; total: number; totalCapped?: boolean }) =>
  render(
    <PagedDataTable
      list={list}
      query={{ data, isFetching: false, isError: false, refetch: () => {} }}
      columns={[{ key: 'name', header: 'Name', cell: (r) => r.name }]}
      empty="Nothing"
    />,
  );

describe('PagedDataTable total', () => {
  it('says "more than" when the server stopped counting (a month of timesheets at 100,000 employees)', async () => {
    table({ rows: [{ id: 1, name: 'Agus' }], total: 10_000, totalCapped: true });
    expect(screen.getByTestId('total-count').textContent).toBe('More than 10000: filter to narrow the list');
    await act(() => i18n.changeLanguage('id'));
    expect(screen.getByTestId('total-count').textContent).toBe('Lebih dari 10000: saring untuk mempersempit daftar');
  });

  it('gives the exact total otherwise', () => {
    table({ rows: [{ id: 1, name: 'Agus' }], total: 1 });
    expect(screen.getByTestId('total-count').textContent).toBe('Total: 1');
  });
});

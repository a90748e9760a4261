import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { fakeTrpcServer } from '../../testing/render-screen';
import { cleanupAfterEach, renderRoute, sessionUser } from '../../testing/screen';
import { LegalTablePage } from './LegalTablePage';

cleanupAfterEach();

const row = (id: number, over: Record<string, unknown>) => ({
  id,
  key: 'bpjs.jp.wage-cap',
  region: null,
  value: '11086300',
  validFrom: '2026-03-01',
  validTo: null,
  source: 'BPJS TK letter B/3307/022026 (confidence medium)',
  note: null,
  usedAt: null,
  usedBy: null,
  createdAt: new Date('2026-11-26T00:00:00Z'),
  ...over,
});
const rows = [
  row(1, { usedAt: new Date('2026-04-25T00:00:00Z'), usedBy: 'payroll run #3 (2026-04)' }),
  row(2, { value: '11650000', validFrom: '2027-03-01', source: 'BPJS TK letter B/1/022027' }),
  row(3, {
    key: 'minimum-wage',
    region: 'kota-surabaya',
    value: '5288796',
    validFrom: '2026-01-01',
    source: 'UMK Kota Surabaya 2026',
  }),
];

function server() {
  return fakeTrpcServer({
    'legalTable.list': () => ({ data: { rows } }),
    'legalTable.add': (input) => ({ data: row(9, input as Record<string, unknown>) }),
    'legalTable.delete': (input) => ({ data: { id: (input as { id: number }).id, deleted: true } }),
  });
}
const render = (permissions: string[]) =>
  renderRoute('/salary/legalTable', <LegalTablePage />, sessionUser(permissions), '/salary/legalTable');

describe('legal tables screen', () => {
  it('lists the dated values with their sources; only unused rows can be deleted', async () => {
    const s = server();
    render(['salary.view', 'salary.setting']);
    expect(await screen.findByText('Rp 11.650.000')).toBeTruthy();
    expect(screen.getByText('Rp 5.288.796')).toBeTruthy();
    expect(screen.getByText('BPJS TK letter B/3307/022026 (confidence medium)')).toBeTruthy();
    expect(screen.getByText('Used by payroll run #3 (2026-04)')).toBeTruthy();
    expect(screen.getAllByText('until the next row')).toHaveLength(3);
    expect(screen.getAllByRole('button', { name: 'Delete' })).toHaveLength(2);
    fireEvent.click(screen.getAllByRole('button', { name: 'Delete' })[0]!);
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /^(Delete|Yes)/ }));
    await waitFor(() => expect(s.calls.some((c) => c.path === 'legalTable.delete')).toBe(true));
    expect(s.calls.find((c) => c.path === 'legalTable.delete')?.input).toEqual({ id: 2 });
  });

  it('adds next year’s value; a missing source is named at its field', async () => {
    const s = server();
    render(['salary.view', 'salary.setting']);
    fireEvent.click(await screen.findByRole('button', { name: 'Add a value' }));
    fireEvent.change(await screen.findByLabelText(/^Value/), { target: { value: 'bpjs.jp.wage-cap' } });
    fireEvent.change(screen.getByLabelText(/^Amount/), { target: { value: '11650000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/Source \(regulation\) field is required/)).toBeTruthy();
    expect(s.calls.some((c) => c.path === 'legalTable.add')).toBe(false);
  });

  it('read-only without salary.setting', async () => {
    server();
    render(['salary.view']);
    expect(await screen.findByText('Rp 11.650.000')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add a value' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('speaks Bahasa Indonesia', async () => {
    server();
    await i18n.changeLanguage('id');
    try {
      render(['salary.view', 'salary.setting']);
      expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Tabel Peraturan');
      expect(await screen.findByText('Dipakai oleh payroll run #3 (2026-04)')).toBeTruthy();
      expect(screen.getAllByText('sampai baris berikutnya')).toHaveLength(3);
      expect(screen.getByRole('button', { name: 'Tambah nilai' })).toBeTruthy();
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});

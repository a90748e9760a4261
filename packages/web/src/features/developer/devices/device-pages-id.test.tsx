import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n';
import { fakeTrpcServer } from '../../../testing/render-screen';
import { renderRoute, sessionUser } from '../../../testing/screen';
import { FingerspotDetailPage } from '../FingerspotDetailPage';
import { FingerspotAddPage } from '../FingerspotFormPage';
import { FingerspotListPage } from '../FingerspotListPage';
import { deviceDetail } from '../device-fixture';

/*
 * The fingerprint terminal pages speak Bahasa Indonesia (issue 19 item 6): headings, columns,
 * badges and buttons come from the `devTerm` texts, not from English literals.
 */

afterEach(cleanup);

const render = (path: string, route: string, element: React.ReactElement) =>
  renderRoute(path, element, sessionUser(['developer.access']), route);

/** Runs a test body with the interface in Bahasa Indonesia, back to English afterwards. */
async function inIndonesian(body: () => Promise<void>) {
  await i18n.changeLanguage('id');
  try {
    await body();
  } finally {
    await i18n.changeLanguage('en');
  }
}

/** English words that must not show once the page is in Bahasa Indonesia. */
const ENGLISH = [
  'Serial number',
  'Serial',
  'Time zone',
  'Last seen',
  'First seen',
  'Add device',
  'Active',
  'Inactive',
  'Never',
  'Edit',
  'Delete',
  'Name',
  'Address',
  'Office',
  'Clock skew',
  'Scans',
  'Comm key',
  'Unmapped',
  'None',
  'Device',
  'Log counts',
  'Scan log',
  'Terminal users',
  'Push terminal',
  'Push commands',
  'Re-send scans',
  'Reboot',
  'Check',
  'Administrator',
];
const expectNoEnglish = () => {
  const text = document.body.textContent ?? '';
  const found = ENGLISH.filter((w) => new RegExp(`(?<![\\p{L}-])${w}(?![\\p{L}-])`, 'u').test(text));
  expect(found).toEqual([]);
};

const deviceRow = (over: Record<string, unknown>) => ({
  id: 1,
  name: 'Gate A',
  driver: 'zk',
  address: '10.0.0.2',
  port: 4370,
  serial: 'SN-A',
  companyOfficeId: null,
  companyOffice: 'Jakarta',
  timeZone: 'Asia/Jakarta',
  lastSeenAt: '2026-11-20T01:00:00.000Z',
  skewMs: 0,
  punches: 12,
  active: true,
  ...over,
});

const detail = (over: Record<string, unknown> = {}) => ({
  data: deviceDetail({
    driver: 'adms',
    port: 8081,
    active: false,
    logCounts: { total: 3, mapped: 1, unmapped: 2, today: 0, lastPunch: null, outsideNetwork: 0 },
    unmappedPins: [
      { pin: '77', employeeId: null, employeeName: null, employeeNumber: null, punches: 2, firstPunch: null, lastPunch: null },
    ],
    ...over,
  }),
});

describe('fingerprint terminal pages in Bahasa Indonesia', () => {
  it('the terminal list', async () => {
    fakeTrpcServer({
      'device.list': () => ({
        data: {
          rows: [deviceRow({}), deviceRow({ id: 2, name: 'Gate C', serial: 'SN-C', lastSeenAt: null, active: false })],
          total: 2,
          page: 1,
          pageSize: 25,
        },
      }),
      'devicePush.unregistered': () => ({
        data: [
          {
            serial: 'SN-X',
            lastIp: '10.0.0.9',
            pushVersion: '2.4.1',
            firstSeenAt: '2026-11-20T01:00:00.000Z',
            lastSeenAt: '2026-11-20T02:00:00.000Z',
            requests: 4,
            rowsRefused: 1,
          },
        ],
      }),
      'deviceCloud.unregistered': () => ({ data: [] }),
    });
    await inIndonesian(async () => {
      render('/developer/fingerspot', '/developer/fingerspot', <FingerspotListPage />);
      const gate = (await screen.findByText('Gate C')).closest('tr')!;
      expect(within(gate).getByText('Tidak aktif')).toBeTruthy();
      expect(within(gate).getByText('Belum pernah')).toBeTruthy();
      expect(within(gate).getByText('Ubah')).toBeTruthy();
      expect(within(gate).getByRole('button', { name: 'Hapus' })).toBeTruthy();
      expect(within(screen.getByText('Gate A').closest('tr')!).getByText('Aktif')).toBeTruthy();
      for (const header of ['Nama', 'Alamat', 'Kantor', 'Zona waktu', 'Terakhir terlihat', 'Selisih jam', 'Jumlah scan'])
        expect(screen.getAllByRole('columnheader', { name: header }).length).toBeGreaterThan(0);
      expect(screen.getAllByRole('columnheader', { name: 'Nomor seri' })).toHaveLength(2);
      expect(screen.getByText('Tambah mesin')).toBeTruthy();
      expect(screen.getByText('Terlihat, belum terdaftar (1)')).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Daftarkan' })).toBeTruthy();
      expect(screen.getByRole('textbox', { name: 'Cari' })).toBeTruthy();
      expect(screen.getAllByText('Protokol ZK (TCP 4370)')).toHaveLength(2);
      expectNoEnglish();
    });
  });

  it('the terminal detail of a push terminal', async () => {
    fakeTrpcServer({
      'device.detail': () => detail(),
      'device.scanlog': () => ({ data: { rows: [], total: 0, page: 1, pageSize: 25 } }),
      'device.command.list': () => ({ data: [] }),
      'devicePush.settings': () => ({
        data: {
          officeNetworksOnly: false,
          pushVersion: '2.4.1',
          attlogStamp: null,
          rowsRejected: 0,
          lastRefusal: null,
          lastRefusalAt: null,
        },
      }),
      'devicePush.commands': () => ({
        data: [
          { id: 1, kind: 'reboot', cmd: 'C:1:REBOOT', status: 'failed', returnCode: -1, createdAt: '2026-11-20T01:00:00.000Z' },
        ],
      }),
      'devicePush.users': () => ({ data: [{ pin: '77', name: 'Budi', privilege: 14, card: null, templates: 2 }] }),
    });
    await inIndonesian(async () => {
      render('/developer/fingerspot/:id/detail', '/developer/fingerspot/5/detail', <FingerspotDetailPage />);
      await screen.findByTestId('device-serial');
      expect(screen.getByText('Mesin')).toBeTruthy();
      for (const label of ['Nomor seri', 'Zona waktu', 'Terakhir terlihat', 'Kunci komunikasi', 'Selisih jam', 'Dilaporkan oleh'])
        expect(screen.getByText(label)).toBeTruthy();
      expect(screen.getByTestId('last-seen').textContent).toBe('Belum pernah');
      expect(screen.getByText('Tidak aktif')).toBeTruthy();
      expect(screen.getByText('Tidak ada')).toBeTruthy();
      expect(screen.getByText('Push ZKTeco ADMS (mesin memanggil /iclock)')).toBeTruthy();
      expect(screen.getByText('Jumlah log')).toBeTruthy();
      expect(screen.getByText('Log scan')).toBeTruthy();
      expect(screen.getByText('Belum ada scan yang diterima dari mesin ini.')).toBeTruthy();
      expect(screen.getByText('PIN belum dipetakan (1)')).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Ubah' })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Unggah pengguna ke mesin' })).toBeTruthy();
      expect(screen.getByText('Mesin push')).toBeTruthy();
      expect(await screen.findByText('Gagal (kode -1)')).toBeTruthy();
      expect(screen.getAllByText('Mulai ulang')).toHaveLength(2);
      expect(await screen.findByText('Admin super')).toBeTruthy();
      expect(screen.getByText('Pengguna dan template sidik jari di mesin (1)')).toBeTruthy();
      expectNoEnglish();
    });
  });

  it('the terminal form', async () => {
    fakeTrpcServer({ 'lookup.companyOffices': () => ({ data: [] }) });
    await inIndonesian(async () => {
      render('/developer/fingerspot/add', '/developer/fingerspot/add', <FingerspotAddPage />);
      expect(await screen.findByLabelText(/^Nama/)).toBeTruthy();
      expect(screen.getByLabelText(/^Nomor seri/)).toBeTruthy();
      expect(screen.getByLabelText(/^Zona waktu/)).toBeTruthy();
      expect(screen.getByLabelText(/^Kunci komunikasi/)).toBeTruthy();
      expect(screen.getByText('Aktif (diambil datanya oleh agen)')).toBeTruthy();
      expect(screen.getByRole('option', { name: 'Protokol ZK (TCP 4370)' })).toBeTruthy();
      expectNoEnglish();
    });
  });
});

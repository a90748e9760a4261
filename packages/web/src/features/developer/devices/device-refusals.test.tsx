import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n';
import { fakeTrpcServer, renderRoutes } from '../../../testing/render-screen';
import { sessionUser } from '../../../testing/screen';
import { FingerspotDetailPage } from '../FingerspotDetailPage';
import { FingerspotAddPage } from '../FingerspotFormPage';
import { deviceDetail } from '../device-fixture';

/*
 * /developer/fingerspot/:id/detail shows what was refused for a terminal (issue 19 item 18) and,
 * for a Fingerspot.io cloud terminal, its webhook URL and secret (issue 21 part 3).
 */

afterEach(cleanup);

const render = (path: string, route: string, element: React.ReactElement) =>
  renderRoutes(
    // The detail route first: where `path` is the detail route itself, the screen takes its place.
    { '/developer/fingerspot/:id/detail': <p>detail page</p>, [path]: element },
    sessionUser(['developer.access']),
    route,
  );

const refusal = {
  id: '3',
  kind: 'credential-bound-elsewhere',
  deviceSerial: 'SN-B',
  source: 'credential gate A pc (cid_abc)',
  boundSerial: 'SN-A',
  firstAt: '2026-11-20T01:00:00Z',
  lastAt: '2026-11-20T02:00:00Z',
  times: 2,
  punches: 37,
  lastMessage: '1 punch(es) of SN-B refused: the credential is bound to terminal SN-A',
};
const detail = (over: Record<string, unknown> = {}) => ({ data: deviceDetail({ refusals: [refusal], ...over }) });
const common = {
  'device.scanlog': () => ({ data: { rows: [], total: 0, page: 1, pageSize: 25 } }),
  'device.command.list': () => ({ data: [] }),
};

describe('refusals on the terminal page', () => {
  it('shows punches refused for a credential bound to another terminal, with counts', async () => {
    fakeTrpcServer({ ...common, 'device.detail': () => detail() });
    render('/developer/fingerspot/:id/detail', '/developer/fingerspot/5/detail', <FingerspotDetailPage />);
    expect(await screen.findByText('Refused (1)')).toBeTruthy();
    const row = screen.getByText('Credential bound to terminal SN-A').closest('tr')!;
    expect(within(row).getByText('credential gate A pc (cid_abc)')).toBeTruthy();
    expect(within(row).getByText('37')).toBeTruthy();
    expect(screen.getByText(/hr-agent quarantine retry/)).toBeTruthy();
  });

  it('shows nothing when nothing was refused', async () => {
    fakeTrpcServer({ ...common, 'device.detail': () => detail({ refusals: [] }) });
    render('/developer/fingerspot/:id/detail', '/developer/fingerspot/5/detail', <FingerspotDetailPage />);
    await screen.findByTestId('device-serial');
    expect(screen.queryByText(/^Refused/)).toBeNull();
  });

  it('speaks Bahasa Indonesia', async () => {
    fakeTrpcServer({ ...common, 'device.detail': () => detail() });
    await i18n.changeLanguage('id');
    try {
      render('/developer/fingerspot/:id/detail', '/developer/fingerspot/5/detail', <FingerspotDetailPage />);
      expect(await screen.findByText('Ditolak (1)')).toBeTruthy();
      expect(screen.getByText('Kredensial terikat ke terminal SN-A')).toBeTruthy();
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});

describe('Fingerspot.io cloud terminal', () => {
  it('shows the webhook URL and issues a secret shown once', async () => {
    const server = fakeTrpcServer({
      ...common,
      'device.detail': () =>
        detail({ driver: 'fingerspot-cloud', cloudId: 'C2630450C3231D28', refusals: [], address: 'developer.fingerspot.io' }),
      'deviceCloud.rotateSecret': () => ({
        data: { id: 5, cloudId: 'C2630450C3231D28', secret: 'fsw_once', setAt: '2026-11-20T03:00:00.000Z' },
      }),
    });
    render('/developer/fingerspot/:id/detail', '/developer/fingerspot/5/detail', <FingerspotDetailPage />);
    expect((await screen.findByTestId('webhook-url')).textContent).toMatch(/\/api\/fingerspot\/webhook$/);
    expect(screen.getByTestId('webhook-secret-state').textContent).toMatch(/every webhook of this terminal is refused/);
    fireEvent.click(screen.getByRole('button', { name: 'Issue secret' }));
    expect((await screen.findByTestId('webhook-secret')).textContent).toBe('fsw_once');
    expect(server.calls.find((c) => c.path === 'deviceCloud.rotateSecret')?.input).toEqual({ id: 5 });
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByTestId('webhook-secret')).toBeNull());
  });

  it('the registry form asks for the cloud id of a cloud terminal', async () => {
    const server = fakeTrpcServer({
      'lookup.companyOffices': () => ({ data: [] }),
      'device.create': () => ({ data: { id: 9 } }),
    });
    render('/developer/fingerspot/add', '/developer/fingerspot/add', <FingerspotAddPage />);
    fireEvent.change(await screen.findByLabelText(/^Name/), { target: { value: 'Lobby MKS' } });
    fireEvent.change(screen.getByLabelText(/^Driver/), { target: { value: 'fingerspot-cloud' } });
    fireEvent.change(screen.getByLabelText(/^Serial number/), { target: { value: 'FS-MKS-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/^Cloud id field is required$/i)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^Cloud id/), { target: { value: 'C2630450C3231D28' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(server.calls.find((c) => c.path === 'device.create')?.input).toMatchObject({
        driver: 'fingerspot-cloud',
        address: 'developer.fingerspot.io',
        port: 443,
        serial: 'FS-MKS-01',
        cloudId: 'C2630450C3231D28',
      }),
    );
  });
});

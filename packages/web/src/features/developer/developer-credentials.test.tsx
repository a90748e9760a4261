import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeTrpcServer, renderRoutes } from '../../testing/render-screen';
import { cleanupAfterEach, sessionUser } from '../../testing/screen';
import { CredentialAddPage } from './CredentialAddPage';
import { CredentialEditPage } from './CredentialEditPage';
import { CredentialListPage } from './CredentialListPage';
import { FingerspotDetailPage } from './FingerspotDetailPage';
import { credentialDetail } from './credential-fixture';
import { deviceDetail } from './device-fixture';

cleanupAfterEach();

const render = (path: string, route: string, element: React.ReactElement) =>
  renderRoutes({ [path]: element, '/developer/credential': <p>credential list</p> }, sessionUser(['developer.access']), route);

const devices = { data: { rows: [{ id: 4, name: 'Gate JKT', serial: 'CKPG1' }], total: 1, page: 1, pageSize: 500 } };
const credential = credentialDetail;

describe('/developer/credential', () => {
  it('add: ingest scope by default, a terminal binding, the secret shown once', async () => {
    const server = fakeTrpcServer({
      'device.list': () => devices,
      'auth.credential.create': () => ({
        data: { id: 7, clientId: 'cid_abc', clientSecret: 'sec_once', name: 'Gate agent', scopes: ['ingest'], deviceId: 4 },
      }),
    });
    render('/developer/credential/add', '/developer/credential/add', <CredentialAddPage />);
    expect((screen.getByLabelText(/Ingest only/) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Name field is required')).toBeTruthy();

    fireEvent.change(screen.getByLabelText(/Name/), { target: { value: 'Gate agent' } });
    await screen.findByRole('option', { name: 'Gate JKT (CKPG1)' });
    fireEvent.change(screen.getByLabelText('Terminal'), { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect((await screen.findByTestId('client-secret')).textContent).toBe('sec_once');
    expect(server.calls.find((c) => c.path === 'auth.credential.create')?.input).toEqual({
      name: 'Gate agent',
      scopes: ['ingest'],
      deviceId: 4,
    });
  });

  it('list: scope, terminal and an edit link per live credential', async () => {
    fakeTrpcServer({
      'auth.credential.list': () => ({
        data: [
          { ...credential, deviceId: 4, deviceName: 'Gate JKT', deviceSerial: 'CKPG1' },
          { ...credential, id: 8, name: 'Old', scopes: ['full'], revokedAt: '2026-11-21T00:00:00.000Z' },
        ],
      }),
    });
    render('/developer/credential/list', '/developer/credential/list', <CredentialListPage />);
    const table = await screen.findByRole('table');
    await within(table).findByText('Gate JKT (CKPG1)');
    expect(within(table).getByText('Ingest only')).toBeTruthy();
    expect(within(table).getByText('Full access')).toBeTruthy();
    const links = within(table).getAllByRole('link', { name: /Edit/ });
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/developer/credential/7/edit']);
  });

  it('edit: name, scope and terminal saved; rotate shows the new secret once', async () => {
    const server = fakeTrpcServer({
      'device.list': () => devices,
      'auth.credential.detail': () => ({ data: credential }),
      'auth.credential.update': () => ({ data: { ...credential, name: 'Renamed', scopes: ['full'], deviceId: 4 } }),
      'auth.credential.rotate': () => ({ data: { id: 7, clientId: 'cid_abc', clientSecret: 'sec_new', name: 'Gate agent' } }),
    });
    render('/developer/credential/:id/edit', '/developer/credential/7/edit', <CredentialEditPage />);
    const name = (await screen.findByLabelText(/Name/)) as HTMLInputElement;
    expect(name.value).toBe('Gate agent');

    fireEvent.click(screen.getByRole('button', { name: 'Rotate secret' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/current secret stops working/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rotate secret' }));
    expect((await screen.findByTestId('client-secret')).textContent).toBe('sec_new');
    expect(server.calls.find((c) => c.path === 'auth.credential.rotate')?.input).toEqual({ id: 7 });

    fireEvent.change(name, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name field is required')).toBeTruthy();
    fireEvent.change(name, { target: { value: 'Renamed' } });
    fireEvent.click(screen.getByLabelText(/Full access/));
    await screen.findByRole('option', { name: 'Gate JKT (CKPG1)' });
    fireEvent.change(screen.getByLabelText('Terminal'), { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('credential list')).toBeTruthy();
    expect(server.calls.find((c) => c.path === 'auth.credential.update')?.input).toEqual({
      id: 7,
      name: 'Renamed',
      scopes: ['full'],
      deviceId: 4,
    });
  });

  it('edit: a revoked credential is shown, not editable', async () => {
    fakeTrpcServer({
      'device.list': () => devices,
      'auth.credential.detail': () => ({ data: { ...credential, revokedAt: '2026-11-21T00:00:00.000Z' } }),
    });
    render('/developer/credential/:id/edit', '/developer/credential/7/edit', <CredentialEditPage />);
    expect(await screen.findByText('This credential is revoked and can no longer be edited.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});

describe('/developer/fingerspot/:id/detail: office networks', () => {
  it('counts and flags scans from outside the office networks, and filters on them', async () => {
    const scan = {
      id: '1',
      pin: '1001',
      localTime: '2026-11-20T08:00:00',
      state: 0,
      verifyType: 1,
      agent: 'pc',
      receivedAt: '2026-11-20T01:00:00Z',
      employeeId: null,
      employeeName: null,
      employeeNumber: null,
      outsideNetwork: true,
      ingestIp: '203.0.113.9',
    };
    const server = fakeTrpcServer({
      'device.detail': () => ({
        data: deviceDetail({
          id: 4,
          name: 'Gate JKT',
          address: '10.0.0.2',
          serial: 'CKPG1',
          logCounts: { total: 3, mapped: 0, unmapped: 3, today: 0, lastPunch: null, outsideNetwork: 1 },
        }),
      }),
      'device.scanlog': () => ({ data: { rows: [scan], total: 1, page: 1, pageSize: 25 } }),
      'device.command.list': () => ({
        data: [
          {
            id: 12,
            kind: 'backup-users',
            status: 'done',
            users: 21,
            error: null,
            createdAt: '2026-11-20T01:00:00Z',
            fetchedAt: '2026-11-20T01:00:05Z',
            finishedAt: '2026-11-20T01:00:06Z',
            hasBackup: true,
          },
          {
            id: 11,
            kind: 'upload-users',
            status: 'failed',
            users: 2,
            error: 'cannot connect to 10.0.0.2:4370: ECONNREFUSED',
            createdAt: '2026-11-20T00:00:00Z',
            fetchedAt: '2026-11-20T00:00:05Z',
            finishedAt: '2026-11-20T00:00:06Z',
            hasBackup: false,
          },
        ],
      }),
      'device.command.queue': () => ({
        data: {
          id: 13,
          kind: 'upload-users',
          status: 'pending',
          users: 2,
          error: null,
          createdAt: '2026-11-20T02:00:00Z',
          fetchedAt: null,
          finishedAt: null,
          hasBackup: false,
        },
      }),
      'device.command.backup': () => ({
        data: { fileName: 'users-CKPG1-2026-11-20.json', contentType: 'application/json', base64: 'e30=', rows: 21 },
      }),
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }));
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    render('/developer/fingerspot/:id/detail', '/developer/fingerspot/4/detail', <FingerspotDetailPage />);
    expect((await screen.findByTestId('count-outside')).textContent).toBe('1');
    expect(await screen.findByText('Outside office network (203.0.113.9)')).toBeTruthy();
    // Terminal users: the commands, a failure with its reason, a backup to download, and queueing.
    expect(await screen.findByText('Failed: cannot connect to 10.0.0.2:4370: ECONNREFUSED')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Download backup' }));
    await waitFor(() => expect(saved).toEqual(['users-CKPG1-2026-11-20.json']));
    expect(server.calls.find((c) => c.path === 'device.command.backup')?.input).toEqual({ id: 12 });
    click.mockRestore();
    fireEvent.click(screen.getByRole('button', { name: 'Upload users to the terminal' }));
    await waitFor(() =>
      expect(server.calls.find((c) => c.path === 'device.command.queue')?.input).toEqual({ id: 4, kind: 'upload-users' }),
    );
    fireEvent.click(screen.getByLabelText('Outside office network only'));
    await waitFor(() => {
      const last = server.calls.filter((c) => c.path === 'device.scanlog').at(-1)?.input;
      expect(last).toMatchObject({ id: 4, outsideNetwork: true, page: 1 });
    });
  });
});

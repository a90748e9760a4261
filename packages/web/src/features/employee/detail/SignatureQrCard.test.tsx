import type { SessionUser } from '@hr/core/browser';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeTrpcServer, renderAs } from '../../../testing/render-screen';
import { SignatureQrCard } from './SignatureQrCard';
import { capturedDownloadsEachTest } from '../../../testing/downloads';
import { cleanupAfterEach } from '../../../testing/screen';

const saved = capturedDownloadsEachTest();

cleanupAfterEach();

const PNG_BYTES = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3];
const SIGNATURE = {
  fileName: 'sign.png',
  contentType: 'image/png',
  size: PNG_BYTES.length,
  uploadedAt: '2026-11-20T03:00:00.000Z',
  uploadedBy: 'Admin HR',
};
const QR = { text: 'EMP:JKT-00001', cardCode: 'ABCD1234', generatedAt: '2026-11-20T03:00:00.000Z', generatedBy: 'Admin HR' };
const user = (permissions: string[]) =>
  ({ id: 1, email: 'a@x.co.id', roles: [], permissions, employeeId: 9 }) as unknown as SessionUser;

function renderCard(permissions: string[], canManage: boolean) {
  return renderAs(<SignatureQrCard employeeId={7} canManage={canManage} />, user(permissions));
}
const pickFile = (file: File) =>
  fireEvent.change(screen.getByLabelText('Signature file (PNG or JPG)'), { target: { files: [file] } });

describe('SignatureQrCard', () => {
  it('HR uploads a signature, sees it, deletes it, and generates the QR code', async () => {
    let state: { signature: typeof SIGNATURE | null; qrCode: typeof QR | null } = { signature: null, qrCode: null };
    const server = fakeTrpcServer({
      'employee.signature.info': () => ({ data: state }),
      'employee.signature.get': () => ({
        data: { fileName: 'sign.png', contentType: 'image/png', base64: btoa(String.fromCharCode(...PNG_BYTES)) },
      }),
      'employee.signature.upload': () => {
        state = { ...state, signature: SIGNATURE };
        return { data: state };
      },
      'employee.signature.delete': () => {
        state = { ...state, signature: null };
        return { data: { id: 7 } };
      },
      'employee.qrCode.generate': () => {
        state = { ...state, qrCode: QR };
        return { data: { fileName: 'qr-JKT-00001.png', contentType: 'image/png', base64: btoa('png') } };
      },
    });
    renderCard(['employee.view', 'employee.update'], true);

    const sig = await screen.findByTestId('signature-section');
    expect(await within(sig).findByText('No signature uploaded.')).toBeTruthy();
    pickFile(new File([new Uint8Array(PNG_BYTES)], 'sign.png', { type: 'image/png' }));
    const img = (await within(sig).findByRole('img', { name: 'Signature' })) as HTMLImageElement;
    expect(img.src).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
    const up = server.calls.find((c) => c.path === 'employee.signature.upload');
    expect(up?.input).toEqual({
      id: 7,
      fileName: 'sign.png',
      contentType: 'image/png',
      contentBase64: btoa(String.fromCharCode(...PNG_BYTES)),
    });
    expect(within(sig).getByText(/sign\.png/)).toBeTruthy();

    fireEvent.click(within(sig).getByRole('button', { name: 'Delete signature' }));
    expect(await within(sig).findByText('No signature uploaded.')).toBeTruthy();
    expect(server.calls.find((c) => c.path === 'employee.signature.delete')?.input).toEqual({ id: 7 });

    const qr = screen.getByTestId('qr-section');
    fireEvent.click(within(qr).getByRole('button', { name: 'Generate QR code' }));
    expect(await within(qr).findByText('EMP:JKT-00001')).toBeTruthy();
    expect(saved.map(({ fileName, contentType }) => ({ fileName, contentType }))).toEqual([
      { fileName: 'qr-JKT-00001.png', contentType: 'image/png' },
    ]);
    expect(saved[0]?.blob?.size).toBe('png'.length);
    expect(within(qr).getByRole('button', { name: 'Regenerate QR code' })).toBeTruthy();
    expect(within(qr).getByRole('button', { name: 'Download ID card (PDF)' })).toBeTruthy();
  });

  it('refuses a file that is not a small PNG or JPG before sending it', async () => {
    const server = fakeTrpcServer({ 'employee.signature.info': () => ({ data: { signature: null, qrCode: null } }) });
    renderCard(['employee.view', 'employee.update'], true);
    await screen.findByText('No signature uploaded.');
    pickFile(new File(['%PDF'], 'sign.pdf', { type: 'application/pdf' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Choose a PNG or JPG image of at most 200 KB.');
    pickFile(new File([new Uint8Array(200 * 1024 + 1)], 'big.png', { type: 'image/png' }));
    await waitFor(() => expect(screen.getByRole('alert')).toBeTruthy());
    expect(server.calls.some((c) => c.path === 'employee.signature.upload')).toBe(false);
  });

  it('on the personal profile the employee uploads their own signature and downloads their QR, but cannot delete or generate', async () => {
    let state: { signature: typeof SIGNATURE | null; qrCode: typeof QR | null } = { signature: null, qrCode: QR };
    const server = fakeTrpcServer({
      'employee.signature.mineInfo': () => ({ data: state }),
      'employee.signature.mine': () => ({ data: { fileName: 'sign.png', contentType: 'image/png', base64: btoa('x') } }),
      'employee.signature.uploadMine': () => {
        state = { ...state, signature: SIGNATURE };
        return { data: state };
      },
    });
    renderCard(['personal.access'], false);
    expect(await screen.findByText('EMP:JKT-00001')).toBeTruthy();
    pickFile(new File([new Uint8Array(PNG_BYTES)], 'sign.png', { type: 'image/png' }));
    expect(await screen.findByRole('img', { name: 'Signature' })).toBeTruthy();
    expect(server.calls.find((c) => c.path === 'employee.signature.uploadMine')?.input).toMatchObject({ fileName: 'sign.png' });
    expect(screen.queryByRole('button', { name: 'Delete signature' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Generate QR code/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Download QR (PNG)' })).toBeTruthy();
    expect(server.calls.some((c) => c.path === 'employee.signature.info')).toBe(false);
  });
});

import {
  deleteSignature,
  downloadOwnQrCode,
  downloadOwnQrCodeInput,
  downloadOwnSignature,
  downloadQrCode,
  downloadQrCodeInput,
  downloadSignature,
  employeeIdInput,
  generateQrCode,
  getOwnSignatureQrInfo,
  getSignatureQrInfo,
  uploadOwnSignature,
  uploadOwnSignatureInput,
  uploadSignature,
  uploadSignatureInput,
} from '@hr/core/employees';
import { router } from '../trpc/procedures';
import { call, gate, noInput } from '../trpc/crud';
import {
  deleteSignatureOutput,
  getOwnSignatureQrInfoOutput,
  getSignatureQrInfoOutput,
  uploadOwnSignatureOutput,
  uploadSignatureOutput,
} from '@hr/core/employees';
import { fileResult } from '../trpc/output';

/*
 * An employee's signature and QR code (issue 3, spec §7 employee "signature deletion, QRCode
 * generate and download"). Reading follows the detail page (employee.view), changing follows the
 * detail sections (employee.update); both within the data scope. The employee reads and uploads
 * their own signature and downloads their own QR code under personal.access.
 */
const E = '/v2/h/employee/{id}';

const view = gate('employee.view');
const update = gate('employee.update');
const personal = gate('personal.access');

/** An employee's signature (upload, download, delete) (issue 3). */
export const signatureRouter = router({
  info: view.get(
    `${E}/signature/info`,
    'Signature and QR code',
    call(employeeIdInput, getSignatureQrInfo, getSignatureQrInfoOutput),
  ),
  get: view.file(`${E}/signature`, 'Signature', call(employeeIdInput, downloadSignature, fileResult)),
  upload: update.post(`${E}/signature`, 'Signature uploaded', call(uploadSignatureInput, uploadSignature, uploadSignatureOutput)),
  delete: update.post(
    `${E}/signature/delete`,
    'Signature deleted',
    call(employeeIdInput, deleteSignature, deleteSignatureOutput),
  ),
  mineInfo: personal.get(
    '/v2/h/personal/signature/info',
    'Signature and QR code',
    noInput(getOwnSignatureQrInfo, getOwnSignatureQrInfoOutput),
  ),
  mine: personal.file('/v2/h/personal/signature', 'Signature', noInput(downloadOwnSignature, fileResult)),
  uploadMine: personal.post(
    '/v2/h/personal/signature',
    'Signature uploaded',
    call(uploadOwnSignatureInput, uploadOwnSignature, uploadOwnSignatureOutput),
  ),
});

/** An employee's QR code (generate, download) (issue 3). */
export const qrCodeRouter = router({
  generate: update.post(`${E}/qrCode/generate`, 'QR code generated', call(employeeIdInput, generateQrCode, fileResult), {
    download: true,
  }),
  download: view.file(`${E}/qrCode/download`, 'QR code', call(downloadQrCodeInput, downloadQrCode, fileResult)),
  downloadMine: personal.file(
    '/v2/h/personal/qrCode/download',
    'QR code',
    call(downloadOwnQrCodeInput, downloadOwnQrCode, fileResult),
  ),
});

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
import { permissionProcedure, router } from '../trpc/procedures';
import {
  deleteSignatureOutput,
  getOwnSignatureQrInfoOutput,
  getSignatureQrInfoOutput,
  uploadOwnSignatureOutput,
  uploadSignatureOutput,
} from '@hr/core/employees';
import { fileResult, returns } from '../trpc/output';

/*
 * An employee's signature and QR code (issue 3, spec §7 employee "signature deletion, QRCode
 * generate and download"). Reading follows the detail page (employee.view), changing follows the
 * detail sections (employee.update); both within the data scope. The employee reads and uploads
 * their own signature and downloads their own QR code under personal.access.
 */
const E = '/v2/h/employee/{id}';

/** An employee's signature (upload, download, delete) (issue 3). */
export const signatureRouter = router({
  info: permissionProcedure('employee.view')
    .meta({ rest: { method: 'GET', path: `${E}/signature/info`, message: 'Signature and QR code' } })
    .input(employeeIdInput)
    .output(returns(getSignatureQrInfoOutput))
    .query(({ ctx, input }) => getSignatureQrInfo(ctx.svc, ctx.grant, input)),
  get: permissionProcedure('employee.view')
    .meta({ rest: { method: 'GET', path: `${E}/signature`, message: 'Signature', download: true } })
    .input(employeeIdInput)
    .output(returns(fileResult))
    .query(({ ctx, input }) => downloadSignature(ctx.svc, ctx.grant, input)),
  upload: permissionProcedure('employee.update')
    .meta({ rest: { method: 'POST', path: `${E}/signature`, message: 'Signature uploaded' } })
    .input(uploadSignatureInput)
    .output(returns(uploadSignatureOutput))
    .mutation(({ ctx, input }) => uploadSignature(ctx.svc, ctx.grant, input)),
  delete: permissionProcedure('employee.update')
    .meta({ rest: { method: 'POST', path: `${E}/signature/delete`, message: 'Signature deleted' } })
    .input(employeeIdInput)
    .output(returns(deleteSignatureOutput))
    .mutation(({ ctx, input }) => deleteSignature(ctx.svc, ctx.grant, input)),
  mineInfo: permissionProcedure('personal.access')
    .meta({ rest: { method: 'GET', path: '/v2/h/personal/signature/info', message: 'Signature and QR code' } })
    .output(returns(getOwnSignatureQrInfoOutput))
    .query(({ ctx }) => getOwnSignatureQrInfo(ctx.svc, ctx.grant)),
  mine: permissionProcedure('personal.access')
    .meta({ rest: { method: 'GET', path: '/v2/h/personal/signature', message: 'Signature', download: true } })
    .output(returns(fileResult))
    .query(({ ctx }) => downloadOwnSignature(ctx.svc, ctx.grant)),
  uploadMine: permissionProcedure('personal.access')
    .meta({ rest: { method: 'POST', path: '/v2/h/personal/signature', message: 'Signature uploaded' } })
    .input(uploadOwnSignatureInput)
    .output(returns(uploadOwnSignatureOutput))
    .mutation(({ ctx, input }) => uploadOwnSignature(ctx.svc, ctx.grant, input)),
});

/** An employee's QR code (generate, download) (issue 3). */
export const qrCodeRouter = router({
  generate: permissionProcedure('employee.update')
    .meta({ rest: { method: 'POST', path: `${E}/qrCode/generate`, message: 'QR code generated', download: true } })
    .input(employeeIdInput)
    .output(returns(fileResult))
    .mutation(({ ctx, input }) => generateQrCode(ctx.svc, ctx.grant, input)),
  download: permissionProcedure('employee.view')
    .meta({ rest: { method: 'GET', path: `${E}/qrCode/download`, message: 'QR code', download: true } })
    .input(downloadQrCodeInput)
    .output(returns(fileResult))
    .query(({ ctx, input }) => downloadQrCode(ctx.svc, ctx.grant, input)),
  downloadMine: permissionProcedure('personal.access')
    .meta({ rest: { method: 'GET', path: '/v2/h/personal/qrCode/download', message: 'QR code', download: true } })
    .input(downloadOwnQrCodeInput)
    .output(returns(fileResult))
    .query(({ ctx, input }) => downloadOwnQrCode(ctx.svc, ctx.grant, input)),
});

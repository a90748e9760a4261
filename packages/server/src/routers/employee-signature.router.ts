import { router } from '../trpc/procedures';

/** An employee's signature (upload, download, delete) (issue 3). */
export const signatureRouter = router({});

/** An employee's QR code (generate, download) (issue 3). */
export const qrCodeRouter = router({});

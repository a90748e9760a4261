/** The shared kernel other packages use: the service context, errors, PDF rendering, the company time zone, zod helpers, heavy calls. */
export { type Ctx, type Db, inTransaction, systemClock } from './context';
export { AppError, ERROR_CODES, type ErrorCode, type FieldIssue, forbidden } from './errors';
export * from './heavy';
export { type PdfColumn, type PdfDocumentSpec, type PdfTable, renderPdf } from './pdf';
export { COMPANY_TIME_ZONE, companyYear, dateInZone } from './time-zone';
export * from './zod';
export { derivedOnce, type Freshness, isSharedValue, readCacheCounters, setReadCache } from './freshness';

import { router } from '../trpc/procedures';

/** /developer/logs: the audit log and agent/ingest events (issue 6). */
export const auditLogRouter = router({});

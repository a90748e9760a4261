import { exportLogs, getLog, listLogs, listLogsInput, logIdInput, logsExcelInput } from '@hr/core/audit';
import { router } from '../trpc/procedures';
import { call, gate } from '../trpc/crud';
import { getLogOutput, listLogsOutput } from '@hr/core/audit';
import { fileResult } from '../trpc/output';

/** /developer/logs: the audit log and agent/ingest events (issue 6), behind the developer menu permission. */
const P = '/v2/h/developer/logs';

const dev = gate('developer.access');

export const auditLogRouter = router({
  list: dev.list(P, 'Logs', call(listLogsInput, listLogs, listLogsOutput)),
  download: dev.file(`${P}/download`, 'Logs download', call(logsExcelInput, exportLogs, fileResult)),
  detail: dev.get(`${P}/{id}`, 'Log entry', call(logIdInput, getLog, getLogOutput)),
});

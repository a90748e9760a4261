import { exportLogs, getLog, listLogs, listLogsInput, logIdInput, logsExcelInput } from '@hr/core/audit';
import { permissionProcedure, router } from '../trpc/procedures';
import { getLogOutput, listLogsOutput } from '@hr/core/audit';
import { fileResult, returns } from '../trpc/output';

/** /developer/logs: the audit log and agent/ingest events (issue 6), behind the developer menu permission. */
const P = '/v2/h/developer/logs';
const dev = () => permissionProcedure('developer.access');

export const auditLogRouter = router({
  list: dev()
    .meta({ rest: { method: 'GET', path: P, message: 'Logs', results: true } })
    .input(listLogsInput)
    .output(returns(listLogsOutput))
    .query(({ ctx, input }) => listLogs(ctx.svc, ctx.grant, input)),
  download: dev()
    .meta({ rest: { method: 'GET', path: `${P}/download`, message: 'Logs download', download: true } })
    .input(logsExcelInput)
    .output(returns(fileResult))
    .query(({ ctx, input }) => exportLogs(ctx.svc, ctx.grant, input)),
  detail: dev()
    .meta({ rest: { method: 'GET', path: `${P}/{id}`, message: 'Log entry' } })
    .input(logIdInput)
    .output(returns(getLogOutput))
    .query(({ ctx, input }) => getLog(ctx.svc, ctx.grant, input)),
});

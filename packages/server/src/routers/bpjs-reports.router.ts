import {
  bpjsFileInput,
  bpjsRecapInput,
  bpjsReportInput,
  downloadBpjsKesehatan,
  downloadBpjsKetenagakerjaan,
  downloadBpjsRecap,
  getBpjsRecap,
  getBpjsRecapOutput,
  getBpjsReport,
  getBpjsReportOutput,
} from '@hr/core/bpjs-reports';
import { fileResult } from '../trpc/output';
import { router } from '../trpc/procedures';
import { call, gate } from '../trpc/crud';

/*
 * BPJS reports (issue 18 §3; docs/bpjs-reports.md): the e-Dabu upload (BPJS Kesehatan) and the BPJS
 * Ketenagakerjaan wage report of a finalised payroll run, and the monthly recap per programme. Read-only;
 * salary.view like the payroll runs; data-scoped in core (employees outside the caller's scope are in no report).
 */
const B = '/v2/h/salary/bpjsReport';

const view = gate('salary.view');

export const bpjsReportRouter = router({
  detail: view.get(
    `${B}/{id}/detail`,
    'BPJS report of the payroll run',
    call(bpjsReportInput, getBpjsReport, getBpjsReportOutput),
  ),
  kesehatan: view.file(
    `${B}/{id}/kesehatan`,
    'BPJS Kesehatan e-Dabu upload',
    call(bpjsFileInput, downloadBpjsKesehatan, fileResult),
  ),
  ketenagakerjaan: view.file(
    `${B}/{id}/ketenagakerjaan`,
    'BPJS Ketenagakerjaan wage report',
    call(bpjsFileInput, downloadBpjsKetenagakerjaan, fileResult),
  ),
  recap: view.get(`${B}/recap`, 'BPJS recap', call(bpjsRecapInput, getBpjsRecap, getBpjsRecapOutput)),
  recapDownload: view.file(`${B}/recap/download`, 'BPJS recap download', call(bpjsRecapInput, downloadBpjsRecap, fileResult)),
});

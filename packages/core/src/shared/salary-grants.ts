import type { Grant } from '../access/index';

/*
 * The grants of the salary permissions, as the services around payroll take them (bank transfer
 * files, tax reports, BPJS reports): seeing pay, changing it, and its settings.
 */

/** `salary.view`: reads pay (previews, reports, exports' lists). */
export type SalaryView = Grant<'salary.view'>;
/** `salary.update`: writes what pays (exports, filings). */
export type SalaryUpdate = Grant<'salary.update'>;
/** `salary.setting`: the settings around pay (templates, the company's tax identity). */
export type SalarySetting = Grant<'salary.setting'>;

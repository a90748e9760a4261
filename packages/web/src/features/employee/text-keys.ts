import { en } from '../../i18n/en';

/** A field label of the employee screens, `employeeDetail.fields.<key>`. */
export type EmployeeField = keyof typeof en.employeeDetail.fields;
/** A section title of the employee detail page, `employeeDetail.sections.<key>`. */
export type EmployeeSection = keyof typeof en.employeeDetail.sections;

/** Whether a field name that arrives as data (a server error, an update request) has a label. */
export const isEmployeeField = (k: string): k is EmployeeField => Object.hasOwn(en.employeeDetail.fields, k);
/** Whether a section name that arrives as data has a title. */
export const isEmployeeSection = (k: string): k is EmployeeSection => Object.hasOwn(en.employeeDetail.sections, k);

/** A text of the resignation screens, `resignation.<key>`. */
export type ResignationText = keyof typeof en.resignation;
/** Whether a field name that arrives as data (a server error) has a resignation label. */
export const isResignationText = (k: string): k is ResignationText => Object.hasOwn(en.resignation, k);

import { z } from 'zod';
import { optionalId } from '../shared/zod';

/** Home dashboard widgets (issue 8; spec §7 dashboard/…). */
export const upcomingBirthdaysInput = z.object({
  /** Look-ahead in days, today included. */
  days: z.coerce.number().int().min(1).max(60).default(30),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});

export const expiringContractsInput = z.object({
  days: z.coerce.number().int().min(1).max(180).default(30),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});

/** The leave report widget: a year (default the current one) and optional placement filters. */
export const dashboardLeaveReportInput = z.object({
  year: z.coerce.number().int().min(1900).max(2100).optional(),
  companyOfficeId: optionalId,
  departmentId: optionalId,
});

export const liveTimesheetInput = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(10),
});

export interface BirthdayRow {
  employeeId: number;
  employeeNumber: string;
  employeeName: string;
  department: string | null;
  /** The next birthday, yyyy-mm-dd (29 February is celebrated on 28 February in other years). */
  date: string;
  /** Days from today: 0 = today. */
  inDays: number;
  /** The age the person turns; null unless the caller holds employee.view over them (privacy: no birth year). */
  turns: number | null;
}

export interface ExpiringContractRow {
  employeeId: number;
  employeeNumber: string;
  employeeName: string;
  department: string | null;
  contractId: number;
  contractNumber: string;
  contractType: number;
  endDate: string;
  inDays: number;
}

export interface LiveTimesheet {
  date: string;
  /** Employees in scope with a shift today (roster, else the default shift on a workday), not on holiday. */
  scheduled: number;
  clockedIn: number;
  late: number;
  notYetIn: number;
  onLeave: number;
  /** Latest clock-ins first. */
  latest: { employeeId: number; employeeName: string; department: string | null; firstIn: string; late: boolean }[];
}

export interface TodayShift {
  date: string;
  shift: string | null;
  holiday: string | null;
  /** Own timesheet so far today. */
  firstIn: string | null;
  lastOut: string | null;
  status: number | null;
}

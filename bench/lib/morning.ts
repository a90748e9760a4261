/**
 * What each role does at 08:00, as request sequences for `pnpm bench load` (bench/load.ts). Every
 * virtual user signs in once (a real login: password hash and all), then loops over its role's
 * sequence: the home dashboard (one tRPC batch, as the web app sends it), its own timesheet, and
 * the role's work: employees file a one-day leave request, HR and managers search employees and
 * look at what awaits them, HR approves leave, the warehouse looks at its requests and items.
 *
 * HR approvers split the pending requests between them by id (id mod number of approvers), so two
 * virtual users never race for the same request: a 409 in the figures is a real error.
 */

export type MorningRole = 'employee' | 'manager' | 'hr' | 'warehouse';

export interface VirtualUser {
  index: number;
  role: MorningRole;
  email: string;
  password: string;
  /** HR approvers: this user's share of pending requests (id mod `of` = `slot`). */
  approver?: { slot: number; of: number };
}

export interface MorningPlan {
  leaveTypeId: number;
  /** Working days to file one-day leave on, one after another (no two requests of a user overlap). */
  leaveDates: string[];
  /** The period of "my timesheet" and of the timesheet list (yyyy-mm-dd). */
  from: string;
  to: string;
  /** Names typed into the employee search. */
  searchTerms: string[];
}

export interface StepRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: unknown;
}

export interface Step {
  name: string;
  next(): StepRequest;
  answered(status: number, body: string): void;
}

/** The widgets of the home page each role sees (packages/web/src/features/home). */
const DASHBOARD: Record<MorningRole, string[]> = {
  employee: ['dashboard.todayShift', 'dashboard.upcomingBirthday', 'dashboard.regulations'],
  warehouse: ['dashboard.todayShift', 'dashboard.upcomingBirthday', 'dashboard.regulations'],
  manager: [
    'dashboard.todayShift',
    'dashboard.upcomingBirthday',
    'dashboard.regulations',
    'dashboard.leaveRequest',
    'dashboard.attendanceCorrection',
    'attendanceRequest.overtime.awaitingMe',
  ],
  hr: [
    'dashboard.todayShift',
    'dashboard.upcomingBirthday',
    'dashboard.regulations',
    'dashboard.expireContract',
    'dashboard.leaveRequest',
    'dashboard.attendanceCorrection',
    'attendanceRequest.overtime.awaitingMe',
  ],
};

function dashboardPath(role: MorningRole): string {
  const procs = DASHBOARD[role];
  const input = Object.fromEntries(procs.map((_, i) => [String(i), {}]));
  return `/trpc/${procs.join(',')}?batch=1&input=${encodeURIComponent(JSON.stringify(input))}`;
}

function parse(body: string): { result?: unknown; results?: unknown } {
  try {
    return JSON.parse(body) as { result?: unknown; results?: unknown };
  } catch {
    return {};
  }
}

/** The request sequence of one virtual user; the steps share the user's login and state. */
export function stepsFor(user: VirtualUser, plan: MorningPlan): Step[] {
  let token: string | undefined;
  let iteration = 0;
  let pending: number[] = [];
  const auth = (): Record<string, string> => (token ? { authorization: `Bearer ${token}` } : {});
  const get = (name: string, path: () => string): Step => ({
    name,
    next: () => ({ method: 'GET', path: path(), headers: auth() }),
    answered: () => undefined,
  });
  const term = () => plan.searchTerms[(user.index + iteration) % plan.searchTerms.length]!;

  const signIn: Step = {
    name: 'sign in',
    next: () =>
      token
        ? { method: 'GET', path: '/v2/h/auth/me', headers: auth() }
        : { method: 'POST', path: '/v2/h/auth/login', body: { email: user.email, password: user.password } },
    answered: (status, body) => {
      iteration++;
      if (!token && status === 200) token = (parse(body).result as { token?: string } | undefined)?.token;
    },
  };
  const dashboard = get('dashboard', () => dashboardPath(user.role));
  const ownTimesheet = get('own timesheet', () => `/v2/h/personal/timesheet?from=${plan.from}&to=${plan.to}&pageSize=31`);
  const employees = get('employee search', () => `/v2/h/employee/all?search=${encodeURIComponent(term())}&pageSize=25`);

  switch (user.role) {
    case 'employee': {
      let filed = 0;
      return [
        signIn,
        dashboard,
        ownTimesheet,
        {
          name: 'leave request',
          next: () => {
            const day = plan.leaveDates[filed++ % plan.leaveDates.length]!;
            return {
              method: 'POST',
              path: '/v2/h/personal/leave',
              headers: auth(),
              body: { leaveTypeId: plan.leaveTypeId, startDate: day, endDate: day, reason: 'Keperluan keluarga' },
            };
          },
          answered: () => undefined,
        },
        get('my leave', () => '/v2/h/personal/leave?pageSize=10'),
        get('annual balance', () => '/v2/h/personal/annualBalance'),
      ];
    }
    case 'hr':
      return [
        signIn,
        dashboard,
        employees,
        {
          name: 'awaiting me',
          next: () => ({ method: 'GET', path: '/v2/h/attendance/leave/awaiting?limit=50', headers: auth() }),
          answered: (status, body) => {
            if (status !== 200 || !user.approver) return;
            const rows = (parse(body).results ?? []) as { id: number }[];
            const { slot, of } = user.approver;
            pending = rows.map((r) => r.id).filter((id) => id % of === slot);
          },
        },
        {
          name: 'approval',
          next: () => {
            const id = pending.shift();
            return id === undefined
              ? { method: 'GET', path: '/v2/h/attendance/leave/awaiting?limit=10', headers: auth() }
              : { method: 'POST', path: `/v2/h/attendance/leave/${id}/approve`, headers: auth(), body: {} };
          },
          answered: () => undefined,
        },
        get('timesheets', () => `/v2/h/attendance/timesheet?from=${plan.to}&to=${plan.to}&pageSize=25`),
      ];
    case 'manager':
      return [signIn, dashboard, employees, get('awaiting me', () => '/v2/h/attendance/leave/awaiting?limit=10'), ownTimesheet];
    case 'warehouse':
      return [
        signIn,
        dashboard,
        get('warehouse requests', () => '/v2/h/inventory/warehouseRequest?pageSize=25'),
        get('items', () => `/v2/h/inventory/item?search=${encodeURIComponent(term().slice(0, 3))}&pageSize=25`),
        ownTimesheet,
      ];
  }
}

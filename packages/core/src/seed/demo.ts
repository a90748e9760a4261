import { seedRegulationsDemo } from '../regulations/index';
import { seedTaxReportingDemo } from '../tax-reporting/index';
import { seedInventoryDemo } from '../inventory/index';
import { seedAttendanceDemo } from '../attendance/index';
import { seedPurchaseOfGoodsDemo } from '../purchase-of-goods/index';
import { seedCanteenDemo } from '../canteen/index';
import { seedLeaveDemo } from '../leave/index';
import { seedAttendanceRequestsDemo } from '../attendance-requests/index';
import type { Faker } from '@faker-js/faker';
import { sql } from 'kysely';
import { audit } from '../audit/index';
import { hashPassword } from '../auth/index';
import type { RoleKey } from '../access/index';
import { type Ctx, type Db, inTransaction } from '../shared/context';
import { AppError, invalid } from '../shared/errors';
import { type BANKS, EDUCATION_LEVELS, ensureReferenceData, RELIGIONS } from './reference';
import { seedApprovalsDemo } from './approvals';
import { seedMobileAttendanceDemo } from './mobile-attendance';
import { seedPayrollMonthDemo } from './payroll-month';
import { seedSalariesDemo } from './salaries';

/**
 * The demo company: PT Nusantara Demo Sejahtera, a distribution company with a head
 * office in Jakarta and branches in Surabaya and Batam (Batam runs the port operation).
 * Everything is generated from one faker seed, so the same seed gives the same company.
 */

export interface SeedSummary {
  offices: number;
  employees: number;
  users: { email: string; password: string; role: RoleKey }[];
}

export interface DemoUser {
  email: string;
  password: string;
  role: RoleKey;
  /** Where the linked demo employee sits (for the README and the CLI's summary). */
  placement: string;
}

const DEMO_PASSWORD = 'demo12345';

/** One demo login per role of spec §6 (documented in the README; printed by `hr db seed`). */
export const DEMO_USERS: DemoUser[] = [
  { email: 'admin@demo.co.id', password: 'admin12345', role: 'superadmin', placement: 'IT Manager, Jakarta Head Office' },
  { email: 'hc@demo.co.id', password: DEMO_PASSWORD, role: 'human-capital', placement: 'Human Capital Manager, Jakarta' },
  {
    email: 'hcstaff@demo.co.id',
    password: DEMO_PASSWORD,
    role: 'human-capital-staff',
    placement: 'Senior Payroll Staff, Human Capital, Jakarta',
  },
  {
    email: 'hcintern@demo.co.id',
    password: DEMO_PASSWORD,
    role: 'human-capital-intern',
    placement: 'Recruitment Staff (internship), Human Capital, Jakarta',
  },
  { email: 'manager@demo.co.id', password: DEMO_PASSWORD, role: 'manager', placement: 'Operations Manager, Surabaya Branch' },
  { email: 'portmanager@demo.co.id', password: DEMO_PASSWORD, role: 'port-manager', placement: 'Port Manager, Batam Branch' },
  {
    email: 'depthead@demo.co.id',
    password: DEMO_PASSWORD,
    role: 'department-head',
    placement: 'Head of the Finance & Accounting department, Jakarta',
  },
  {
    email: 'supervisor@demo.co.id',
    password: DEMO_PASSWORD,
    role: 'supervisor',
    placement: 'Production Supervisor, Operations, Jakarta',
  },
  { email: 'warehouse@demo.co.id', password: DEMO_PASSWORD, role: 'warehouse-manager', placement: 'Warehouse Manager, Jakarta' },
  {
    email: 'warehouse2@demo.co.id',
    password: DEMO_PASSWORD,
    role: 'warehouse-manager',
    placement: 'Assistant Warehouse Manager, Jakarta',
  },
  {
    email: 'inventory@demo.co.id',
    password: DEMO_PASSWORD,
    role: 'inventory-staff',
    placement: 'Stock Opname Staff, Warehouse, Jakarta',
  },
  {
    email: 'managerial@demo.co.id',
    password: DEMO_PASSWORD,
    role: 'managerial',
    placement: 'Sales & Marketing Manager, Jakarta',
  },
  { email: 'clevel@demo.co.id', password: DEMO_PASSWORD, role: 'c-level', placement: 'Chief Operating Officer, Jakarta' },
  { email: 'employee@demo.co.id', password: DEMO_PASSWORD, role: 'employee', placement: 'Modern Trade Staff, Sales, Surabaya' },
];

/** True once any company office exists (the server seeds the demo company only into an empty database). */
export async function isDemoSeeded(ctx: Ctx): Promise<boolean> {
  const r = await ctx.db.selectFrom('company_offices').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  return r.n > 0;
}

// ---------------------------------------------------------------------------------------------
// Organisation template

const LEVELS = ['Staff', 'Senior Staff', 'Supervisor', 'Assistant Manager', 'Manager', 'General Manager', 'Director'] as const;
type Level = (typeof LEVELS)[number];

type DeptKey = 'bod' | 'hc' | 'fin' | 'ops' | 'wh' | 'it' | 'sales' | 'pur' | 'ga' | 'port';

interface DeptTemplate {
  name: string;
  /** Title of the department head (level Manager); none for the board. */
  head: string | null;
  /** Relative headcount of the department's staff. */
  weight: number;
  /** Share of men among generated staff (the rest are women). */
  male: number;
  /** Divisions and their sections; `hq` ones exist at the head office only. */
  divisions: { name: string; sections: string[]; hq?: true }[];
}

const DEPARTMENTS: Record<DeptKey, DeptTemplate> = {
  bod: {
    name: 'Board of Directors',
    head: null,
    weight: 0.4,
    male: 0.5,
    divisions: [{ name: 'Executive Office', sections: ['Corporate Secretary', 'Internal Audit'] }],
  },
  hc: {
    name: 'Human Capital',
    head: 'Human Capital Manager',
    weight: 1,
    male: 0.4,
    divisions: [
      { name: 'Recruitment & Development', sections: ['Recruitment', 'Training & Development'], hq: true },
      { name: 'Payroll & Benefits', sections: ['Payroll', 'Benefits & BPJS'] },
      { name: 'Industrial Relations', sections: ['Personnel Administration', 'Employee Relations'] },
    ],
  },
  fin: {
    name: 'Finance & Accounting',
    head: 'Finance & Accounting Manager',
    weight: 1,
    male: 0.4,
    divisions: [
      { name: 'Accounting', sections: ['General Ledger', 'Accounts Payable', 'Accounts Receivable'] },
      { name: 'Tax', sections: ['Tax Compliance'], hq: true },
      { name: 'Treasury', sections: ['Cash Management'], hq: true },
    ],
  },
  ops: {
    name: 'Operations',
    head: 'Operations Manager',
    weight: 4,
    male: 0.75,
    divisions: [
      { name: 'Production', sections: ['Assembly', 'Packaging'] },
      { name: 'Quality Control', sections: ['Incoming Inspection', 'Final Inspection'] },
      { name: 'Maintenance', sections: ['Mechanical', 'Electrical'] },
    ],
  },
  wh: {
    name: 'Warehouse',
    head: 'Warehouse Manager',
    weight: 3,
    male: 0.8,
    divisions: [
      { name: 'Inbound', sections: ['Receiving', 'Put Away'] },
      { name: 'Outbound', sections: ['Picking & Packing', 'Dispatch'] },
      { name: 'Inventory Control', sections: ['Stock Opname', 'Inventory Administration'] },
    ],
  },
  it: {
    name: 'Information Technology',
    head: 'IT Manager',
    weight: 0.8,
    male: 0.75,
    divisions: [
      { name: 'Infrastructure', sections: ['Network & Server', 'IT Support'] },
      { name: 'Application Development', sections: ['HRIS', 'ERP Support'] },
    ],
  },
  sales: {
    name: 'Sales & Marketing',
    head: 'Sales & Marketing Manager',
    weight: 2,
    male: 0.55,
    divisions: [
      { name: 'Corporate Sales', sections: ['Key Accounts', 'Sales Administration'] },
      { name: 'Retail Sales', sections: ['Modern Trade', 'Traditional Trade'] },
      { name: 'Marketing', sections: ['Digital Marketing', 'Brand & Promotion'], hq: true },
    ],
  },
  pur: {
    name: 'Purchasing',
    head: 'Purchasing Manager',
    weight: 0.8,
    male: 0.5,
    divisions: [
      { name: 'Procurement', sections: ['Direct Materials', 'Indirect Materials'] },
      { name: 'Vendor Management', sections: ['Vendor Evaluation'] },
    ],
  },
  ga: {
    name: 'General Affairs',
    head: 'General Affairs Manager',
    weight: 0.8,
    male: 0.7,
    divisions: [
      { name: 'Facilities', sections: ['Building Maintenance', 'Transport'] },
      { name: 'Security', sections: ['Security Services'] },
    ],
  },
  port: {
    name: 'Port Operations',
    head: 'Port Manager',
    weight: 4,
    male: 0.85,
    divisions: [
      { name: 'Port Services', sections: ['Berth Operations', 'Cargo Handling'] },
      { name: 'Shipping', sections: ['Shipping Documentation', 'Customs Clearance'] },
    ],
  },
};

interface OfficeTemplate {
  code: string;
  name: string;
  city: string;
  address: string;
  hq: boolean;
  /** Share of the generated staff working here. */
  weight: number;
  gm: string;
  departments: DeptKey[];
  /** Departments with an Assistant Manager position. */
  assistants: DeptKey[];
}

const OFFICES: OfficeTemplate[] = [
  {
    code: 'JKT',
    name: 'Jakarta Head Office',
    city: 'Jakarta Selatan',
    address: 'Jl. Jend. Gatot Subroto Kav. 38, Kuningan Barat, Mampang Prapatan, Jakarta Selatan 12710',
    hq: true,
    weight: 50,
    gm: 'General Manager Operations',
    departments: ['bod', 'hc', 'fin', 'ops', 'wh', 'it', 'sales', 'pur', 'ga'],
    assistants: ['hc', 'fin', 'ops', 'wh', 'sales'],
  },
  {
    code: 'SBY',
    name: 'Surabaya Branch',
    city: 'Surabaya',
    address: 'Jl. Rungkut Industri III No. 19, Kali Rungkut, Rungkut, Surabaya 60293',
    hq: false,
    weight: 27,
    gm: 'Branch General Manager',
    departments: ['hc', 'fin', 'ops', 'wh', 'sales'],
    assistants: [],
  },
  {
    code: 'BTM',
    name: 'Batam Branch',
    city: 'Batam',
    address: 'Jl. Yos Sudarso, Kawasan Pelabuhan Batu Ampar, Batam 29432',
    hq: false,
    weight: 23,
    gm: 'Branch General Manager',
    departments: ['hc', 'fin', 'ops', 'port', 'wh'],
    assistants: ['port'],
  },
];

const DIRECTORS = ['President Director', 'Chief Operating Officer', 'Chief Financial Officer'] as const;

/** A job position of the demo company, identified by office, department, division, section and title. */
interface PositionDef {
  key: string;
  office: OfficeTemplate;
  dept: DeptKey;
  division: string | null;
  section: string | null;
  name: string;
  level: Level;
}

const posKey = (office: string, dept: DeptKey, division: string | null, section: string | null, name: string) =>
  [office, dept, division ?? '', section ?? '', name].join('|');

const divisionsAt = (office: OfficeTemplate, dept: DeptKey) => DEPARTMENTS[dept].divisions.filter((v) => office.hq || !v.hq);

function buildPositions(): PositionDef[] {
  const out: PositionDef[] = [];
  const add = (
    office: OfficeTemplate,
    dept: DeptKey,
    division: string | null,
    section: string | null,
    name: string,
    level: Level,
  ) => out.push({ key: posKey(office.code, dept, division, section, name), office, dept, division, section, name, level });
  for (const office of OFFICES) {
    for (const dept of office.departments) {
      const t = DEPARTMENTS[dept];
      if (dept === 'bod') for (const d of DIRECTORS) add(office, dept, 'Executive Office', null, d, 'Director');
      if (dept === 'ops') add(office, dept, null, null, office.gm, 'General Manager');
      if (t.head) add(office, dept, null, null, t.head, 'Manager');
      if (t.head && office.assistants.includes(dept)) add(office, dept, null, null, `Assistant ${t.head}`, 'Assistant Manager');
      for (const v of divisionsAt(office, dept)) {
        if (dept !== 'bod') add(office, dept, v.name, null, `${v.name} Supervisor`, 'Supervisor');
        for (const s of v.sections) {
          add(office, dept, v.name, s, `${s} Staff`, 'Staff');
          add(office, dept, v.name, s, `Senior ${s} Staff`, 'Senior Staff');
        }
      }
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// People

/** Contract (employment) type, spec §3. */
const CONTRACT = { training: 1, internship: 2, freelance: 3, contracted: 4, permanent: 5 } as const;

/** The employee behind each demo login. */
const PERSONA_POSITIONS: Record<string, { key: string; contractType?: number }> = {
  'admin@demo.co.id': { key: posKey('JKT', 'it', null, null, 'IT Manager') },
  'hc@demo.co.id': { key: posKey('JKT', 'hc', null, null, 'Human Capital Manager') },
  'hcstaff@demo.co.id': { key: posKey('JKT', 'hc', 'Payroll & Benefits', 'Payroll', 'Senior Payroll Staff') },
  'hcintern@demo.co.id': {
    key: posKey('JKT', 'hc', 'Recruitment & Development', 'Recruitment', 'Recruitment Staff'),
    contractType: CONTRACT.internship,
  },
  'manager@demo.co.id': { key: posKey('SBY', 'ops', null, null, 'Operations Manager') },
  'portmanager@demo.co.id': { key: posKey('BTM', 'port', null, null, 'Port Manager') },
  'depthead@demo.co.id': { key: posKey('JKT', 'fin', null, null, 'Finance & Accounting Manager') },
  'supervisor@demo.co.id': { key: posKey('JKT', 'ops', 'Production', null, 'Production Supervisor') },
  'warehouse@demo.co.id': { key: posKey('JKT', 'wh', null, null, 'Warehouse Manager') },
  // The second warehouse approver: a purchase request raised by warehouse@ needs another warehouse tier.
  'warehouse2@demo.co.id': { key: posKey('JKT', 'wh', null, null, 'Assistant Warehouse Manager') },
  'inventory@demo.co.id': {
    key: posKey('JKT', 'wh', 'Inventory Control', 'Stock Opname', 'Stock Opname Staff'),
    contractType: CONTRACT.permanent,
  },
  'managerial@demo.co.id': { key: posKey('JKT', 'sales', null, null, 'Sales & Marketing Manager') },
  'clevel@demo.co.id': { key: posKey('JKT', 'bod', 'Executive Office', null, 'Chief Operating Officer') },
  'employee@demo.co.id': {
    key: posKey('SBY', 'sales', 'Retail Sales', 'Modern Trade', 'Modern Trade Staff'),
    contractType: CONTRACT.permanent,
  },
};

interface LevelProfile {
  age: [number, number];
  /** Years since first joining. */
  tenure: [number, number];
  education: [string, number][];
}

const PROFILES: Record<Level, LevelProfile> = {
  Staff: {
    age: [20, 45],
    tenure: [0, 10],
    education: [
      ['SMA/SMK', 50],
      ['D3', 20],
      ['S1', 30],
    ],
  },
  'Senior Staff': {
    age: [25, 50],
    tenure: [2, 15],
    education: [
      ['SMA/SMK', 25],
      ['D3', 30],
      ['S1', 45],
    ],
  },
  Supervisor: {
    age: [28, 52],
    tenure: [3, 18],
    education: [
      ['SMA/SMK', 10],
      ['D3', 30],
      ['S1', 60],
    ],
  },
  'Assistant Manager': {
    age: [30, 52],
    tenure: [3, 18],
    education: [
      ['S1', 80],
      ['S2', 20],
    ],
  },
  Manager: {
    age: [33, 55],
    tenure: [3, 22],
    education: [
      ['S1', 65],
      ['S2', 35],
    ],
  },
  'General Manager': {
    age: [40, 56],
    tenure: [5, 25],
    education: [
      ['S1', 50],
      ['S2', 50],
    ],
  },
  Director: {
    age: [45, 60],
    tenure: [3, 25],
    education: [
      ['S1', 25],
      ['S2', 60],
      ['S3', 15],
    ],
  },
};

/** Roughly the urban religious mix (BPS), in percent. */
const RELIGION_WEIGHTS: Record<(typeof RELIGIONS)[number], number> = {
  Islam: 80,
  'Kristen Protestan': 9,
  Katolik: 5,
  Hindu: 2,
  Buddha: 3,
  Konghucu: 1,
};

/** Payroll-bank shares (percent) and account-number lengths of each bank. */
const BANK_PROFILE: Record<(typeof BANKS)[number]['code'], { weight: number; digits: number }> = {
  '014': { weight: 30, digits: 10 },
  '008': { weight: 25, digits: 13 },
  '009': { weight: 15, digits: 10 },
  '002': { weight: 15, digits: 15 },
  '022': { weight: 5, digits: 13 },
  '451': { weight: 5, digits: 10 },
  '011': { weight: 3, digits: 10 },
  '013': { weight: 2, digits: 10 },
};

/** Mobile prefixes after the leading 08 (Telkomsel, Indosat, XL, Tri, Smartfren). */
const MOBILE_PREFIXES = [
  '11',
  '12',
  '13',
  '21',
  '22',
  '52',
  '53',
  '14',
  '15',
  '16',
  '56',
  '57',
  '17',
  '18',
  '19',
  '59',
  '77',
  '78',
  '95',
  '96',
  '97',
  '98',
  '81',
  '82',
  '88',
];

// Calendar dates as 'yyyy-mm-dd', computed in UTC days (no time-zone drift).
const DAY_MS = 86_400_000;
const toDays = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / DAY_MS;
const fromDays = (d: number) => new Date(d * DAY_MS).toISOString().slice(0, 10);
const addMonths = (iso: string, months: number): string => {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth() + 1, 0)).getUTCDate();
  t.setUTCDate(Math.min(d, last));
  return t.toISOString().slice(0, 10);
};

interface Slot {
  position: PositionDef;
  contractType?: number;
  persona?: DemoUser;
}

interface EmployeeDraft {
  slot: Slot;
  givenName: string;
  surname: string;
  email: string;
  gender: 'Male' | 'Female';
  birthDate: string;
  religion: string;
  education: string;
  maritalStatusId: number;
  ptkp: string;
  bankCode: string;
  bankAccount: string;
  phone: string;
  contractType: number;
  firstJoinDate: string;
  entryDate: string;
  contractStartDate: string;
  annualLeaveDate: string | null;
  resigned: number;
}

/**
 * Who works where: the demo logins first, then directors, general managers, department
 * heads and assistants, then supervisors for the busiest divisions, then staff spread
 * over the sections by office and department weight.
 */
function planSlots(faker: Faker, positions: PositionDef[], total: number): Slot[] {
  const byKey = new Map(positions.map((p) => [p.key, p]));
  const slots: Slot[] = [];
  const filled = new Set<string>();
  for (const persona of DEMO_USERS) {
    const spec = PERSONA_POSITIONS[persona.email];
    const position = spec ? byKey.get(spec.key) : undefined;
    if (!spec || !position) throw new Error(`Demo seed: no position for ${persona.email}`);
    slots.push({ position, persona, ...(spec.contractType ? { contractType: spec.contractType } : {}) });
    filled.add(position.key);
  }
  const single: Level[] = ['Director', 'General Manager', 'Manager', 'Assistant Manager'];
  for (const level of single) {
    for (const p of positions) if (p.level === level && !filled.has(p.key)) slots.push({ position: p });
  }
  const fixed = slots.slice(0, total);
  let rest = total - fixed.length;
  if (rest <= 0) return fixed;

  const divisionWeight = (p: PositionDef) =>
    (p.office.weight * DEPARTMENTS[p.dept].weight) / divisionsAt(p.office, p.dept).length;
  // About one supervisor per seven staff, for the divisions with the most people.
  const supervisors = positions
    .filter((p) => p.level === 'Supervisor' && !filled.has(p.key))
    .sort((a, b) => divisionWeight(b) - divisionWeight(a));
  for (const p of supervisors.slice(0, Math.round(rest / 8))) fixed.push({ position: p });
  rest = total - fixed.length;

  const sectionStaff = positions.filter((p) => p.level === 'Staff');
  const senior = new Map(positions.filter((p) => p.level === 'Senior Staff').map((p) => [`${p.office.code}|${p.section}`, p]));
  const choices = sectionStaff.map((p) => {
    const sections = divisionsAt(p.office, p.dept).find((v) => v.name === p.division)?.sections.length ?? 1;
    return { weight: divisionWeight(p) / sections, value: p };
  });
  for (let i = 0; i < rest; i++) {
    const staff = faker.helpers.weightedArrayElement(choices);
    const position = faker.number.int(99) < 25 ? (senior.get(`${staff.office.code}|${staff.section}`) ?? staff) : staff;
    fixed.push({ position });
  }
  return fixed;
}

function weighted<T>(faker: Faker, pairs: readonly (readonly [T, number])[]): T {
  return faker.helpers.weightedArrayElement(pairs.map(([value, weight]) => ({ value, weight })));
}

const asciiName = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase();

/** One person for a slot; every random draw comes from the seeded faker, in a fixed order. */
function draftEmployee(faker: Faker, slot: Slot, today: string, usedEmails: Set<string>): EmployeeDraft {
  const level = slot.position.level;
  const profile = PROFILES[level];
  const dept = DEPARTMENTS[slot.position.dept];
  const gender: 'Male' | 'Female' = faker.number.float({ min: 0, max: 1 }) < dept.male ? 'Male' : 'Female';
  const sex = gender === 'Male' ? 'male' : 'female';
  const givenName = faker.person.firstName(sex);
  const surname = faker.person.lastName(sex);
  let email = slot.persona?.email;
  if (!email) {
    const base = `${asciiName(givenName)}.${asciiName(surname)}`;
    email = `${base}@demo.co.id`;
    for (let n = 2; usedEmails.has(email); n++) email = `${base}${n}@demo.co.id`;
  }
  usedEmails.add(email);

  // Contract type: non-permanent contracts only at staff levels (spec §3 codes).
  let contractType = slot.contractType;
  if (!contractType) {
    if (level === 'Staff') {
      contractType = weighted(faker, [
        [CONTRACT.permanent, 55],
        [CONTRACT.contracted, 33],
        [CONTRACT.training, 4],
        [CONTRACT.internship, 5],
        [CONTRACT.freelance, 3],
      ]);
    } else if (level === 'Senior Staff') {
      contractType = weighted(faker, [
        [CONTRACT.permanent, 75],
        [CONTRACT.contracted, 25],
      ]);
    } else {
      contractType = CONTRACT.permanent;
    }
  }

  const intern = contractType === CONTRACT.internship;
  const [minAge, maxAge] = intern ? [19, 23] : profile.age;
  const todayDays = toDays(today);
  const birthDays = todayDays - faker.number.int({ min: Math.round(minAge * 365.25), max: Math.round(maxAge * 365.25) });
  const birthDate = fromDays(birthDays);

  // Tenure in days; short for trainees and interns, at most 5 years on a fixed-term
  // contract (PKWT limit, PP 35/2021 art. 8), never before the 19th birthday.
  let [minT, maxT] = profile.tenure.map((y) => Math.round(y * 365.25)) as [number, number];
  if (contractType === CONTRACT.training) [minT, maxT] = [7, 90];
  else if (intern) [minT, maxT] = [7, 180];
  else if (contractType === CONTRACT.freelance) [minT, maxT] = [30, 730];
  else if (contractType === CONTRACT.contracted) [minT, maxT] = [30, 1460];
  const earliestJoin = birthDays + Math.round(19 * 365.25);
  maxT = Math.max(minT, Math.min(maxT, todayDays - earliestJoin));
  const firstJoinDate = fromDays(todayDays - faker.number.int({ min: minT, max: maxT }));

  // Records of people who joined before the system went live were entered on go-live day.
  const goLive = `${Number(today.slice(0, 4)) - 3}-01-02`;
  const entryDate = firstJoinDate < goLive ? goLive : firstJoinDate;
  let contractStartDate = firstJoinDate;
  if (contractType === CONTRACT.permanent) {
    // Made permanent on joining, after probation, or after one or two fixed-term contracts.
    const months = weighted(faker, [
      [0, 40],
      [3, 30],
      [12, 20],
      [24, 10],
    ] as const);
    const d = addMonths(firstJoinDate, months);
    contractStartDate = d <= today ? d : firstJoinDate;
  } else if (contractType === CONTRACT.contracted) {
    // The current contract started on the last yearly renewal.
    let d = firstJoinDate;
    for (let m = 12; addMonths(firstJoinDate, m) <= today; m += 12) d = addMonths(firstJoinDate, m);
    contractStartDate = d;
  }
  // Annual leave is earned after 12 months of continuous work (UU 13/2003 art. 79(3), as
  // amended by UU 6/2023); trainees, interns and freelancers get none.
  const annualLeaveDate =
    contractType === CONTRACT.permanent || contractType === CONTRACT.contracted ? addMonths(firstJoinDate, 12) : null;

  const age = (todayDays - birthDays) / 365.25;
  // Marital status ids, spec §3: married 1, remarried 2, divorced 3, widowed 4, unmarried 5.
  const maritalStatusId =
    age < 25 && faker.number.int(99) < 80
      ? 5
      : weighted(faker, [
          [1, 66],
          [2, 4],
          [3, 6],
          [4, 4],
          [5, age < 30 ? 40 : 15],
        ]);
  // PTKP follows marital status (PMK 101/PMK.010/2016): K/n for married men, with n ≤ 3
  // dependants; a married woman is withheld as TK/0 (her own PTKP only, PER-16/PJ/2016);
  // divorced or widowed people may claim children (TK/n); unmarried mostly TK/0.
  const dependants = faker.number.int({ min: 0, max: 3 });
  let ptkp: string;
  if (maritalStatusId === 1 || maritalStatusId === 2) ptkp = gender === 'Male' ? `K/${dependants}` : 'TK/0';
  else if (maritalStatusId === 3 || maritalStatusId === 4) ptkp = `TK/${dependants}`;
  else ptkp = faker.number.int(99) < 90 ? 'TK/0' : 'TK/1';

  const religion = weighted(faker, Object.entries(RELIGION_WEIGHTS));
  const education = intern ? weighted(faker, [['D3', 30] as const, ['S1', 70] as const]) : weighted(faker, profile.education);
  const bankCode = weighted(
    faker,
    Object.entries(BANK_PROFILE).map(([code, b]) => [code, b.weight] as const),
  );
  const bankAccount = faker.string.numeric({
    length: BANK_PROFILE[bankCode as keyof typeof BANK_PROFILE].digits,
    allowLeadingZeros: false,
  });
  const phone = `08${faker.helpers.arrayElement(MOBILE_PREFIXES)}${faker.string.numeric(faker.number.int({ min: 7, max: 8 }))}`;
  // About 3% of the staff have resigned (Resigned=1, spec §3); demo logins never.
  const resigned = !slot.persona && (level === 'Staff' || level === 'Senior Staff') && faker.number.int(99) < 3 ? 1 : 0;

  return {
    slot,
    givenName,
    surname,
    email,
    gender,
    birthDate,
    religion,
    education,
    maritalStatusId,
    ptkp,
    bankCode,
    bankAccount,
    phone,
    contractType,
    firstJoinDate,
    entryDate,
    contractStartDate,
    annualLeaveDate,
    resigned,
  };
}

// ---------------------------------------------------------------------------------------------
// Insert

const MIN_EMPLOYEES = DEMO_USERS.length;
const MAX_EMPLOYEES = 50_000;
const CHUNK = 1_000;

const chunks = <T>(rows: T[], size = CHUNK): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
};

async function idsByName<T extends 'religions' | 'education_levels' | 'banks' | 'job_levels'>(db: Db, table: T) {
  const rows = await db
    .selectFrom(table as 'religions')
    .select(['id', 'name'])
    .execute();
  return new Map(rows.map((r) => [r.name, r.id]));
}

/**
 * Seeds the demo company into an empty database (reference data first): 3 offices with
 * departments, divisions and sections, job levels and positions, `employees` people
 * (default 200) and one login per role ({@link DEMO_USERS}). All in one transaction;
 * the same `seed` (and the same clock date) gives the same company.
 */
export async function seedDemo(ctx: Ctx, opts: { employees?: number; seed?: number } = {}): Promise<SeedSummary> {
  const total = opts.employees ?? 200;
  const seed = opts.seed ?? 20261122;
  if (!Number.isInteger(total) || total < MIN_EMPLOYEES || total > MAX_EMPLOYEES) {
    throw invalid([{ param: 'employees', msg: `must be a whole number from ${MIN_EMPLOYEES} to ${MAX_EMPLOYEES}` }]);
  }
  if (!Number.isSafeInteger(seed)) {
    throw invalid([{ param: 'seed', msg: 'must be a whole number' }]);
  }
  // Loaded on demand: all of faker's locales take about a second to import, which every
  // server and CLI start would otherwise pay.
  const { Faker, id_ID, en } = await import('@faker-js/faker');
  const faker = new Faker({ locale: [id_ID, en] });
  faker.seed(seed);
  const today = ctx.clock().toISOString().slice(0, 10);
  const positions = buildPositions();
  const usedEmails = new Set<string>();
  const drafts = planSlots(faker, positions, total).map((slot) => draftEmployee(faker, slot, today, usedEmails));

  // Demo passwords are public, so one hash per distinct password is enough (argon2id costs ~0.1 s each).
  const hashes = new Map<string, string>();
  for (const u of DEMO_USERS) if (!hashes.has(u.password)) hashes.set(u.password, await hashPassword(u.password));

  return inTransaction(ctx, async (db) => {
    await ensureReferenceData(db);
    if (await isDemoSeeded({ ...ctx, db })) {
      throw new AppError(
        'CONFLICT',
        'The database already has company offices; the demo company is seeded only into an empty database',
      );
    }
    const demoEmails = DEMO_USERS.map((u) => u.email);
    const taken = await db
      .selectFrom('users')
      .select('email')
      .where(sql`lower(email)`, 'in', demoEmails)
      .union(db.selectFrom('employees').select('email').where(sql`lower(email)`, 'in', demoEmails))
      .execute();
    if (taken.length) {
      throw new AppError('CONFLICT', `Demo logins already exist: ${[...new Set(taken.map((t) => t.email))].join(', ')}`);
    }
    const religionIds = await idsByName(db, 'religions');
    const educationIds = await idsByName(db, 'education_levels');
    const bankRows = await db.selectFrom('banks').select(['id', 'code']).execute();
    const bankIds = new Map(bankRows.map((b) => [b.code, b.id]));
    const ptkpRows = await db.selectFrom('ptkp_statuses').select(['id', 'code']).execute();
    const ptkpIds = new Map(ptkpRows.map((p) => [p.code, p.id]));
    for (const r of RELIGIONS) if (!religionIds.has(r)) throw new Error(`Reference religion missing: ${r}`);
    for (const e of EDUCATION_LEVELS) if (!educationIds.has(e)) throw new Error(`Reference education level missing: ${e}`);

    const offices = await db
      .insertInto('company_offices')
      .values(OFFICES.map((o) => ({ code: o.code, name: o.name, city: o.city, address: o.address })))
      .returning(['id', 'code'])
      .execute();
    const officeId = new Map(offices.map((o) => [o.code, o.id]));
    const oid = (code: string) => officeId.get(code)!;

    const depts = await db
      .insertInto('departments')
      .values(OFFICES.flatMap((o) => o.departments.map((d) => ({ company_office_id: oid(o.code), name: DEPARTMENTS[d].name }))))
      .returning(['id', 'company_office_id', 'name'])
      .execute();
    const deptId = new Map(depts.map((d) => [`${d.company_office_id}|${d.name}`, d.id]));
    const did = (o: OfficeTemplate, d: DeptKey) => deptId.get(`${oid(o.code)}|${DEPARTMENTS[d].name}`)!;

    const divs = await db
      .insertInto('divisions')
      .values(
        OFFICES.flatMap((o) =>
          o.departments.flatMap((d) =>
            divisionsAt(o, d).map((v) => ({ company_office_id: oid(o.code), department_id: did(o, d), name: v.name })),
          ),
        ),
      )
      .returning(['id', 'department_id', 'name'])
      .execute();
    const divisionId = new Map(divs.map((v) => [`${v.department_id}|${v.name}`, v.id]));
    const vid = (o: OfficeTemplate, d: DeptKey, v: string) => divisionId.get(`${did(o, d)}|${v}`)!;

    const secs = await db
      .insertInto('sections')
      .values(
        OFFICES.flatMap((o) =>
          o.departments.flatMap((d) =>
            divisionsAt(o, d).flatMap((v) =>
              v.sections.map((s) => ({
                company_office_id: oid(o.code),
                department_id: did(o, d),
                division_id: vid(o, d, v.name),
                name: s,
              })),
            ),
          ),
        ),
      )
      .returning(['id', 'division_id', 'name'])
      .execute();
    const sectionId = new Map(secs.map((s) => [`${s.division_id}|${s.name}`, s.id]));

    // Job levels may already exist (created by hand before seeding): keep those.
    await db
      .insertInto('job_levels')
      .values(LEVELS.map((name, i) => ({ name, rank: i + 1 })))
      .onConflict((oc) => oc.doNothing())
      .execute();
    const levelIds = await idsByName(db, 'job_levels');

    const placement = (p: PositionDef) => {
      const department_id = did(p.office, p.dept);
      const division_id = p.division ? vid(p.office, p.dept, p.division) : null;
      const section_id = p.section && division_id ? sectionId.get(`${division_id}|${p.section}`)! : null;
      return {
        company_office_id: oid(p.office.code),
        department_id,
        division_id,
        section_id,
        job_level_id: levelIds.get(p.level)!,
      };
    };
    const positionIds = new Map<string, number>();
    const placementKey = (r: { department_id: number; division_id: number | null; section_id: number | null; name: string }) =>
      `${r.department_id}|${r.division_id ?? ''}|${r.section_id ?? ''}|${r.name}`;
    for (const part of chunks(positions)) {
      const inserted = await db
        .insertInto('job_positions')
        .values(part.map((p) => ({ name: p.name, ...placement(p) })))
        .returning(['id', 'department_id', 'division_id', 'section_id', 'name'])
        .execute();
      const byPlacement = new Map(inserted.map((r) => [placementKey(r), r.id]));
      for (const p of part) positionIds.set(p.key, byPlacement.get(placementKey({ name: p.name, ...placement(p) }))!);
    }

    // Employee numbers per office, oldest first: <office code>-00001 (see registration's nextEmployeeNumber).
    const ordered = drafts
      .map((d, i) => ({ d, i }))
      .sort(
        (a, b) =>
          a.d.slot.position.office.code.localeCompare(b.d.slot.position.office.code) ||
          a.d.firstJoinDate.localeCompare(b.d.firstJoinDate) ||
          a.i - b.i,
      );
    const seq = new Map<string, number>();
    const rows = ordered.map(({ d }) => {
      const code = d.slot.position.office.code;
      const n = (seq.get(code) ?? 0) + 1;
      seq.set(code, n);
      return {
        employee_number: `${code}-${String(n).padStart(5, '0')}`,
        given_name: d.givenName,
        surname: d.surname,
        email: d.email,
        gender: d.gender,
        birth_date: d.birthDate,
        religion_id: religionIds.get(d.religion)!,
        education_level_id: educationIds.get(d.education)!,
        marital_status_id: d.maritalStatusId,
        ptkp_status_id: ptkpIds.get(d.ptkp) ?? null,
        bank_id: bankIds.get(d.bankCode) ?? null,
        bank_account_number: d.bankAccount,
        phone: d.phone,
        ...placement(d.slot.position),
        job_position_id: positionIds.get(d.slot.position.key)!,
        contract_type: d.contractType,
        entry_date: d.entryDate,
        first_join_date: d.firstJoinDate,
        contract_start_date: d.contractStartDate,
        annual_leave_date: d.annualLeaveDate,
        resigned: d.resigned,
      };
    });
    const employeeIdByEmail = new Map<string, number>();
    for (const part of chunks(rows)) {
      const inserted = await db.insertInto('employees').values(part).returning(['id', 'email']).execute();
      for (const r of inserted) employeeIdByEmail.set(r.email, r.id);
    }

    // The company's legal name, printed on payslips as "Company" (issue 19).
    await db.updateTable('payroll_settings').set({ company_name: 'PT Nusantara Demo Sejahtera' }).where('id', '=', 1).execute();

    // Contracts with basic salaries and fixed allowances for most people (issue 5; see seed/salaries.ts).
    await seedSalariesDemo(
      db,
      ordered.map(({ d }, i) => ({
        id: employeeIdByEmail.get(d.email)!,
        employeeNumber: rows[i]!.employee_number,
        email: d.email,
        officeCode: d.slot.position.office.code,
        level: d.slot.position.level,
        contractType: d.contractType,
        firstJoinDate: d.firstJoinDate,
        contractStartDate: d.contractStartDate,
        persona: Boolean(d.slot.persona),
      })),
      today,
    );

    const users = await db
      .insertInto('users')
      .values(
        DEMO_USERS.map((u) => ({
          email: u.email,
          password_hash: hashes.get(u.password)!,
          employee_id: employeeIdByEmail.get(u.email)!,
          active: true,
          must_change_password: false,
        })),
      )
      .returning(['id', 'email'])
      .execute();
    const userId = new Map(users.map((u) => [u.email, u.id]));
    await db
      .insertInto('user_roles')
      .values(DEMO_USERS.map((u) => ({ user_id: userId.get(u.email)!, role: u.role })))
      .execute();

    const summary: SeedSummary = {
      offices: offices.length,
      employees: rows.length,
      users: DEMO_USERS.map(({ email, password, role }) => ({ email, password, role })),
    };
    await audit(ctx, db, {
      action: 'demo.seed',
      entity: 'system',
      after: {
        seed,
        offices: summary.offices,
        departments: depts.length,
        divisions: divs.length,
        sections: secs.length,
        jobPositions: positions.length,
        employees: summary.employees,
        users: DEMO_USERS.map((u) => ({ email: u.email, role: u.role })),
      },
    });
    // Units, items with warehouse variants, services, a main warehouse per office and opening stock.
    await seedInventoryDemo({ ...ctx, db });
    // Shifts, roster, holidays, PINs and six weeks of punches computed into timesheets (issue 4).
    await seedAttendanceDemo({ ...ctx, db });
    // Purchase of goods (types, categories, invoices with payments) and storage servers (issue 7).
    await seedPurchaseOfGoodsDemo({ ...ctx, db });
    // A canteen per office with breakfast and lunch, a week of schedules and yesterday's presences (issue 8).
    await seedCanteenDemo({ ...ctx, db });
    // Company regulations with their documents (dashboard widget, /misc?tab=regulations).
    await seedRegulationsDemo({ ...ctx, db });
    // Company NPWP, office NITKUs and employee NIKs for the Coretax e-Bupot export (issue 18 §1).
    await seedTaxReportingDemo({ ...ctx, db });
    // Leave types and requests in every status (issue 4).
    await seedLeaveDemo({ ...ctx, db });
    // Timesheet corrections and overtime requests in every status (issue 4).
    await seedAttendanceRequestsDemo({ ...ctx, db });
    // Who manages whom, leave routed to the manager, the managerial login's leave approval (issue 19).
    await seedApprovalsDemo(
      { ...ctx, db },
      ordered.map(({ d }) => {
        const p = d.slot.position;
        return {
          id: employeeIdByEmail.get(d.email)!,
          email: d.email,
          office: p.office.code,
          hq: p.office.hq,
          dept: p.dept,
          division: p.division,
          level: p.level,
          position: p.name,
          firstJoinDate: d.firstJoinDate,
        };
      }),
    );
    // Attendance areas around the offices and employee@'s phone clock-in grant (issue 19).
    await seedMobileAttendanceDemo({ ...ctx, db });
    // Last month's payroll, generated and finalised through the run services (issue 19).
    await seedPayrollMonthDemo({ ...ctx, db });
    return summary;
  });
}

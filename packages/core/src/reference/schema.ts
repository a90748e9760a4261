/** Fixed enumerations of spec §3, values exactly as the spec. Browser-safe. */
export const GENDERS = ['Male', 'Female'] as const;
export type Gender = (typeof GENDERS)[number];

export const HOME_OWNERSHIP = { Owned: 1, Rent: 2, Kost: 3, Parent_House: 4, Stay_With: 5 } as const;
export const RESIGNED_WORKING = { Resigned: 1, Work: 0 } as const;
export const YES_NO = { yes: 1, no: 0 } as const;
export const BOOLEAN = { True: 1, False: 0 } as const;
export const RELATIONSHIP = ['Family', 'Friend'] as const;
export const HOLIDAYS = { 1: 'Hari Raya Natal', 2: 'Idul Fitri', 3: 'Waisak', 4: 'Nyepi' } as const;
export const CONTRACT_TYPES = { training: 1, internship: 2, Freelance: 3, Contracted: 4, Permanent: 5 } as const;
export const MARITAL_STATUS_CODES = { married: 1, remarried: 2, divorced: 3, widowed: 4, unmarried: 5 } as const;
export const EMPLOYMENT_CHANGE_TYPES = { Mutation: 1, Promotion: 2, Demotion: 3, Relocation: 4 } as const;
export const ATTENDANCE_STATUS = {
  1: 'Valid',
  2: 'No Clock-In',
  3: 'No Clock-Out',
  4: 'Late Clock-In',
  5: 'Early Clock-Out',
  98: 'Manual Input',
} as const;
export const APPROVAL_STATUS = { Approved: 1, Disapproved: 2, Pending: 3 } as const;
export const REQUEST_STATUS = { Approved: 1, Disapproved: 2, Pending: 3, Cancel: 4 } as const;
export const PERMIT_TYPES = {
  1: { name: 'Late Clock In Permit', label: 'Late Clock-In' },
  2: { name: 'Leave Early From Office Permit', label: 'Leave Early' },
  3: { name: 'Short Leave Permit', label: 'Short Leave' },
  4: { name: 'Shift Correction', label: 'Shift Correction' },
} as const;

export interface LookupItem {
  id: number;
  name: string;
}

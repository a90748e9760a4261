// The known English UI words and internal notes that the Indonesian screens are checked against (issue 19 items 6, 7).

/**
 * UI words that must not stay English in Bahasa Indonesia (status badges, enum values, select blanks).
 * Data typed by people (names, leave types) is not UI and is not on the list.
 */
export const ENGLISH_UI_WORDS = [
  'Approved',
  'Disapproved',
  'Pending',
  'Cancelled',
  'Male',
  'Female',
  'Married',
  'Unmarried',
  'Contracted',
  'Permanent',
  'Workday',
  'Day off',
  'No Clock-In',
  'No Clock-Out',
  'Late Clock-In',
  'Early Clock-Out',
  'Manual Input',
  'Select Company Office',
  'Select Department',
  'Select Division',
  'Loading...',
  'Request Leave',
  'My Leave',
  'My Overtime',
  'My Salary',
  'Choose a menu',
  'Submit request',
  'Download PDF',
  'Serial number',
  'Last seen',
  'Add device',
  'Clock skew',
];
export const ENGLISH_RE = new RegExp(
  `(?<![\\p{L}-])(?:${ENGLISH_UI_WORDS.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})(?![\\p{L}-])`,
  'u',
);

/** Texts that are internal notes, never for users (issue 19 item 7). */
export const INTERNAL_RE = /payroll-id\.md|issue \d+ default|\(spec §|spec §\d/;

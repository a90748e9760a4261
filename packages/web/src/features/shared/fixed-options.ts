import {
  BOOLEAN,
  CONTRACT_TYPES,
  GENDERS,
  HOLIDAYS,
  HOME_OWNERSHIP,
  PERMIT_TYPES,
  RELATIONSHIP,
  RESIGNED_WORKING,
  YES_NO,
} from '@hr/core/browser';
import type { SelectOption } from '../../ui/Select';

/** { label: value } → options, labels exactly as the spec's enumeration (spec §3). */
function fromNameToValue(rec: Record<string, number>): SelectOption[] {
  return Object.entries(rec).map(([label, value]) => ({ value, label }));
}

/** { value: label } → options, in value order. */
function fromValueToName(rec: Record<number, string>): SelectOption[] {
  return Object.entries(rec).map(([value, label]) => ({ value: Number(value), label }));
}

/** Fixed option lists of spec §2 (values from '@hr/core/browser'). */
export const FIXED_OPTIONS = {
  gender: GENDERS.map((g) => ({ value: g, label: g })),
  yesNo: fromNameToValue(YES_NO),
  trueFalse: fromNameToValue(BOOLEAN),
  familyFriend: RELATIONSHIP.map((r) => ({ value: r, label: r })),
  holiday: fromValueToName(HOLIDAYS),
  homeOwnership: fromNameToValue(HOME_OWNERSHIP),
  contractStatus: fromNameToValue(CONTRACT_TYPES),
  resignedWorking: fromNameToValue(RESIGNED_WORKING),
  correctionType: Object.entries(PERMIT_TYPES).map(([value, t]) => ({ value: Number(value), label: t.label })),
} satisfies Record<string, SelectOption[]>;

export type FixedListName = keyof typeof FIXED_OPTIONS;

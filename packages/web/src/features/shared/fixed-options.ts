import { HOLIDAYS } from '@hr/core/browser';
import { enumOptionsNow } from '../../lib/enum-labels';
import type { SelectOption } from '../../ui/Select';

/** { value: label } → options, in value order. */
function fromValueToName(rec: Record<number, string>): SelectOption[] {
  return Object.entries(rec).map(([value, label]) => ({ value: Number(value), label }));
}

/** Fixed option lists of spec §2; labels in the screen's language (lib/enum-labels.ts: the spec's in English). */
export const FIXED_OPTIONS = {
  gender: enumOptionsNow('gender'),
  yesNo: enumOptionsNow('yesNo', [1, 0]),
  trueFalse: enumOptionsNow('boolean', [1, 0]),
  familyFriend: enumOptionsNow('relationship'),
  holiday: fromValueToName(HOLIDAYS),
  homeOwnership: enumOptionsNow('homeOwnership'),
  contractStatus: enumOptionsNow('contractType'),
  resignedWorking: enumOptionsNow('resignedWorking', [1, 0]),
  correctionType: enumOptionsNow('permitType'),
} satisfies Record<string, SelectOption[]>;

export type FixedListName = keyof typeof FIXED_OPTIONS;

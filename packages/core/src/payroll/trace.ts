/**
 * Why a number is what it is: every amount the payroll engine computes carries one of these,
 * so HR can answer "why is this number what it is" from the payslip line alone.
 */
export type TraceValue = string | number | boolean | null;

export interface Trace {
  /** Short name of the rule ("PPh 21 monthly TER", "BPJS JP employee share"). */
  rule: string;
  /** The formula as applied, in words and symbols ("min(salary, cap) × 1%"). */
  formula: string;
  /** The inputs the formula was evaluated with (amounts as exact decimal strings or integers). */
  inputs: Record<string, TraceValue>;
  /** Where the rule comes from: regulation, reference section or company setting. */
  source: string;
}

/** Traces keyed by the dotted path of the output field they explain ("lastPeriod.pkp", "jp.employee"). */
export type TraceMap = Record<string, Trace>;

export function trace(rule: string, formula: string, inputs: Record<string, TraceValue>, source: string): Trace {
  return { rule, formula, inputs, source };
}

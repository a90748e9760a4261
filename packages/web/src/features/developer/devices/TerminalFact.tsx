import type { ComponentProps } from 'react';
import { Fact } from '../../shared/approvals/Fact';

/** One labelled value of a terminal's page: the label small and in capitals. */
export function TerminalFact(props: ComponentProps<typeof Fact>) {
  return (
    <Fact labelClassName="text-xs font-medium uppercase text-slate-500" valueClassName="text-sm text-slate-800" {...props} />
  );
}

import { formatRupiah } from '../salary-runs/run-format';

/** The income-tax debt: red when still owed by the employee, green when over-withheld (a refund). */
export function DebtAmount({ value }: { value: string }) {
  const n = BigInt(value);
  const tone = n > 0n ? 'text-red-700' : n < 0n ? 'text-green-700' : 'text-slate-700';
  return (
    <span data-testid="tax-debt" className={`whitespace-nowrap font-medium tabular-nums ${tone}`}>
      {formatRupiah(value)}
    </span>
  );
}

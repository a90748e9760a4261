import { useEffect, useState } from 'react';
import { companyClock, COMPANY_ZONE_LABEL } from '../lib/company-date';
import { formatClock } from '../lib/format';
import { ClockIcon } from './Icons';

/** Updates every second (spec §2, §9): dd/mm/yyyy HH:mm:ss, 24-hour. */
export function useNow(intervalMs = 1000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(id);
  }, [intervalMs]);
  return now;
}

/** With `companyZone`, the company's wall clock labelled with its zone (a kiosk judges by company time, not the browser's). */
export function Clock({ className, companyZone = false }: { className?: string; companyZone?: boolean }) {
  const now = useNow();
  return (
    <span className={className} data-testid="clock">
      <ClockIcon className="mr-1 inline-block align-[-3px]" width={16} height={16} />
      <time dateTime={now.toISOString()} className="tabular-nums">
        {companyZone ? `${companyClock(now)} ${COMPANY_ZONE_LABEL}` : formatClock(now)}
      </time>
    </span>
  );
}

import { useEffect, useState } from 'react';
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

export function Clock({ className }: { className?: string }) {
  const now = useNow();
  return (
    <span className={className} data-testid="clock">
      <ClockIcon className="mr-1 inline-block align-[-3px]" width={16} height={16} />
      <time dateTime={now.toISOString()} className="tabular-nums">
        {formatClock(now)}
      </time>
    </span>
  );
}

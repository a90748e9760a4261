import { useTranslation } from 'react-i18next';
import { Button } from './Button';
import { ChevronLeftIcon, ChevronRightIcon } from './Icons';

export const PAGE_SIZES = [10, 25, 50, 100] as const;

export interface PaginationProps {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
  totalLabel?: string;
}

export function Pagination({ page, pageSize, total, onPage, onPageSize, totalLabel }: PaginationProps) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 pt-3 text-sm text-slate-600">
      <span data-testid="total-count">{totalLabel ?? t('table.total', { count: total })}</span>
      <div className="flex items-center gap-3">
        <label className="flex items-center gap-2">
          {t('table.pageSize')}
          <select
            className="rounded-md border border-slate-300 bg-white px-2 py-1"
            value={pageSize}
            onChange={(e) => onPageSize(Number(e.target.value))}
          >
            {PAGE_SIZES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        <span className="tabular-nums">{t('table.page', { page, pages })}</span>
        <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)} aria-label={t('table.prev')}>
          <ChevronLeftIcon width={14} height={14} />
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabled={page >= pages}
          onClick={() => onPage(page + 1)}
          aria-label={t('table.next')}
        >
          <ChevronRightIcon width={14} height={14} />
        </Button>
      </div>
    </div>
  );
}

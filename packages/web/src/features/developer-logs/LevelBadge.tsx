import { useTranslation } from 'react-i18next';
import './texts';

const TONE = {
  info: 'bg-slate-100 text-slate-700',
  warning: 'bg-amber-100 text-amber-800',
  error: 'bg-red-100 text-red-800',
} as const;

/** The level of a log entry as a coloured tag. */
export function LevelBadge({ level }: { level: keyof typeof TONE }) {
  const { t } = useTranslation();
  return <span className={`rounded px-2 py-0.5 text-xs font-medium ${TONE[level]}`}>{t(`dlogs.levels.${level}`)}</span>;
}

import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { COMPANY_ZONE_LABEL } from '../../lib/company-date';
import { messageOf } from '../../lib/errors';
import { type RouterOutputs, trpc } from '../../lib/trpc';
import { Button } from '../../ui/Button';
import { Clock } from '../../ui/Clock';
import { CanteenSelect, useCanteens, wibTime } from './canteen-shared';
import './texts';

type Taken = RouterOutputs['canteen']['presence']['scan'];
type Outcome = { ok: true; at: number; presence: Taken } | { ok: false; at: number; message: string; employee: string | null };

/** The refusal's employee, from the error's detail (`{ reason, employee }`), when the server named one. */
function refusedEmployee(err: unknown): string | null {
  const detail = (err as { data?: { detail?: unknown } } | null)?.data?.detail;
  if (typeof detail !== 'string') return null;
  try {
    const parsed = JSON.parse(detail) as { employee?: unknown };
    return typeof parsed.employee === 'string' ? parsed.employee : null;
  } catch {
    return null;
  }
}

/**
 * The canteen terminal's full-screen kiosk (spec §7 "one call that opens a URL in a new tab":
 * /canteen/presence?kiosk=1&canteen=<id>). It covers the whole window above the app shell. A card
 * reader or QR scanner types the code and Enter into the always-focused input; the result shows
 * large, green for "enjoy your meal", red with the reason for a refusal.
 */
export function KioskView() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const canteenId = Number(params.get('canteen') ?? '') || null;
  const canteens = useCanteens();
  const canteen = canteens.data?.find((c) => c.id === canteenId) ?? null;
  const [code, setCode] = useState('');
  const [last, setLast] = useState<Outcome | null>(null);
  const [recent, setRecent] = useState<Outcome[]>([]);
  const input = useRef<HTMLInputElement>(null);
  const utils = trpc.useUtils();
  const scan = trpc.canteen.presence.scan.useMutation({ meta: { silent: true } });

  useEffect(() => {
    input.current?.focus();
  });

  const record = (o: Outcome) => {
    setLast(o);
    setRecent((r) => [o, ...r].slice(0, 8));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = code.trim();
    if (!value || canteenId === null || scan.isPending) return;
    setCode('');
    scan.mutate(
      { canteenId, code: value },
      {
        onSuccess: (presence) => {
          record({ ok: true, at: Date.now(), presence });
          void utils.canteen.presence.list.invalidate();
        },
        onError: (err) =>
          record({ ok: false, at: Date.now(), message: messageOf(err) ?? t('cnt.refused'), employee: refusedEmployee(err) }),
      },
    );
  };

  return (
    <div className="fixed inset-0 z-[60] flex flex-col overflow-auto bg-slate-900 text-white" data-testid="canteen-kiosk">
      <header className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-700 px-6 py-4">
        <div>
          <h1 className="text-2xl font-semibold">{canteen ? canteen.name : t('cnt.kiosk')}</h1>
          {canteen ? (
            <p className="text-sm text-slate-300">
              {canteen.companyOffice} ·{' '}
              {canteen.meals
                .filter((m) => m.active)
                .map((m) => `${m.label} ${m.startTime}–${m.endTime}`)
                .join(' · ')}{' '}
              {COMPANY_ZONE_LABEL}
            </p>
          ) : null}
        </div>
        <div className="flex items-center gap-4 text-lg tabular-nums">
          <Clock companyZone />
          <Button
            variant="secondary"
            size="sm"
            onClick={() => void document.documentElement.requestFullscreen?.().catch(() => undefined)}
          >
            {t('cnt.fullScreen')}
          </Button>
        </div>
      </header>
      {canteenId === null || (canteens.isSuccess && !canteen) ? (
        <div className="mx-auto mt-16 w-full max-w-md space-y-3 px-6">
          <p className="text-lg">{t('cnt.kioskNoCanteen')}</p>
          <CanteenSelect
            aria-label={t('cnt.canteen')}
            placeholder={t('cnt.chooseCanteen')}
            value=""
            onChange={(v) => v && setParams({ kiosk: '1', canteen: v })}
          />
        </div>
      ) : (
        <main className="mx-auto flex w-full max-w-3xl flex-1 flex-col gap-6 px-6 py-10">
          <form onSubmit={submit} className="flex gap-3">
            <label htmlFor="kiosk-code" className="sr-only">
              {t('cnt.scanLabel')}
            </label>
            <input
              id="kiosk-code"
              ref={input}
              autoComplete="off"
              value={code}
              maxLength={200}
              placeholder={t('cnt.scanHere')}
              onChange={(e) => setCode(e.target.value)}
              onBlur={() => setTimeout(() => input.current?.focus(), 100)}
              className="flex-1 rounded-lg border-2 border-slate-500 bg-slate-800 px-4 py-4 text-2xl text-white placeholder:text-slate-400 focus:border-sky-400 focus:outline-none"
            />
            <Button type="submit" disabled={scan.isPending || !code.trim()} className="px-6 text-lg">
              {t('cnt.scan')}
            </Button>
          </form>
          <section
            role="status"
            aria-live="assertive"
            data-testid="kiosk-result"
            className={
              last === null
                ? 'rounded-xl border-2 border-dashed border-slate-600 p-10 text-center text-xl text-slate-400'
                : last.ok
                  ? 'rounded-xl bg-emerald-600 p-10 text-center'
                  : 'rounded-xl bg-red-700 p-10 text-center'
            }
          >
            {last === null ? (
              t('cnt.scanHere')
            ) : last.ok ? (
              <>
                <p className="text-4xl font-bold">{t('cnt.enjoy')}</p>
                <p className="mt-3 text-3xl">{last.presence.name}</p>
                <p className="mt-2 text-xl">
                  {last.presence.employeeNumber} · {last.presence.mealLabel} · {last.presence.preferenceLabel} ·{' '}
                  {wibTime(last.presence.takenAt)}
                </p>
              </>
            ) : (
              <>
                <p className="text-4xl font-bold">{t('cnt.refused')}</p>
                {last.employee ? <p className="mt-3 text-2xl">{last.employee}</p> : null}
                <p className="mt-2 text-xl">{last.message}</p>
              </>
            )}
          </section>
          {recent.length > 1 ? (
            <section>
              <h2 className="mb-2 text-sm font-semibold uppercase tracking-wide text-slate-400">{t('cnt.recent')}</h2>
              <ul className="space-y-1 text-sm">
                {recent.slice(1).map((o) => (
                  <li key={o.at} className={o.ok ? 'text-emerald-300' : 'text-red-300'}>
                    {o.ok
                      ? `${wibTime(o.presence.takenAt)} ${o.presence.employeeNumber} ${o.presence.name} — ${o.presence.mealLabel}`
                      : `${o.employee ?? ''} ${o.message}`}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </main>
      )}
    </div>
  );
}

import type { TFunction } from 'i18next';
import { saveBase64 } from '../../../lib/save-file';
/** Helpers of the /developer/fingerspot screens. */

export const DRIVER_OPTIONS = [
  { value: 'zk', label: 'ZK protocol (TCP 4370)' },
  { value: 'easylink', label: 'Fingerspot EasyLink (FService HTTP)' },
  { value: 'adms', label: 'ZKTeco ADMS push (the terminal calls /iclock)' },
  { value: 'fingerspot-cloud', label: 'Fingerspot.io cloud (webhook)' },
] as const;
export const DEFAULT_PORT: Record<string, number> = { zk: 4370, easylink: 7005, adms: 8081, 'fingerspot-cloud': 443 };
export const TIME_ZONES = [
  { value: 'Asia/Jakarta', label: 'Asia/Jakarta (WIB)' },
  { value: 'Asia/Makassar', label: 'Asia/Makassar (WITA)' },
  { value: 'Asia/Jayapura', label: 'Asia/Jayapura (WIT)' },
] as const;
/** Beyond this the terminal's clock is flagged (the agent warns at the same limit). */
export const SKEW_WARNING_MS = 60_000;

/** "+1m 35s", "-2h 3m", "0s": terminal clock minus true time. */
export function formatSkew(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '–';
  const sign = ms < 0 ? '-' : '+';
  let s = Math.round(Math.abs(ms) / 1000);
  if (s === 0) return '0s';
  const h = Math.floor(s / 3600);
  s -= h * 3600;
  const m = Math.floor(s / 60);
  s -= m * 60;
  return `${sign}${[h ? `${h}h` : '', m ? `${m}m` : '', s ? `${s}s` : ''].filter(Boolean).join(' ')}`;
}

/** 'yyyy-mm-ddThh:mm:ss' (naive terminal time) → 'dd/mm/yyyy hh:mm:ss'. */
export function formatLocal(v: string | null | undefined): string {
  if (!v) return '';
  return `${v.slice(8, 10)}/${v.slice(5, 7)}/${v.slice(0, 4)} ${v.slice(11, 19)}`;
}

export { saveBase64 };

const DRIVER_TEXT = { zk: 'zk', easylink: 'easylink', adms: 'adms', 'fingerspot-cloud': 'cloud' } as const;

/** The label of a driver in the current language (DRIVER_OPTIONS holds the English ones). */
export function driverLabel(t: TFunction, driver: string): string {
  const key = DRIVER_TEXT[driver as keyof typeof DRIVER_TEXT];
  return key ? t(`devTerm.drivers.${key}`) : driver;
}

/** DRIVER_OPTIONS in the current language. */
export const driverOptions = (t: TFunction) => DRIVER_OPTIONS.map((o) => ({ value: o.value, label: driverLabel(t, o.value) }));

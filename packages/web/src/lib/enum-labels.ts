import {
  APPROVAL_STATUS,
  ATTENDANCE_STATUS,
  ATTENDANCE_STATUS_ID,
  BOOLEAN,
  CONTRACT_TYPES,
  EMPLOYMENT_CHANGE_TYPES,
  FULFILMENT_LABELS,
  GENDERS,
  HALF_DAY_LABELS,
  HOME_OWNERSHIP,
  MARITAL_STATUS_CODES,
  OVERTIME_DAY_KIND_LABELS,
  PERMIT_TYPES,
  POG_INVOICE_STATUS_LABELS,
  PURCHASE_REQUEST_STATUS_LABELS,
  RELATIONSHIP,
  REQUEST_STATUS,
  RESIGNED_WORKING,
  STORAGE_SERVER_STATUS_LABELS,
  YES_NO,
} from '@hr/core/browser';
import { useTranslation } from 'react-i18next';
import { i18n } from '../i18n';
import { registerTexts } from '../i18n/register-texts';

/**
 * The one place where fixed enumerations become words (issue 19 item 6): every badge and select
 * that shows an enum value asks here, by enum name and code, in the language of the screen.
 * English labels are the spec's (§3 "Fixed enumerations", exact); Indonesian ones are the usual
 * Indonesian HR terms. A code we do not know shows as given (the server's label, if passed).
 */
/** `{ label: code }` → `{ code: label }`. */
const byCode = (rec: Record<string, number>): Record<string, string> =>
  Object.fromEntries(Object.entries(rec).map(([label, code]) => [code, label]));
const same = (values: readonly string[]): Record<string, string> => Object.fromEntries(values.map((v) => [v, v]));
const capitalised = (rec: Record<string, string>) =>
  Object.fromEntries(Object.entries(rec).map(([k, v]) => [k, v.charAt(0).toUpperCase() + v.slice(1)]));

/** English: the spec's labels, as '@hr/core/browser' has them. */
const en = {
  gender: same(GENDERS),
  homeOwnership: byCode(HOME_OWNERSHIP),
  resignedWorking: byCode(RESIGNED_WORKING),
  yesNo: byCode(YES_NO),
  boolean: byCode(BOOLEAN),
  relationship: same(RELATIONSHIP),
  contractType: byCode(CONTRACT_TYPES),
  maritalStatus: capitalised(byCode(MARITAL_STATUS_CODES)),
  employmentChange: byCode(EMPLOYMENT_CHANGE_TYPES),
  attendanceStatus: { ...ATTENDANCE_STATUS } as Record<string, string>,
  approvalStatus: byCode(APPROVAL_STATUS),
  requestStatus: byCode(REQUEST_STATUS),
  permitType: Object.fromEntries(Object.entries(PERMIT_TYPES).map(([code, p]) => [code, p.label])),
  overtimeDayKind: { ...OVERTIME_DAY_KIND_LABELS } as Record<string, string>,
  halfDay: { ...HALF_DAY_LABELS } as Record<string, string>,
  purchaseRequestStatus: { ...PURCHASE_REQUEST_STATUS_LABELS } as Record<string, string>,
  fulfilment: { ...FULFILMENT_LABELS } as Record<string, string>,
  pogInvoiceStatus: { ...POG_INVOICE_STATUS_LABELS } as Record<string, string>,
  storageServerStatus: { ...STORAGE_SERVER_STATUS_LABELS } as Record<string, string>,
};

type Labels = Record<keyof typeof en, Record<string, string>>;

/** Bahasa Indonesia: the usual Indonesian HR terms, by the same codes (i18n.test.ts checks none is left out). */
// biome-ignore format: one enum a line
const id: Labels = {
  gender: { Male: 'Laki-laki', Female: 'Perempuan' },
  homeOwnership: { 1: 'Milik sendiri', 2: 'Sewa', 3: 'Kos', 4: 'Rumah orang tua', 5: 'Menumpang' },
  resignedWorking: { 1: 'Mengundurkan diri', 0: 'Bekerja' },
  yesNo: { 1: 'ya', 0: 'tidak' },
  boolean: { 1: 'Benar', 0: 'Salah' },
  relationship: { Family: 'Keluarga', Friend: 'Teman' },
  contractType: { 1: 'Pelatihan', 2: 'Magang', 3: 'Pekerja lepas', 4: 'Kontrak', 5: 'Tetap' },
  maritalStatus: { 1: 'Menikah', 2: 'Menikah lagi', 3: 'Cerai hidup', 4: 'Cerai mati', 5: 'Belum menikah' },
  employmentChange: { 1: 'Mutasi', 2: 'Promosi', 3: 'Demosi', 4: 'Relokasi' },
  attendanceStatus: { ...ATTENDANCE_STATUS_ID },
  approvalStatus: { 1: 'Disetujui', 2: 'Ditolak', 3: 'Menunggu' },
  requestStatus: { 1: 'Disetujui', 2: 'Ditolak', 3: 'Menunggu', 4: 'Dibatalkan' },
  permitType: { 1: 'Terlambat Masuk', 2: 'Pulang Lebih Awal', 3: 'Izin Keluar Sebentar', 4: 'Koreksi Shift' },
  overtimeDayKind: { workday: 'Hari Kerja', restday: 'Hari Istirahat', holiday: 'Hari Libur' },
  halfDay: { none: 'Sehari penuh', morning: 'Pagi', afternoon: 'Siang' },
  purchaseRequestStatus: { pending_managerial: 'Menunggu persetujuan atasan', pending_warehouse: 'Menunggu persetujuan gudang', pending_coo: 'Menunggu persetujuan COO', approved: 'Disetujui', rejected: 'Ditolak', cancelled: 'Dibatalkan' },
  fulfilment: { none: 'Belum diserahkan', partial: 'Sebagian diserahkan', full: 'Diserahkan' },
  pogInvoiceStatus: { active: 'Aktif', paid: 'Lunas', cancelled: 'Dibatalkan' },
  storageServerStatus: { active: 'Aktif', maintenance: 'Pemeliharaan', inactive: 'Tidak aktif' },
};

export const ENUM_TEXTS = registerTexts<Labels>('enums', { en, id });

export type EnumName = keyof Labels;
/** A code of an enum (a number may come as a number or as its string). */
export type EnumCode = string | number;

/** The label of `code` of enum `name` in `language` (the screen's by default); an unknown code as `fallback ?? code`. */
export function enumLabel<N extends EnumName>(
  name: N,
  code: EnumCode,
  fallback?: string | null,
  language: string = i18n.language,
): string {
  const labels = (ENUM_TEXTS[language === 'id' ? 'id' : 'en'] as Labels)[name] as Record<string, string>;
  return labels[String(code)] ?? fallback ?? String(code);
}

/** `enumLabel` bound to the screen's language; the component re-renders when the language changes. */
export function useEnumLabel() {
  const { i18n: current } = useTranslation();
  const language = current.language;
  return <N extends EnumName>(name: N, code: EnumCode, fallback?: string | null) => enumLabel(name, code, fallback, language);
}

/** Every code of an enum with its label, in the spec's order, for a select. */
export function enumOptions<N extends EnumName>(
  name: N,
  language: string = i18n.language,
  codes: readonly EnumCode[] = Object.keys(en[name]),
): { value: string | number; label: string }[] {
  return codes.map((code) => {
    const numeric = typeof code === 'number' || /^\d+$/.test(String(code));
    return { value: numeric ? Number(code) : String(code), label: enumLabel(name, code, null, language) };
  });
}

/**
 * Options for a module-level constant: each label is read when the select renders, in the screen's
 * language at that moment (a screen re-renders when the language changes).
 */
export function enumOptionsNow<N extends EnumName>(
  name: N,
  codes: readonly EnumCode[] = Object.keys(en[name]),
): { value: string | number; readonly label: string }[] {
  return enumOptions(name, 'en', codes).map(({ value }) => ({
    value,
    get label() {
      return enumLabel(name, value);
    },
  }));
}

/** `enumOptions` in the screen's language. */
export function useEnumOptions() {
  const { i18n: current } = useTranslation();
  const language = current.language;
  return <N extends EnumName>(name: N, codes?: readonly EnumCode[]) => enumOptions(name, language, codes);
}

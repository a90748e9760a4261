import { registerTexts } from '../../i18n/register-texts';

/** Texts of /salary/legalTable (English and Bahasa Indonesia) under `legal`. */
const en = {
  intro:
    'Rates and caps that change by law, each with the date it applies from and its regulation. Payroll runs read the values in force on their pay date. Add next year’s values here when they are published.',
  table: 'Legal values',
  filterKey: 'Filter by value',
  allKeys: 'All values',
  key: 'Value',
  region: 'Region',
  value: 'Amount',
  validFrom: 'Valid from',
  validTo: 'Valid to',
  untilNext: 'until the next row',
  source: 'Source (regulation)',
  note: 'Note',
  used: 'Used',
  usedBy: 'Used by {{by}}',
  notUsed: 'Not used yet',
  correcting: 'Correcting history (valid from before the latest row)',
  add: 'Add a value',
  remove: 'Delete',
  empty: 'No values',
  sourceHint: 'Cite the regulation, e.g. “PP 45/2015 Pasal 29; BPJS TK letter B/…/022027”',
  regionHint: 'Only for minimum wages: e.g. dki-jakarta, kota-surabaya, kota-batam',
  unit_rupiah: 'Rp',
  unit_percent: '%',
  unit_factor: '×',
};
const id: typeof en = {
  intro:
    'Tarif dan batas yang berubah menurut peraturan, masing-masing dengan tanggal berlaku dan dasar hukumnya. Penggajian memakai nilai yang berlaku pada tanggal pembayarannya. Tambahkan nilai tahun depan di sini setelah diterbitkan.',
  table: 'Nilai menurut peraturan',
  filterKey: 'Saring menurut nilai',
  allKeys: 'Semua nilai',
  key: 'Nilai',
  region: 'Wilayah',
  value: 'Besaran',
  validFrom: 'Berlaku mulai',
  validTo: 'Berlaku sampai',
  untilNext: 'sampai baris berikutnya',
  source: 'Sumber (peraturan)',
  note: 'Catatan',
  used: 'Dipakai',
  usedBy: 'Dipakai oleh {{by}}',
  notUsed: 'Belum dipakai',
  correcting: 'Koreksi riwayat (berlaku mulai sebelum baris terakhir)',
  add: 'Tambah nilai',
  remove: 'Hapus',
  empty: 'Tidak ada nilai',
  sourceHint: 'Sebutkan peraturannya, mis. “PP 45/2015 Pasal 29; surat BPJS TK B/…/022027”',
  regionHint: 'Hanya untuk upah minimum: mis. dki-jakarta, kota-surabaya, kota-batam',
  unit_rupiah: 'Rp',
  unit_percent: '%',
  unit_factor: '×',
};

export const LEGAL_TEXTS = registerTexts('legal', { en, id });

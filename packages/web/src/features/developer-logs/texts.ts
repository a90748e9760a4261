import i18n from 'i18next';
import '../../i18n';

/** Texts of /developer/logs, English and Bahasa Indonesia, under the `dlogs` key. */
const en = {
  actor: 'Actor',
  actorPlaceholder: 'E-mail, name or agent',
  entity: 'Entity type',
  entityPlaceholder: 'e.g. employee, device',
  action: 'Action',
  actionPlaceholder: 'e.g. leave.approve',
  level: 'Level',
  source: 'Source',
  from: 'From',
  to: 'To',
  periodHint: 'Without a start, the last 7 days are shown.',
  all: 'All',
  time: 'Time',
  summary: 'Summary',
  details: 'Details',
  download: 'Download XLSX',
  empty: 'No log entries in this period.',
  detailTitle: 'Log entry',
  requestId: 'Request id',
  changes: 'Changes',
  field: 'Field',
  before: 'Before',
  after: 'After',
  payload: 'Payload',
  close: 'Close',
  system: 'system',
  levels: { info: 'Info', warning: 'Warning', error: 'Error' },
  sources: { audit: 'Audit', agent: 'Agent' },
};
type Texts = typeof en;

const id: Texts = {
  actor: 'Pelaku',
  actorPlaceholder: 'E-mail, nama atau agen',
  entity: 'Jenis entitas',
  entityPlaceholder: 'mis. employee, device',
  action: 'Aksi',
  actionPlaceholder: 'mis. leave.approve',
  level: 'Tingkat',
  source: 'Sumber',
  from: 'Dari',
  to: 'Sampai',
  periodHint: 'Tanpa tanggal awal, 7 hari terakhir ditampilkan.',
  all: 'Semua',
  time: 'Waktu',
  summary: 'Ringkasan',
  details: 'Detail',
  download: 'Unduh XLSX',
  empty: 'Tidak ada catatan pada periode ini.',
  detailTitle: 'Catatan log',
  requestId: 'Id permintaan',
  changes: 'Perubahan',
  field: 'Kolom',
  before: 'Sebelum',
  after: 'Sesudah',
  payload: 'Muatan',
  close: 'Tutup',
  system: 'sistem',
  levels: { info: 'Info', warning: 'Peringatan', error: 'Galat' },
  sources: { audit: 'Audit', agent: 'Agen' },
};

i18n.addResourceBundle('en', 'translation', { dlogs: en }, true, false);
i18n.addResourceBundle('id', 'translation', { dlogs: id }, true, false);

export const DEVELOPER_LOGS_TEXTS = { en, id };

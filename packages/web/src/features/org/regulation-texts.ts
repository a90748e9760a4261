import { registerTexts } from '../../i18n/register-texts';

/** Texts of the regulations tab and widget (`regulation` key), English and Bahasa Indonesia. */
const en = {
  tab: 'Regulations',
  title: 'Title',
  description: 'Description',
  effectiveDate: 'Effective date',
  office: 'Company office',
  allOffices: 'All offices',
  file: 'Document',
  fileHint: 'PDF, Word, JPG or PNG, at most 700 KB. When editing, leave empty to keep the current document.',
  badFile: 'Only PDF, Word, JPG or PNG files of at most 700 KB',
  size: 'Size',
  download: 'Download',
  add: 'Add regulation',
  edit: 'Edit {{title}}',
  empty: 'No regulations yet',
  none: 'No regulations apply to you yet',
  search: 'Search title or file name',
};
const id: typeof en = {
  tab: 'Peraturan',
  title: 'Judul',
  description: 'Keterangan',
  effectiveDate: 'Tanggal berlaku',
  office: 'Kantor',
  allOffices: 'Semua kantor',
  file: 'Dokumen',
  fileHint: 'PDF, Word, JPG atau PNG, paling besar 700 KB. Saat mengubah, kosongkan untuk tetap memakai dokumen sekarang.',
  badFile: 'Hanya berkas PDF, Word, JPG atau PNG paling besar 700 KB',
  size: 'Ukuran',
  download: 'Unduh',
  add: 'Tambah peraturan',
  edit: 'Ubah {{title}}',
  empty: 'Belum ada peraturan',
  none: 'Belum ada peraturan yang berlaku untuk Anda',
  search: 'Cari judul atau nama berkas',
};

export const REGULATION_TEXTS = registerTexts('regulation', { en, id });

import i18n from 'i18next';
import '../../i18n';

/** Texts of the employee import dialog, English and Bahasa Indonesia, under the `employeeImport` key. */
const en = {
  title: 'Import employees',
  button: 'Import',
  intro:
    'Upload a CSV or XLSX file laid out as the template. The file is checked first; nothing is written until you import, and nothing at all while a row is invalid.',
  template: 'Download template',
  file: 'File',
  fileHint: 'CSV (comma or semicolon, UTF-8) or XLSX, at most 700 KB.',
  badFile: 'Choose a .csv or .xlsx file of at most 700 KB.',
  checking: 'Checking the file…',
  summary: '{{rows}} rows: {{valid}} valid, {{invalid}} invalid.',
  errors: 'Rows to correct',
  preview: 'First valid rows',
  row: 'Row',
  column: 'Column',
  message: 'Problem',
  number: 'Employee number',
  numberAuto: 'from the ID index',
  name: 'Name',
  email: 'E-mail',
  office: 'Company office',
  department: 'Department',
  entryDate: 'Entry date',
  skipInvalid: 'Leave out the invalid rows and import the valid ones',
  fixHint: 'Correct the rows in your file and choose it again.',
  import_one: 'Import {{count}} employee',
  import_other: 'Import {{count}} employees',
  importing: 'Importing…',
  imported_one: '{{count}} employee imported',
  imported_other: '{{count}} employees imported',
  cancel: 'Cancel',
};
const id: typeof en = {
  title: 'Impor karyawan',
  button: 'Impor',
  intro:
    'Unggah berkas CSV atau XLSX sesuai templat. Berkas diperiksa dahulu; tidak ada yang disimpan sebelum Anda mengimpor, dan tidak sama sekali selama ada baris yang salah.',
  template: 'Unduh templat',
  file: 'Berkas',
  fileHint: 'CSV (koma atau titik koma, UTF-8) atau XLSX, maksimal 700 KB.',
  badFile: 'Pilih berkas .csv atau .xlsx maksimal 700 KB.',
  checking: 'Memeriksa berkas…',
  summary: '{{rows}} baris: {{valid}} benar, {{invalid}} salah.',
  errors: 'Baris yang perlu diperbaiki',
  preview: 'Baris benar pertama',
  row: 'Baris',
  column: 'Kolom',
  message: 'Masalah',
  number: 'Nomor karyawan',
  numberAuto: 'dari indeks ID',
  name: 'Nama',
  email: 'E-mail',
  office: 'Kantor',
  department: 'Departemen',
  entryDate: 'Tanggal masuk',
  skipInvalid: 'Lewati baris yang salah dan impor baris yang benar',
  fixHint: 'Perbaiki baris di berkas Anda lalu pilih lagi.',
  import_one: 'Impor {{count}} karyawan',
  import_other: 'Impor {{count}} karyawan',
  importing: 'Mengimpor…',
  imported_one: '{{count}} karyawan diimpor',
  imported_other: '{{count}} karyawan diimpor',
  cancel: 'Batal',
};
i18n.addResourceBundle('en', 'translation', { employeeImport: en }, true, false);
i18n.addResourceBundle('id', 'translation', { employeeImport: id }, true, false);

export const EMPLOYEE_IMPORT_TEXTS = { en, id };

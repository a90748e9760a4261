import { registerTexts } from '../../i18n/register-texts';

/** Texts of correcting employment records and pending resignations (`corrections` key, issue 20 item 3). */
const en = {
  edit: 'Edit',
  delete: 'Delete',
  editRecord: 'Edit employment record',
  recordName: '{{type}} of {{date}}',
  recordHint: 'Saving moves the employee when this is their latest record.',
  editResignation: 'Edit resignation',
};
const id: typeof en = {
  edit: 'Ubah',
  delete: 'Hapus',
  editRecord: 'Ubah riwayat kepegawaian',
  recordName: '{{type}} tanggal {{date}}',
  recordHint: 'Menyimpan akan memindahkan karyawan bila ini riwayat terakhirnya.',
  editResignation: 'Ubah pengunduran diri',
};

export const CORRECTION_TEXTS = registerTexts('corrections', { en, id });

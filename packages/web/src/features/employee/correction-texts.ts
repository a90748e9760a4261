import { registerTexts } from '../../i18n/register-texts';

/** Texts of correcting employment records and pending resignations (`corrections` key, issue 20 item 3). */
const en = {
  edit: 'Edit',
  delete: 'Delete',
  editRecord: 'Edit employment record',
  recordName: '{{type}} of {{date}}',
  recordUpdated: 'Employment record updated',
  recordDeleted: 'Employment record deleted',
  recordHint: 'Saving moves the employee when this is their latest record.',
  editResignation: 'Edit resignation',
  resignationUpdated: 'Resignation updated',
};
const id: typeof en = {
  edit: 'Ubah',
  delete: 'Hapus',
  editRecord: 'Ubah riwayat kepegawaian',
  recordName: '{{type}} tanggal {{date}}',
  recordUpdated: 'Riwayat kepegawaian diperbarui',
  recordDeleted: 'Riwayat kepegawaian dihapus',
  recordHint: 'Menyimpan akan memindahkan karyawan bila ini riwayat terakhirnya.',
  editResignation: 'Ubah pengunduran diri',
  resignationUpdated: 'Pengunduran diri diperbarui',
};

export const CORRECTION_TEXTS = registerTexts('corrections', { en, id });

import { registerTexts } from '../../i18n/register-texts';

/** Texts of the job-position assignment dialog of offices, departments, sections, divisions and job levels (`orgAssign` key). */
const en = {
  open: 'Job positions',
  title: 'Job positions of {{name}}',
  none: 'No job positions yet',
  assign: 'Assign',
  unassign: 'Unassign',
  candidate: 'Job position to assign',
  noCandidates: 'No other job position can be assigned',
  department: 'Into department',
  movesInOnly: 'A job position always belongs to one office and one department: to move one out, assign it elsewhere.',
};
const id: typeof en = {
  open: 'Jabatan',
  title: 'Jabatan di {{name}}',
  none: 'Belum ada jabatan',
  assign: 'Tetapkan',
  unassign: 'Lepaskan',
  candidate: 'Jabatan yang ditetapkan',
  noCandidates: 'Tidak ada jabatan lain yang bisa ditetapkan',
  department: 'Ke departemen',
  movesInOnly: 'Jabatan selalu berada di satu kantor dan satu departemen: untuk memindahkannya, tetapkan di tempat lain.',
};

export const ORG_ASSIGN_TEXTS = registerTexts('orgAssign', { en, id });

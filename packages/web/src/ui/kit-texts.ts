import { registerTexts } from '../i18n/register-texts';

/** Texts of the shared ui kit (dialogs, forms), English and Bahasa Indonesia, under the `kit` key. */
const en = {
  discardTitle: 'Discard changes?',
  discardText: 'What you entered in this form has not been saved and will be lost.',
  keepEditing: 'Keep editing',
  discard: 'Discard',
  notSaved_one: 'Not saved: check the marked field',
  notSaved_other: 'Not saved: check the {{count}} marked fields',
  invalidField: '{{field}} is not valid',
};

const id: typeof en = {
  discardTitle: 'Buang perubahan?',
  discardText: 'Isian formulir ini belum disimpan dan akan hilang.',
  keepEditing: 'Lanjut mengisi',
  discard: 'Buang',
  notSaved_one: 'Belum disimpan: periksa kolom yang ditandai',
  notSaved_other: 'Belum disimpan: periksa {{count}} kolom yang ditandai',
  invalidField: '{{field}} tidak valid',
};

export const KIT_TEXTS = registerTexts('kit', { en, id });

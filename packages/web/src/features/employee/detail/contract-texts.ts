import { registerTexts } from '../../../i18n/register-texts';

/** Texts of contract files and second contracts on the employee page (`contractFiles` key). */
const en = {
  secondTitle: 'Second contracts',
  addSecond: 'Add second contract',
  secondCompany: 'Second company',
  file: 'File',
  upload: 'Upload file',
  replace: 'Replace file',
  hint: 'PDF, PNG or JPG, at most 700 KB',
  bad: 'Only PDF, PNG or JPG files of at most 700 KB',
};
const id: typeof en = {
  secondTitle: 'Kontrak kedua',
  addSecond: 'Tambah kontrak kedua',
  secondCompany: 'Perusahaan kedua',
  file: 'Berkas',
  upload: 'Unggah berkas',
  replace: 'Ganti berkas',
  hint: 'PDF, PNG atau JPG, paling besar 700 KB',
  bad: 'Hanya berkas PDF, PNG atau JPG paling besar 700 KB',
};

export const CONTRACT_FILES_TEXTS = registerTexts('contractFiles', { en, id });

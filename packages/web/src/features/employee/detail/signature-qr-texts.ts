import { registerTexts } from '../../../i18n/register-texts';

/** Texts of the signature & QR code card of an employee, English and Bahasa Indonesia, under the `signatureQr` key. */
const en = {
  title: 'Signature & QR code',
  signature: 'Signature',
  noSignature: 'No signature uploaded.',
  upload: 'Upload signature',
  replace: 'Replace signature',
  chooseFile: 'Signature file (PNG or JPG)',
  badFile: 'Choose a PNG or JPG image of at most 200 KB.',
  deleteSignature: 'Delete signature',
  uploadedBy: '{{name}} · {{at}}',
  qrCode: 'QR code',
  noQrCode: 'No QR code generated yet.',
  generate: 'Generate QR code',
  regenerate: 'Regenerate QR code',
  downloadPng: 'Download QR (PNG)',
  downloadCard: 'Download ID card (PDF)',
  cardCode: 'Card {{code}} · {{at}}',
};
const id: typeof en = {
  title: 'Tanda tangan & kode QR',
  signature: 'Tanda tangan',
  noSignature: 'Belum ada tanda tangan.',
  upload: 'Unggah tanda tangan',
  replace: 'Ganti tanda tangan',
  chooseFile: 'Berkas tanda tangan (PNG atau JPG)',
  badFile: 'Pilih gambar PNG atau JPG paling besar 200 KB.',
  deleteSignature: 'Hapus tanda tangan',
  uploadedBy: '{{name}} · {{at}}',
  qrCode: 'Kode QR',
  noQrCode: 'Kode QR belum dibuat.',
  generate: 'Buat kode QR',
  regenerate: 'Buat ulang kode QR',
  downloadPng: 'Unduh QR (PNG)',
  downloadCard: 'Unduh kartu ID (PDF)',
  cardCode: 'Kartu {{code}} · {{at}}',
};

export const SIGNATURE_QR_TEXTS = registerTexts('signatureQr', { en, id });

import i18n from 'i18next';
import '../../i18n';

/** Texts of the storage-server screens, English and Bahasa Indonesia, under the `srv` key. */
const en = {
  servers: 'Storage servers',
  add: 'Add server',
  name: 'Name',
  type: 'Type',
  category: 'Category',
  location: 'Location',
  address: 'Address',
  capacity: 'Capacity (GB)',
  usage: 'Usage (GB)',
  used: 'Used',
  owner: 'Owner',
  status: 'Status',
  allTypes: 'All types',
  allCategories: 'All categories',
  allStatuses: 'All statuses',
  selectType: 'Select Type',
  selectCategory: 'Select Category',
  selectOwner: 'Select Owner',
  selectStatus: 'Select Status',
  searchPlaceholder: 'Name, location, address or owner',
  noServers: 'No storage servers',
  edit: 'Edit',
  delete: 'Delete',
  deleteTitle: 'Delete {{name}}?',
  deleteHint: 'The server is removed from the registry.',
  saved: 'Saved',
  deleted: 'Deleted',
  save: 'Save',
  ownerHint: 'You register servers you own.',
  back: 'Back to servers',
};
type Texts = typeof en;

const id: Texts = {
  servers: 'Server penyimpanan',
  add: 'Tambah server',
  name: 'Nama',
  type: 'Jenis',
  category: 'Kategori',
  location: 'Lokasi',
  address: 'Alamat',
  capacity: 'Kapasitas (GB)',
  usage: 'Terpakai (GB)',
  used: 'Terpakai',
  owner: 'Pemilik',
  status: 'Status',
  allTypes: 'Semua jenis',
  allCategories: 'Semua kategori',
  allStatuses: 'Semua status',
  selectType: 'Pilih Jenis',
  selectCategory: 'Pilih Kategori',
  selectOwner: 'Pilih Pemilik',
  selectStatus: 'Pilih Status',
  searchPlaceholder: 'Nama, lokasi, alamat atau pemilik',
  noServers: 'Tidak ada server penyimpanan',
  edit: 'Ubah',
  delete: 'Hapus',
  deleteTitle: 'Hapus {{name}}?',
  deleteHint: 'Server dihapus dari daftar.',
  saved: 'Tersimpan',
  deleted: 'Terhapus',
  save: 'Simpan',
  ownerHint: 'Anda mendaftarkan server milik Anda sendiri.',
  back: 'Kembali ke daftar server',
};

i18n.addResourceBundle('en', 'translation', { srv: en }, true, false);
i18n.addResourceBundle('id', 'translation', { srv: id }, true, false);

export const STORAGE_SERVER_TEXTS = { en, id };

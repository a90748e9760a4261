import { PERMISSIONS, type PermissionKey } from '@hr/core/browser';
import { i18n } from '../i18n';

/**
 * What each permission allows, in Bahasa Indonesia (issue 19 item 6); English is the registry's
 * (core access/registry.ts). Keyed by permission: a permission added there without a line here
 * fails to compile.
 */
// biome-ignore format: one permission a line
const ID: Record<PermissionKey, string> = {
  'hr.all': 'Akses HR penuh: melihat semua kantor, departemen dan divisi (cakupan data)',
  'employee.view': 'Melihat daftar dan data karyawan dalam cakupan data',
  'employee.create': 'Menambah karyawan',
  'employee.update': 'Mengubah data, kontrak dan catatan karyawan',
  'employee.delete': 'Menghapus karyawan',
  'employee.registration.view': 'Melihat pendaftaran mandiri yang menunggu aktivasi',
  'employee.registration.decide': 'Mengaktifkan atau menolak pendaftaran mandiri',
  'employee.editRequest.approve': 'Menyetujui atau menolak permintaan perubahan data karyawan',
  'employee.manager.manage': 'Menambah, mengubah, mengaktifkan dan menonaktifkan atasan',
  'employee.resignation.manage': 'Mengelola pengunduran diri',
  'employee.recruitment.manage': 'Mengelola rekrutmen: pelamar, tahapan, catatan, CV (merekrut juga perlu employee.create)',
  'org.view': 'Melihat struktur organisasi dan data referensi',
  'org.manage': 'Menambah, mengubah dan menghapus struktur organisasi dan data referensi',
  'permission.view': 'Melihat pemberian izin dan peran',
  'permission.assign': 'Memberikan dan mencabut izin dan peran (berlaku setelah disetujui)',
  'permission.approve': 'Menyetujui atau membatalkan pemberian izin dan peran yang diajukan orang lain',
  'user.manage': 'Membuat pengguna dan mengatur ulang kata sandinya',
  'attendance.view': 'Melihat absensi, cuti, lembur dan jadwal dalam cakupan data',
  'attendance.manage': 'Mengubah absensi, shift, jadwal, hari libur dan pengaturan kehadiran',
  'attendance.approve': 'Menyetujui atau menolak cuti, lembur dan koreksi absensi',
  'attendance.mobile': 'Absen masuk dan pulang dari ponsel (absensi langsung) di kantor yang diizinkan',
  'salary.view': 'Melihat gaji, laporan penggajian dan PPh',
  'salary.update': 'Mengubah gaji, komponen dan rumus; membuat penggajian',
  'salary.setting': 'Mengubah pengaturan penggajian',
  'setting.manage': 'Mengubah pengaturan aplikasi',
  'cooperative.view': 'Melihat koperasi, saldo dan penarikan',
  'cooperative.manage': 'Mengelola koperasi dan memutuskan penarikan',
  'canteen.view': 'Melihat pengaturan, jadwal dan kehadiran kantin',
  'canteen.manage': 'Mengelola pengaturan dan jadwal makan kantin',
  'inventory.view': 'Melihat barang, permintaan gudang dan permintaan pembelian',
  'inventory.request': 'Membuat permintaan gudang dan permintaan pembelian',
  'inventory.approve.managerial': 'Persetujuan atasan atas permintaan pembelian',
  'inventory.approve.warehouse': 'Persetujuan gudang atas permintaan pembelian dan permintaan gudang',
  'inventory.approve.coo': 'Persetujuan COO atas permintaan pembelian',
  'inventory.manage': 'Mengelola barang, satuan, layanan, pesanan dan penerimaan',
  'purchaseOfGood.manage': 'Mengelola pembelian barang dan faktur',
  'server.manage': 'Mengelola server penyimpanan',
  'developer.access': 'Menu pengembang: log, mesin sidik jari, kredensial OAuth',
  'device.ingest': 'Mengunggah absensi dari mesin sidik jari (agen perangkat)',
  'personal.access': 'Absensi, cuti, lembur, slip gaji dan profil sendiri',
};

/** What a permission allows, in the screen's language (undefined for an unknown key). */
export function permissionDescription(key: string, language: string = i18n.language): string | undefined {
  if (!Object.hasOwn(PERMISSIONS, key)) return undefined;
  return language === 'id' ? ID[key as PermissionKey] : PERMISSIONS[key as PermissionKey];
}

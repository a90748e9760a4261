import { registerTexts } from '../../../i18n/register-texts';

/**
 * Texts of the terminal screens added for Fingerspot.io cloud terminals and refusals (issue 21
 * part 3, issue 19 item 18), English and Bahasa Indonesia, under the `devCloud` key.
 */
const en = {
  cloudId: 'Cloud id',
  cloudIdHint: 'The terminal’s id in Fingerspot.io (cloud_id of its webhooks).',
  cloudTitle: 'Fingerspot.io cloud webhook',
  webhookUrl: 'Webhook URL',
  webhookHint:
    'In Fingerspot.io, set the webhook of this terminal to this URL. Send the secret in the X-Webhook-Secret header, or add ?secret=… to the URL if the cloud only takes a URL.',
  secret: 'Secret',
  secretSetAt: 'Issued {{at}}',
  noSecret: 'None yet: every webhook of this terminal is refused until a secret is issued.',
  issueSecret: 'Issue secret',
  rotateSecret: 'Issue a new secret',
  rotateHint: 'The old secret stops working at once: update it in Fingerspot.io too.',
  secretTitle: 'Webhook secret of {{name}}',
  secretIntro: 'Copy it into the Fingerspot.io webhook settings now.',
  secretOnce: 'This secret is shown only once; the server keeps only a hash of it. Lost? Issue a new one.',
  refusalsTitle: 'Refused ({{count}})',
  refusalsIntro:
    'Punches and webhooks sent for this terminal and not stored. Punches refused for a credential bound to another terminal are kept in the agent’s quarantine (hr-agent status); fix the credential’s terminal, then run hr-agent quarantine retry.',
  refusalWhat: 'What',
  refusalFor: 'Terminal',
  refusalFrom: 'From',
  refusalTimes: 'Times',
  refusalPunches: 'Punches',
  refusalFirst: 'First',
  refusalLast: 'Last',
  kindCredential: 'Credential bound to terminal {{bound}}',
  kindSecret: 'Webhook with a missing or wrong secret',
  kindInactive: 'Webhook while the terminal is inactive',
  unregisteredTitle: 'Cloud ids seen, not registered ({{count}})',
  unregisteredIntro:
    'Fingerspot.io sent webhooks for these cloud ids, but no cloud terminal is registered with them, so their scans were not stored.',
  calls: 'Calls',
  scansRefused: 'Scans refused',
  lastFrom: 'Last from',
  firstSeen: 'First seen',
  lastSeen: 'Last seen',
  register: 'Register',
};
const id: typeof en = {
  cloudId: 'ID cloud',
  cloudIdHint: 'ID terminal di Fingerspot.io (cloud_id pada webhook-nya).',
  cloudTitle: 'Webhook cloud Fingerspot.io',
  webhookUrl: 'URL webhook',
  webhookHint:
    'Di Fingerspot.io, atur webhook terminal ini ke URL ini. Kirim kunci rahasia di header X-Webhook-Secret, atau tambahkan ?secret=… ke URL jika cloud hanya menerima URL.',
  secret: 'Kunci rahasia',
  secretSetAt: 'Diterbitkan {{at}}',
  noSecret: 'Belum ada: setiap webhook terminal ini ditolak sampai kunci rahasia diterbitkan.',
  issueSecret: 'Terbitkan kunci rahasia',
  rotateSecret: 'Terbitkan kunci rahasia baru',
  rotateHint: 'Kunci rahasia lama langsung tidak berlaku: perbarui juga di Fingerspot.io.',
  secretTitle: 'Kunci rahasia webhook {{name}}',
  secretIntro: 'Salin sekarang ke pengaturan webhook Fingerspot.io.',
  secretOnce: 'Kunci rahasia ini hanya ditampilkan sekali; server hanya menyimpan hash-nya. Hilang? Terbitkan yang baru.',
  refusalsTitle: 'Ditolak ({{count}})',
  refusalsIntro:
    'Scan dan webhook yang dikirim untuk terminal ini dan tidak disimpan. Scan yang ditolak karena kredensial terikat ke terminal lain disimpan di karantina agen (hr-agent status); perbaiki terminal kredensial itu, lalu jalankan hr-agent quarantine retry.',
  refusalWhat: 'Apa',
  refusalFor: 'Terminal',
  refusalFrom: 'Dari',
  refusalTimes: 'Kali',
  refusalPunches: 'Scan',
  refusalFirst: 'Pertama',
  refusalLast: 'Terakhir',
  kindCredential: 'Kredensial terikat ke terminal {{bound}}',
  kindSecret: 'Webhook tanpa kunci rahasia atau dengan kunci rahasia salah',
  kindInactive: 'Webhook saat terminal tidak aktif',
  unregisteredTitle: 'ID cloud terlihat, belum terdaftar ({{count}})',
  unregisteredIntro:
    'Fingerspot.io mengirim webhook untuk ID cloud ini, tetapi tidak ada terminal cloud yang terdaftar dengannya, sehingga scan-nya tidak disimpan.',
  calls: 'Panggilan',
  scansRefused: 'Scan ditolak',
  lastFrom: 'Terakhir dari',
  firstSeen: 'Pertama terlihat',
  lastSeen: 'Terakhir terlihat',
  register: 'Daftarkan',
};

export const DEVICE_CLOUD_TEXTS = registerTexts('devCloud', { en, id });

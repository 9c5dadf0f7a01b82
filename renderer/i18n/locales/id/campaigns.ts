export default {
  card: {
    label: '{time} {title}, kampanye untuk {accounts}: {summary}',
    details: ', kampanye untuk {accounts}: {summary}',
    partlyFailed: 'Sebagian gagal',
    part: 'Bagian {index} dari {count}',
  },
  // Bahasa Indonesia tidak membedakan tunggal dan jamak: kedua bentuk sama.
  status: {
    failed: '{count} gagal | {count} gagal',
    publishing: '{count} sedang terbit | {count} sedang terbit',
    published: '{count} terbit | {count} terbit',
    scheduled: '{count} terjadwal | {count} terjadwal',
    waiting: '{count} menunggu dikirim | {count} menunggu dikirim',
    // Postingan di kotak keluar selama layanan dapat dijangkau (use-status-text.ts).
    sending: '{count} sedang dikirim | {count} sedang dikirim',
    draft: '{count} draf | {count} draf',
  },
  separator: ' · ',
  dialog: {
    title: 'Kampanye',
    intro:
      'Satu postingan untuk {count} akun. Perubahan berlaku untuk setiap postingan yang belum terbit; postingan yang sudah terbit dikunci.',
    shared: 'Sama untuk semua akun',
    time: 'Waktu kampanye',
    accounts: 'Akun',
    offset: 'Selisih (menit)',
    offsetHint: 'Dari waktu kampanye, −720 sampai +720 (12 jam).',
    offsetInvalid: 'Menit bulat antara −720 dan +720.',
    goesOut: 'Terbit {when}.',
    locked: 'Dikunci: {status}',
    remove: 'Hapus {account}',
    add: 'Tambah akun',
    addNone: 'Semua akun sudah ada di kampanye ini.',
    addButton: 'Tambah',
    save: 'Simpan kampanye',
    saved: 'Kampanye disimpan',
    savedPartly:
      'Kampanye disimpan; {count} postingan tidak dapat diubah | Kampanye disimpan; {count} postingan tidak dapat diubah',
    failedPost: '{account}: postingan gagal terbit.',
    fix: 'Perbaiki {account}',
    notChanged: '{account}: tidak diubah. {reason}',
    textRequired: 'Tulis teks untuk {account}.',
    linkUrl: 'Tautan',
    timeRequired: 'Pilih waktu kampanye.',
    newAccountText: 'Teks untuk akun baru',
  },
  undo: {
    removed: '{account} dihapus dari kampanye',
  },
}

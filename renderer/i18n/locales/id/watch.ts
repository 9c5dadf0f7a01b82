// Banner pemantau akun di perencana dan peringatan bentrok di penyusun (AccountWatchBanner, ComposerCollisions).
export default {
  banner: {
    label: 'Akun terputus dengan postingan yang segera terbit',
    title: '{account} ({network}) terputus',
    text: 'Postingan yang terbit dalam 24 jam ke depan ini akan gagal kecuali akunnya dihubungkan lagi di repliz.com: | {count} postingan yang terbit dalam 24 jam ke depan ini akan gagal kecuali akunnya dihubungkan lagi di repliz.com:',
    untitled: 'Postingan tanpa judul',
    reconnect: 'Hubungkan lagi di repliz.com',
    stale: 'Tidak dapat memeriksa akun lagi ({reason}); ini yang diketahui pada {time}.',
  },
  collisions: {
    title: 'Postingan lain di akun yang sama',
    checking: 'Memeriksa postingan lain di akun ini…',
    near: '{account} sudah punya postingan dalam selang 30 menit: {post}, {time}.',
    'same-text':
      '{account} sudah punya teks ini, terjadwal atau terbit dalam 30 hari terakhir: {post}, {time}.',
    'same-media':
      '{account} sudah punya media ini, terjadwal atau terbit dalam 30 hari terakhir: {post}, {time}.',
    untitled: 'postingan tanpa judul',
    note: 'Anda tetap dapat menjadwalkannya; jaringan bisa menyembunyikan atau membatasi postingan yang berulang.',
    failed:
      'Tidak dapat memeriksa postingan lain di akun yang sama ({reason}). Tetap jadwalkan, atau coba lagi.',
    retry: 'Periksa lagi',
    warn: 'Peringatan:',
  },
}

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
    line: '{account} sudah punya {post}, {time}: {reasons}.',
    reasons: {
      near: 'dalam selang 30 menit dari postingan ini',
      'same-text': 'teks yang sama',
      'same-media': 'media yang sama',
    },
    untitled: 'postingan tanpa judul',
    note: 'Yang dihitung: postingan akun yang sama dalam selang 30 menit, atau teks maupun medianya yang terjadwal atau terbit dalam 30 hari terakhir. Anda tetap dapat menjadwalkannya; jaringan bisa menyembunyikan atau membatasi postingan yang berulang.',
    failed:
      'Tidak dapat memeriksa postingan lain di akun yang sama ({reason}). Tetap jadwalkan, atau coba lagi.',
    retry: 'Periksa lagi',
    warn: 'Peringatan:',
  },
}

import type en from '../en/activity'

export default {
  title: 'Aktivitas',
  subtitle:
    'Yang dikerjakan otomatisasi Anda: balasan terkirim, komentar dihapus atau disukai, pesan, dan yang gagal.',
  filters: {
    label: 'Saring aktivitas',
    type: 'Aturan',
    allTypes: 'Semua aturan',
    status: 'Hasil',
    allStatuses: 'Semua hasil',
  },
  status: { error: 'Gagal', success: 'Berhasil' },
  offline:
    'Mencoba lagi memerlukan layanan, yang sekarang tidak terjangkau. Tidak ada yang disimpan untuk dicoba nanti: coba lagi saat Anda online.',
  selectFailed: 'Pilih semua yang gagal di halaman ini',
  select: 'Pilih tindakan gagal pada {time}',
  someone: 'Seseorang',
  answered: 'Dijawab:',
  noReason: 'Layanan tidak menyebutkan alasannya.',
  emptyTitle: 'Belum ada apa-apa',
  empty: 'Yang dikerjakan otomatisasi muncul di sini. Coba saringan lain.',
  disconnected: 'Akun terputus: mencoba lagi akan gagal lagi sampai akun disambungkan ulang di repliz.com.',
  retry: {
    one: 'Coba lagi',
    selected: 'Coba lagi yang dipilih | Coba lagi 1 yang dipilih | Coba lagi {count} yang dipilih',
    title: 'Dicoba lagi | 1 dicoba lagi | {count} dicoba lagi',
    worked: '1 berhasil. | 1 berhasil. | {count} berhasil.',
    again: '1 gagal lagi. | 1 gagal lagi. | {count} gagal lagi.',
    held: '1 ditahan: akun ini sudah memakai jatah coba ulang jam ini; coba setelah {time}. | 1 ditahan: akun ini sudah memakai jatah coba ulang jam ini; coba setelah {time}. | {count} ditahan: akunnya sudah memakai jatah coba ulang jam ini; coba setelah {time}.',
    warned:
      'Akun ini sudah sering dicoba ulang jam ini: jaringan bisa menganggap banyak percobaan ulang sebagai spam dan membatasi akun.',
    failed: 'Percobaan ulang tidak terkirim',
  },
} satisfies typeof en

// Memperbaiki postingan yang gagal lalu mengirimnya lagi (PostDetailDialog, mode perbaikan composer, FixSeveralDialog).
export default {
  mediaLabel: 'Media postingan ini',
  editAndSend: 'Sunting dan kirim lagi',
  duplicate: 'Gandakan sebagai draf',
  duplicated: 'Disalin ke draf baru',
  composerTitle: 'Perbaiki dan kirim lagi',
  send: 'Kirim lagi',
  reasonTitle: 'Alasan gagal',
  updated: 'Diperbarui dan dikirim lagi',
  updatedText: 'Layanan sudah menerima perubahan; postingan diterbitkan sekarang.',
  replaced: 'Dikirim sebagai postingan baru',
  replacedText:
    'Layanan tidak bisa mengubah postingan yang gagal, jadi perubahan dikirim sebagai postingan baru dan yang gagal dihapus.',
  notSent: 'Disimpan, belum dikirim lagi',
  warned: 'Dikirim lagi; akun ini sudah dicoba ulang {used} kali dalam satu jam ini',
  warnedShort: 'Dikirim lagi, melewati batas 3 coba ulang per jam untuk akun ini',
  warnedText:
    'Jaringan bisa menandai akun yang terlalu sering dicoba ulang sebagai spam. Tunggu sebelum mengirim lagi.',
  several: {
    aspect: 'Bentuk gambar ditolak di {count} postingan | Bentuk gambar ditolak di {count} postingan',
    aspectText: 'Pangkas setiap gambar ke bentuk terdekat yang diterima jaringannya, lalu kirim lagi.',
    aspectButton: 'Pangkas dan kirim lagi…',
    text: 'Teks terlalu panjang di {count} postingan | Teks terlalu panjang di {count} postingan',
    textText: 'Pendekkan setiap teks sampai batas jaringannya, lalu kirim lagi.',
    textButton: 'Pendekkan dan kirim lagi…',
    aspectTitle: 'Pangkas gambar dan kirim lagi',
    textTitle: 'Pendekkan teks dan kirim lagi',
    cropOf: 'Pangkasan {name}: bagian terang yang disimpan',
    // Nama gambar hasil pangkasan di layanan (lib/fix-media.ts croppedName).
    croppedName: '{name} (dipangkas)',
    cropMeta: '{from} → {to}, {width} × {height} px',
    unmeasured: 'Gambar tidak bisa dibaca di sini, jadi tidak bisa dipangkas.',
    cutShown: 'Teks yang dicoret akan dipotong',
    keptCount: '{count} dari {max} karakter',
    include: 'Perbaiki {title}',
    confirmAspect: 'Pangkas {count} gambar dan kirim | Pangkas {count} gambar dan kirim',
    confirmText: 'Pendekkan {count} teks dan kirim | Pendekkan {count} teks dan kirim',
    working: 'Memperbaiki {done} dari {count}…',
    budget: '{account}: sisa {left} dari {limit} coba ulang massal dalam satu jam ini',
    budgetSpent:
      '{account}: tidak ada sisa coba ulang massal dalam satu jam ini (sampai {time}); postingannya diperbaiki tetapi tidak dikirim.',
    done: '{count} postingan diperbaiki dan dikirim lagi | {count} postingan diperbaiki dan dikirim lagi',
    heldBack:
      '{count} postingan diperbaiki tetapi ditahan batas coba ulang | {count} postingan diperbaiki tetapi ditahan batas coba ulang',
    failedOne: '{title}: {reason}',
  },
}

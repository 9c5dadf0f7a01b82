export default {
  title: 'Dokter penyimpanan',
  intro:
    'File tersimpan yang tidak dipakai postingan mendatang atau gagal maupun draf lokal, dari yang terbesar.',
  open: 'Cari file yang tidak dipakai',
  close: 'Sembunyikan',
  reasonFull: 'Beberapa unggahan ditolak: penyimpanan penuh.',
  reasonLow: 'Ruang kosong penyimpanan Anda kurang dari 10%.',
  blindSpot:
    'File yang dikirim lewat chat atau dilampirkan pada balasan komentar tidak terlihat dari sini: periksa dulu sebelum menghapus file yang pernah Anda kirim ke sana.',
  publishedRule:
    'File yang hanya dipakai postingan yang sudah terbit ikut tercantum: setiap jaringan menyimpan salinannya sendiri setelah postingan terbit.',
  loading: 'Memeriksa setiap file terhadap postingan dan draf Anda…',
  reading: '{count} file tidak dipakai sejauh ini; {checked} dari {total} file tersimpan sudah diperiksa…',
  empty: 'Tidak ada file yang tidak dipakai: setiap file tersimpan dipakai postingan atau draf.',
  summary: '{count} file tidak dipakai, {size}',
  lastUse: 'terakhir dipakai {date}',
  neverUsed: 'belum pernah di postingan',
  select: 'Pilih {name}',
  amountLabel: 'Megabyte ruang kosong yang dituju',
  pick: 'Sediakan {amount} ruang kosong',
  pickHint:
    'Memilih file tidak dipakai sesedikit mungkin agar ruang kosong mencapai sebanyak ini, seperti storage free di baris perintah. File yang diunggah {days} hari terakhir tidak diikutkan kecuali Anda menyertakannya.',
  notEnough: 'File yang tidak dipakai hanya berjumlah {size}.',
  freeNow: '{size} kosong sekarang',
  includeRecent: 'Sertakan file yang diunggah {days} hari terakhir',
  alreadyFree: '{size} sudah kosong: tidak ada yang perlu dihapus.',
  notEnoughRecent:
    'Tanpa file yang diunggah {days} hari terakhir, file yang tidak dipakai hanya berjumlah {size}: sertakan file itu untuk mencapainya.',
  recentLeftOut: '{count} file yang diunggah {days} hari terakhir ({size}) tidak diikutkan.',
  chosenTitle: 'Akan dihapus: {count} file, {size}',
  uploaded: 'diunggah {date}',
  deleteSelected: 'Hapus {count} file ({size})',
  confirmTitle: 'Hapus file yang tidak dipakai?',
  confirmMessage:
    'Hapus {count} file, {size}? Setiap file diperiksa lagi tepat sebelum dihapus; file yang saat itu dipakai postingan atau draf tetap disimpan.',
  confirm: 'Hapus',
  deleted: '{count} file dihapus, {size} dikosongkan.',
  kept: '{count} file tetap disimpan: sekarang dipakai postingan atau draf.',
}

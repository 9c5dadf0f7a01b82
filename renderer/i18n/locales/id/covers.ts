// Sampul media video di penyusun posting (renderer/components/planner/VideoCover.vue).
export default {
  video: 'Video',
  preview: 'Bingkai dari {name}',
  loading: 'Membaca video…',
  meta: '{length} · {width} × {height} px',
  lengthUnknown: 'durasi tidak diketahui',
  frameAt: 'Bingkai sampul pada detik {seconds}',
  scrubber: 'Bingkai sampul untuk {name}',
  useFrame: 'Jadikan bingkai ini sampul',
  chooseImage: 'Pilih gambar…',
  remove: 'Hapus sampul',
  chosenFor: 'Sampul untuk {name}',
  chosenLocal: 'Sampul · diunggah saat dikirim',
  chosenStored: 'Sampul · di penyimpanan',
  undecodable:
    'Format video ini tidak dapat diputar di sini, jadi bingkai tidak dapat dipilih. Video tetap diunggah apa adanya; Anda bisa memilih gambar sebagai sampulnya.',
  frameBlocked:
    'Penyimpanan tidak mengizinkan aplikasi ini membaca bingkai video ini. Pilih gambar sebagai sampulnya.',
  notImage: '{name} bukan gambar: sampul harus berupa gambar.',
}

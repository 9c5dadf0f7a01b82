// Teks pakai ulang: cuplikan keterangan, grup tagar, dan jawaban tersimpan (bagian Pengaturan, menu di penyusun
// dan di kotak balasan, pengelola).
export default {
  title: 'Teks pakai ulang',
  description:
    'Cuplikan keterangan dan grup tagar, disisipkan ke postingan dari menu “Sisipkan teks” di penyusun atau dengan {keys}; jawaban tersimpan, disisipkan ke balasan dengan cara yang sama dari kotak masuk. Disimpan di komputer ini, untuk semua profil.',
  captions: 'Cuplikan keterangan',
  hashtags: 'Grup tagar',
  replies: 'Jawaban tersimpan',
  addReply: 'Jawaban baru',
  noReplies:
    'Belum ada jawaban tersimpan: jawaban untuk pertanyaan yang ditanyakan setiap hari, disisipkan ke balasan.',
  addCaption: 'Cuplikan baru',
  addHashtags: 'Grup tagar baru',
  noCaptions:
    'Belum ada cuplikan keterangan: salam penutup, ajakan bertindak, kalimat yang Anda tulis di setiap postingan.',
  noHashtags: 'Belum ada grup tagar: tagar yang Anda posting bersama, disisipkan sekaligus.',
  edit: 'Ubah {name}',
  delete: 'Hapus {name}',
  hashtagCount: 'tidak ada tagar | 1 tagar | {count} tagar',
  dialog: {
    newCaption: 'Cuplikan keterangan baru',
    newHashtags: 'Grup tagar baru',
    newReply: 'Jawaban tersimpan baru',
    edit: 'Ubah “{name}”',
    name: 'Nama',
    nameHint: 'Yang ditampilkan di menu.',
    body: 'Teks',
    tags: 'Tagar',
    tagsHint: 'Dipisahkan spasi, koma, atau baris baru; tanda # ditambahkan bila tidak ada.',
    count: '{count} / {max} karakter',
    save: 'Simpan',
    saved: '“{name}” disimpan',
  },
  deleted: '“{name}” dihapus',
  undo: 'Urungkan',
  deleteFailed: 'Tidak dapat menghapus “{name}”',
  loadFailed: 'Cuplikan yang tersimpan tidak dapat dibaca.',
  menu: {
    button: 'Sisipkan teks',
    label: 'Cuplikan dan grup tagar',
    filter: 'Cari cuplikan',
    none: 'Belum ada yang disimpan.',
    noMatch: 'Tidak ada yang cocok dengan “{query}”.',
    manage: 'Kelola cuplikan…',
    inserted: '“{name}” disisipkan',
  },
  manager: 'Teks pakai ulang',
}

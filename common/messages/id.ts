// main's texts in Bahasa Indonesia; the same keys as en.ts (a test compares them).
import type en from './en'

export default {
  tray: {
    inbox: '{count} perlu dijawab di kotak masuk ({unread} belum dibaca)',
    tooltip: 'Mediadeck',
    online: 'Daring',
    offline: 'Luring',
    checking: 'Memeriksa koneksi…',
    unauthorized: 'Kunci ditolak',
    uploading: 'Mengunggah {count} berkas',
    paused: 'Unggahan dijeda',
    postsWaiting: '{count} postingan menunggu dikirim',
    open: 'Buka Mediadeck',
    sendNow: 'Kirim sekarang',
    pause: 'Jeda unggahan',
    resume: 'Lanjutkan unggahan',
    quit: 'Keluar dari Mediadeck',
  },
  background: {
    title: 'Mediadeck masih berjalan',
    body: 'Mediadeck tetap mengirim postingan dan unggahan Anda dari baki sistem. Matikan di Pengaturan.',
  },
  quit: {
    message: 'Unggahan masih berjalan',
    detail: 'Jika Anda keluar sekarang, unggahan dilanjutkan saat Mediadeck dibuka lagi.',
    confirm: 'Keluar',
    cancel: 'Tetap berjalan',
  },
  menu: {
    file: 'Berkas',
    addFiles: 'Tambah Berkas…',
    addFolder: 'Tambah Folder…',
    edit: 'Edit',
    view: 'Tampilan',
    window: 'Jendela',
    help: 'Bantuan',
    website: 'Situs Repliz',
    showLog: 'Tampilkan Berkas Log',
    installCli: 'Pasang Alat Baris Perintah…',
  },
  cliInstall: {
    doneTitle: 'Alat baris perintah terpasang',
    doneDetail: 'Buka jendela terminal baru lalu jalankan “mediadeck --help”. Lokasinya: {where}.',
    failedTitle: 'Alat baris perintah tidak dapat dipasang',
  },
  notify: {
    inboxNewTitle: '{account}: {count} komentar atau pesan baru',
    inboxNewBody: 'Terbaru dari {from}: {text}',
    files: '{count} berkas',
    uploadsFailedTitle: 'Beberapa unggahan gagal',
    uploadsFailedBody: '{failed} gagal, {done} terunggah. Buka Mediadeck untuk mencoba lagi.',
    uploadsCancelledTitle: 'Unggahan dibatalkan',
    uploadsCancelledBody: '{count} berkas dibatalkan.',
    uploadsDoneTitle: 'Unggahan selesai',
    uploadsDoneBody: '{count} berkas terunggah.',
    uploadsReusedBody: '{count} berkas sudah ada di pustaka Anda.',
    uploadsDoneReusedBody: '{uploaded} terunggah, {reused} sudah ada di pustaka Anda.',
    postPublishedTitle: 'Postingan terbit',
    postPublishedBody: 'Postingan Anda di {account} sudah tayang.',
    postFailedTitle: 'Postingan gagal terbit',
    postFailedBody: 'Postingan Anda di {account} gagal. Buka Mediadeck untuk mencobanya lagi.',
    draftSentTitle: 'Draf terkirim',
    draftSentBody: 'Draf dalam antrean sudah dikirim ke layanan dan dijadwalkan.',
    accountDisconnectedTitle: '{account} terputus',
    accountDisconnectedBody: '{count} postingan yang segera terbit akan gagal: {posts}.',
    reconnect: 'Hubungkan lagi di repliz.com',
    untitledPost: 'Postingan tanpa judul',
  },
  crash: {
    title: 'Mediadeck berhenti bekerja',
    body: 'Jendela mogok dua kali dalam satu menit. Antrean dan draf Anda aman.',
    restart: 'Mulai ulang Mediadeck',
    copy: 'Salin diagnostik',
    copied: 'Diagnostik disalin',
    startFailed: 'Mediadeck tidak dapat dimulai',
    startFailedBody: '{reason}\n\nRinciannya ada di log: {logFile}',
  },
  data: {
    bindingTitle: 'Mediadeck tidak dapat dimulai',
    bindingBody:
      'Basis data lokal (SQLite) tidak dapat dimuat, jadi tidak ada yang bisa disimpan. Pasang ulang Mediadeck; jika terjadi lagi, laporkan dengan rincian ini: {problem}',
    noticeTitle: 'Data lokal Anda perlu diperhatikan',
    madePrivate:
      'Pengguna lain di komputer ini dapat membaca folder data Mediadeck {folder} (draf, salinan akun dan postingan Anda, riwayat unggahan); sekarang hanya Anda yang dapat membacanya.',
  },
  update: {
    readyMessage: 'Pembaruan siap',
    readyDetail: 'Mediadeck {version} sudah diunduh. Pasang saat Anda keluar?',
    install: 'Pasang saat keluar',
    later: 'Nanti saja',
  },
  errors: {
    'grid-moved-on':
      'Postingan ini berubah di layanan sejak grid digambar (diedit, dipindah, atau terbit): tidak ada yang dipindah. Grid kini menampilkannya seperti sekarang.',
    'grid-undo-failed':
      'Postingan kedua mungkin belum pindah, dan yang pertama tidak dikembalikan: periksa waktu kedua postingan di perencana.',
    'file-missing': 'Berkasnya sudah tidak ada: dipindah atau dihapus.',
    'file-permission': 'Izin membaca berkas ditolak.',
    'file-not-regular': 'Ini bukan berkas biasa.',
    'file-unreadable': 'Berkas tidak dapat dibaca.',
    'file-empty': 'Berkasnya kosong.',
    'file-not-granted':
      '{name} tidak dipilih atau diseret ke sini, atau sudah diganti: tambahkan lagi lewat dialog berkas atau dengan menyeretnya.',
    'file-too-large': '{name} lebih besar dari yang diterima mode peramban.',
    'file-not-kept': '{name} tidak dapat disimpan untuk diunggah.',
    'intake-full':
      '{name} tidak diterima: berkas yang ditambahkan dan belum diunggah sudah mencapai {max}. Unggah berkas itu dulu.',
    'covers-full':
      'Bingkai sampul yang menunggu postingan sudah mencapai {max}: simpan atau buang postingan itu dulu.',
    'too-many-files': 'Lebih dari {max} berkas sekaligus: tambahkan lebih sedikit.',
    'no-files': 'Tidak ada berkas untuk diunggah.',
    'upload-not-found': 'Unggahan ini sudah tidak ada di antrean.',
    'upload-engine-closed': 'Unggahan berhenti karena Mediadeck sedang ditutup.',
    'upload-cancelled': 'Dihentikan atas permintaan.',
    'upload-wait-stopped': 'Berhenti menunggu unggahan ini.',
    'upload-batch-too-big': 'Berkas-berkas ini memerlukan penyimpanan lebih dari yang tersisa.',
    'upload-file-too-big': 'Berkas ini memerlukan penyimpanan lebih dari yang tersisa.',
    'upload-file-changed': 'Berkas berubah saat diunggah: tambahkan lagi.',
    'upload-bad-concurrency': 'Jumlah unggahan sekaligus harus 1 sampai 32.',
    'upload-stopped': 'Unggahan {name} berhenti sebelum selesai.',
    'retry-budget':
      'Akun ini sudah dikirim ulang 3 kali dalam satu jam ini; lebih dari itu bisa dianggap spam. Coba lagi nanti.',
    'disk-full':
      'Tidak tersimpan: disk penuh. Kosongkan sebagian ruang lalu coba lagi; yang tersimpan sebelumnya tetap ada.',
    'read-only': 'Tidak tersimpan: disk hanya-baca. Yang tersimpan sebelumnya tetap ada.',
    'permission-denied':
      'Tidak tersimpan: izin menulis folder data ditolak. Yang tersimpan sebelumnya tetap ada.',
    'write-failed': 'Tidak tersimpan: folder data tidak dapat ditulisi. Yang tersimpan sebelumnya tetap ada.',
    'upload-progress-not-saved':
      'Unggahan berhenti: kemajuannya tidak dapat ditulis ke folder data (penuh, atau tidak dapat ditulisi). Tidak ada yang hilang: unggahan dilanjutkan saat berikutnya dibuka setelah folder dapat ditulisi.',
    'request-invalid':
      'Aplikasi mengirim permintaan yang tidak diterimanya ({field}). Tidak ada yang diubah.',
    'draft-invalid': 'Postingan belum lengkap: periksa kolom yang ditandai.',
    'draft-not-found': 'Draf ini sudah tidak ada.',
    'draft-changed-elsewhere':
      'Postingan ini diubah di tempat lain (jendela lain atau baris perintah) setelah Anda membukanya. Pertahankan versi Anda atau ambil versi yang lain.',
    'draft-sending': 'Postingan ini sedang dikirim; ubah setelah selesai.',
    'draft-on-service': 'Postingan ini sudah ada di layanan; ubah di sana (buka dari kalender).',
    'send-outcome-checking':
      'Tidak ada jawaban saat postingan ini dikirim; layanan ditanya lagi pada {at} apakah sudah menerimanya, sebelum apa pun dikirim ulang.',
    'draft-no-decision': 'Postingan ini tidak lagi memerlukan keputusan.',
    'new-time-required': 'Pilih waktu yang baru.',
    'profile-not-found': 'Profil ini sudah tidak ada.',
    'profile-secret-lost':
      '“{name}” tidak dapat dipakai: kunci rahasianya hanya disimpan untuk sesi terakhir. Masukkan lagi di Pengaturan → Profil; sampai saat itu salinan terakhir datanya yang ditampilkan.',
    'profile-builtin': 'Sandbox bawaan tidak dapat dihapus.',
    'secret-required': 'Masukkan kunci rahasia lagi.',
    'automation-not-found': 'Otomatisasi ini tidak ditemukan di layanan.',
    'post-moved-on': 'Postingan ini tidak lagi menunggu dikirim ({status}); postingan tidak diubah.',
    'automation-value-not-accepted':
      'Layanan tidak menerima “{value}” untuk {field}: pilih salah satu dari {allowed}.',
    'address-not-allowed': 'Alamat ini bukan alamat yang dibuka aplikasi.',
    'no-file-dialog': 'Dialog berkas tidak tersedia di sini.',
    'rate-limited-until': 'Layanan meminta menunggu: coba lagi pukul {time}.',
    'snippet-name-empty': 'Beri nama.',
    'snippet-name-too-long': 'Nama paling banyak {max} karakter.',
    'snippet-body-empty': 'Tulis teks yang akan disisipkan.',
    'snippet-body-too-long': 'Teks ini {length} karakter; cuplikan paling banyak {max}.',
    'snippet-not-hashtag': '“{word}” bukan tagar: gunakan huruf, angka, dan _ saja.',
    'snippet-too-many-hashtags':
      'Grup ini berisi {count} tagar; jaringan menerima paling banyak {max} dalam satu postingan.',
    'inbox-not-found': 'Percakapan ini sudah tidak ada di kotak masuk.',
    'inbox-comment-text-only': 'Komentar dibalas dengan teks saja: layanan tidak menerima berkas di sana.',
    'inbox-media-kind':
      '{name}: video atau audio dari pustaka belum bisa dikirim (durasinya dibaca dari berkas); kirim gambar atau dokumen.',
    'inbox-chat-only': 'Hanya obrolan yang punya pesan lama untuk ditampilkan.',
    'inbox-media-duration-unreachable':
      '{name}: berkas tersimpannya tidak dapat dihubungi untuk membaca durasinya; coba lagi setelah dapat dihubungi, atau lepas berkasnya dari komputer Anda.',
    'inbox-media-duration-gone':
      '{name}: berkas tersimpannya sudah tidak ada; kirim berkas lain dari pustaka, atau lepas berkasnya dari komputer Anda.',
    'inbox-media-duration-refused':
      '{name}: berkas tersimpannya ada di alamat lokal atau pribadi, yang tidak dibaca aplikasi; lepas berkasnya dari komputer Anda saja.',
    'inbox-media-duration-unreadable':
      '{name}: durasinya tidak dapat dibaca dari berkas tersimpan (yang dibaca: MP4, MOV, M4A, 3GP, WAV, dan MP3 dengan durasi di kepala berkasnya); lepas berkasnya dari komputer Anda saja.',
    'inbox-comment-only': 'Hanya komentar yang bisa disukai atau dibalas secara pribadi.',
    'snippet-name-taken': 'Sudah ada yang bernama “{name}”: pilih nama lain.',
    'snippet-same-text': 'Teks yang sama sudah disimpan sebagai “{name}”.',
    'snippet-not-found': 'Cuplikan ini sudah tidak ada (dihapus di jendela lain atau baris perintah).',
    'snippet-changed-elsewhere':
      'Cuplikan ini diubah di tempat lain setelah Anda membukanya. Tutup dan buka lagi untuk melihat versi itu.',
    'snippets-full':
      'Anda memiliki {max} cuplikan dan grup tagar, jumlah terbanyak yang disimpan: hapus beberapa dulu.',
  },
} satisfies typeof en

import type en from '../en/settings'

export default {
  title: 'Pengaturan',
  subtitle: 'Profil, unggahan, bahasa, dan tampilan.',
  profiles: {
    title: 'Profil',
    description:
      'Setiap profil adalah satu set kunci layanan. Profil sandbox bekerja luring dengan data latihan.',
    add: 'Tambah profil',
    addTitle: 'Tambah profil',
    editTitle: 'Ubah profil',
    active: 'Aktif',
    switch: 'Gunakan ini',
    switched: 'Sekarang memakai {name}',
    switchFailed: 'Tidak dapat mengganti profil',
    test: 'Uji koneksi',
    edit: 'Ubah {name}',
    delete: 'Hapus {name}',
    deleteTitle: 'Hapus profil ini?',
    deleteMessage:
      '“{name}” dan kuncinya yang tersimpan akan dihapus dari komputer ini. Berkas di layanan tetap ada.',
    deleted: '{name} dihapus',
    deleteFailed: 'Tidak dapat menghapus profil',
    saved: '{name} disimpan',
    accessKey: 'Access key',
    secret: {
      encrypted: 'secret disimpan terenkripsi',
      file: 'secret disimpan di berkas yang hanya bisa dibaca Anda',
      session: 'secret disimpan sampai aplikasi ditutup',
      none: 'secret belum disimpan',
    },
    fileSecretsTitle: 'Secret disimpan di berkas yang hanya bisa dibaca Anda',
    fileSecrets:
      'Secret key Anda disimpan dalam sebuah berkas di folder data Mediadeck yang hanya bisa dibaca akun pengguna Anda di komputer ini.',
    fileSecretsDetails:
      'Rincian: berkasnya secrets.json, karena mode ini tidak punya keychain sistem; alat baris perintah menyimpan kredensialnya dengan cara yang sama.',
    noEncryptionTitle: 'Secret tidak disimpan di komputer ini',
    noEncryption:
      'Sistem tidak menyediakan penyimpanan terenkripsi, jadi secret key hanya disimpan sampai Mediadeck ditutup dan harus dimasukkan lagi nanti.',
  },
  firstSteps: {
    what: 'Profil menghubungkan Mediadeck ke satu akun Repliz: namanya di sini, dan dua kunci yang diberikan Repliz.',
    keys: 'Temukan keduanya di repliz.com: masuk, buka halaman pengaturan akun Anda, lalu buat access key; secret key ditampilkan bersamanya. Salin keduanya ke sini.',
    demo: 'Sebelum Anda menambahkannya, yang terlihat adalah data contoh dari salinan latihan layanan di komputer ini: tidak ada yang benar-benar diposting.',
  },
  form: {
    name: 'Nama',
    baseUrl: 'Alamat layanan',
    accessKey: 'Access key',
    secretKey: 'Secret key',
    secretKeep: 'Kosongkan untuk memakai secret yang tersimpan',
    secretHint: 'Disimpan terenkripsi oleh sistem operasi Anda; tidak pernah ditampilkan lagi.',
    secretSession:
      'Hanya disimpan sampai Mediadeck ditutup: sistem ini tidak menyediakan penyimpanan terenkripsi.',
    secretFile:
      'Disimpan di berkas yang hanya bisa dibaca akun pengguna Anda; tidak pernah ditampilkan lagi.',
    required: 'Wajib diisi',
    badUrl: 'Masukkan alamat yang diawali https://',
    saveFailed: 'Profil tidak dapat disimpan',
  },
  test: {
    running: 'Menguji…',
    ok: 'Kunci berfungsi',
    failed: 'Uji koneksi gagal',
    areas: {
      storage: 'Penyimpanan',
      automations: 'Otomasi',
      schedules: 'Jadwal',
    },
    access: {
      allowed: 'termasuk',
      plan: 'tidak termasuk paket',
      unknown: 'tidak diketahui',
    },
  },
  preferences: {
    title: 'Preferensi',
    language: 'Bahasa',
    languageSystem: 'Sama dengan sistem',
    concurrency: 'Unggahan bersamaan',
    concurrencyValue: '{count} berkas sekaligus',
    concurrencyHint:
      'Lebih banyak unggahan paralel bisa lebih cepat di koneksi yang baik; lebih sedikit lebih ringan di koneksi lambat.',
    rateLimit: 'Batas kecepatan unggah',
    rateLimitNone: 'Tanpa batas',
    rateLimitHint:
      'Membatasi semua unggahan sekaligus, agar panggilan video atau koneksi bersama tetap mendapat bagiannya. Perubahan berlaku juga untuk unggahan yang sedang berjalan.',
    historyDays: 'Simpan unggahan selesai',
    historyDaysValue: '{count} hari',
    historyDaysHint:
      'Unggahan yang selesai tetap di antrean selama ini, lalu dihapus dari riwayat komputer ini. Berkasnya tetap ada di pustaka Anda.',
    theme: 'Tema',
    themeSystem: 'Sistem',
    themeLight: 'Terang',
    themeDark: 'Gelap',
    saveFailed: 'Pengaturan tidak dapat disimpan',
    runInBackground: 'Tetap berjalan di baki sistem saat jendela ditutup',
    runInBackgroundHint: 'Postingan dan unggahan dalam antrean tetap berjalan saat jendela ditutup.',
    quietHours: 'Jam tenang',
    quietHoursOn: 'Tanpa notifikasi selama jam tenang',
    quietFrom: 'Dari',
    quietTo: 'Sampai',
    quietHoursHint:
      'Pesan dan komentar baru, postingan gagal, akun terputus, dan unggahan selesai tidak memunculkan notifikasi sistem di antara jam ini (jam komputer ini). Semuanya tetap tampil di aplikasi.',
    openAtLogin: 'Buka saat masuk (di baki sistem)',
  },
  about: {
    title: 'Tentang',
    version: 'Versi',
    mode: 'Berjalan sebagai',
    modes: {
      electron: 'Aplikasi desktop',
      browser: 'Mode peramban',
    },
    dataDir: 'Folder data',
    logFile: 'Berkas log',
    copyPath: 'Salin jalur folder data',
    copyDiagnostics: 'Salin diagnostik',
    saveDiagnostics: 'Simpan diagnostik',
    diagnosticsCopied: 'Diagnostik disalin',
    diagnosticsHint: 'Versi, pengaturan, baris log terakhir, dan antrean, tanpa kunci dan token.',
    crashReports: 'Laporan mogok',
    noCrashReports: 'Tidak ada',
  },
} satisfies typeof en

import type en from '../en/common'

export default {
  appName: 'Mediadeck',
  // An account told apart from another of the same name: its network and username beside its name.
  account: {
    described: '{name} ({network}, {username})',
  },
  nav: {
    label: 'Utama',
    library: 'Pustaka',
    automations: 'Otomasi',
    activity: 'Aktivitas',
    inbox: 'Kotak masuk',
    inboxCounts: '{unreplied} menunggu jawaban, {unread} belum dibaca',
    planner: 'Perencana',
    insights: 'Wawasan',
    settings: 'Pengaturan',
  },
  actions: {
    close: 'Tutup',
    cancel: 'Batal',
    retry: 'Coba lagi',
    refresh: 'Muat ulang',
    openSettings: 'Buka pengaturan',
    clearSearch: 'Hapus pencarian',
    dismiss: 'Tutup',
    save: 'Simpan',
    delete: 'Hapus',
    edit: 'Ubah',
    copy: 'Salin',
    copied: 'Disalin',
    openInBrowser: 'Buka di peramban',
    show: 'Tampilkan',
    hide: 'Sembunyikan',
  },
  dateField: {
    hint: 'Ketik tanggal, atau gunakan panah atas dan bawah untuk sehari, Page Up dan Page Down untuk sebulan, Alt+Bawah untuk kalender.',
    unreadable: 'Tanggal ini tidak dapat dibaca. Ketik seperti {example}.',
    open: 'Pilih tanggal',
    previousMonth: 'Bulan sebelumnya',
    nextMonth: 'Bulan berikutnya',
  },
  timeField: {
    hint: 'Ketik waktu dalam format 24 jam, atau gunakan panah atas dan bawah untuk semenit, Page Up dan Page Down untuk sejam.',
    unreadable: 'Waktu ini tidak dapat dibaca. Ketik seperti {example}.',
  },
  profile: {
    label: 'Profil',
    sandbox: 'Sandbox',
    sandboxHint: 'Data latihan di komputer ini; tidak ada yang sampai ke layanan sungguhan.',
  },
  noCopy: {
    title: 'Belum ada salinan profil ini',
    detail: 'Salinannya akan dibaca saat layanan dapat dijangkau.',
  },
  hostStopped: {
    title: 'Mediadeck telah berhenti',
    detail:
      'Halaman ini kehilangan tautannya ke aplikasi Mediadeck di komputer ini. Untuk membukanya lagi, jalankan `npm run start:browser` lalu buka alamat yang ditampilkannya: alamat itu berubah setiap kali dijalankan.',
  },
  connection: {
    label: 'Koneksi',
    checking: 'Memeriksa…',
    online: 'Terhubung',
    offline: 'Luring',
    unauthorized: 'Kunci ditolak',
    stopped: 'Aplikasi berhenti',
    checkNow: 'Periksa koneksi sekarang',
    lastChecked: 'Terakhir diperiksa {when}',
  },
  storage: {
    label: 'Penyimpanan',
    used: '{used} dari {total}',
    /** Meter di bilah samping: satu baris bersama labelnya, "dari" membuatnya terlalu lebar. */
    usedCompact: '{used} / {total}',
    pending: '{count} tertunda',
    unknown: 'Penyimpanan belum dimuat',
  },
  drop: {
    title: 'Lepaskan untuk mengunggah',
    hint: 'Berkas dan folder masuk ke penyimpanan Anda di {profile}',
    preparing: 'Menyiapkan berkas yang dilepas…',
  },
  pagination: {
    label: 'Navigasi halaman',
    none: 'Tidak ada item',
    range: '{first}–{last} dari {total}',
    perPage: 'Per halaman',
    previous: 'Halaman sebelumnya',
    next: 'Halaman berikutnya',
    page: 'Halaman {page} dari {pages}',
  },
  multiSelect: {
    all: 'Semua',
    count: '{count} dipilih',
    empty: 'Tidak ada pilihan',
    clear: 'Hapus pilihan',
  },
  skipToContent: 'Lewati ke konten',
  notifications: 'Notifikasi',
  skipped: {
    automations: '{count} otomasi tidak dapat dibaca',
    schedules: '{count} postingan terjadwal tidak dapat dibaca',
    files: '{count} berkas tidak dapat dibaca',
    detail: 'Layanan mengirimnya tanpa id, jadi tidak ditampilkan di sini; log mencatat namanya.',
  },
  stale: {
    badge: 'Luring · per {when}',
    detail: 'Layanan tidak dapat memastikannya; ini salinan terakhir, dari {when}.',
  },
  freshness: {
    checking: 'Memeriksa…',
    checkingAsOf: 'Memeriksa… · per {when}',
    checkingDetail: 'Sedang diperbarui dari layanan; ditampilkan seperti pada {when}.',
  },
  loading: 'Memuat…',
  yes: 'Ya',
  no: 'Tidak',
  errors: {
    unauthorized: {
      title: 'Layanan menolak kunci',
      detail: 'Periksa access key dan secret key profil ini di Pengaturan.',
    },
    plan: {
      title: 'Tidak termasuk dalam paket Anda',
      detail: 'Paket Anda tidak mencakup bagian ini. Tingkatkan paket di layanan untuk menggunakannya.',
    },
    'storage-full': {
      title: 'Penyimpanan penuh',
      detail:
        'Ruang penyimpanan tidak cukup. Hapus berkas yang tidak terpakai atau tingkatkan paket penyimpanan.',
      detailBytes:
        'Dibutuhkan {needed} tetapi hanya {free} yang tersisa. Hapus berkas yang tidak terpakai atau tingkatkan paket penyimpanan.',
    },
    'not-found': { title: 'Tidak ditemukan', detail: 'Mungkin sudah dihapus di layanan.' },
    validation: { title: 'Layanan menolak permintaan', detail: 'Beberapa nilai tidak diterima.' },
    'rate-limited': {
      title: 'Terlalu banyak permintaan',
      detail: 'Layanan meminta kita melambat. Coba lagi sebentar lagi.',
      detailWait: 'Layanan meminta kita melambat. Coba lagi dalam {seconds} dtk.',
    },
    server: { title: 'Layanan bermasalah', detail: 'Layanan menjawab dengan galat. Coba lagi nanti.' },
    'storage-rejected': {
      title: 'Penyimpanan menolak berkas',
      detail: 'Server penyimpanan tidak menerima unggahan. Mencoba lagi biasanya berhasil.',
    },
    network: { title: 'Masalah jaringan', detail: 'Layanan tidak dapat dijangkau. Periksa koneksi Anda.' },
    timeout: { title: 'Waktu habis', detail: 'Layanan terlalu lama menjawab.' },
    cancelled: { title: 'Dibatalkan', detail: 'Dihentikan atas permintaan.' },
    file: { title: 'Masalah berkas', detail: 'Berkas tidak dapat dibaca.' },
    offline: {
      title: 'Luring',
      detail: 'Tidak ada koneksi ke layanan saat ini; ini menunggu dan berlanjut dengan sendirinya.',
    },
    internal: { title: 'Terjadi kesalahan', detail: 'Terjadi galat yang tidak terduga.' },
  },
} satisfies typeof en

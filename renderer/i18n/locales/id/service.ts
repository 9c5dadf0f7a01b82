import type en from '../en/service'

export default {
  failures: {
    accountMissing: 'Akun ini sudah tidak ada di layanan.',
    disconnected: 'Akun {account} ({network}) terputus: hubungkan lagi, lalu coba lagi.',
    unsupportedType: '{network} tidak menerbitkan postingan {type}.',
    tokenExpired: 'Masa masuk akun {network} sudah habis: hubungkan lagi akunnya.',
    aspectRatioFile:
      '{network} menolak gambar ini. {name} berasio {ratio}:1; {network} menerima {min}:1 (tegak) sampai {max}:1 (melebar). Pangkas agar pas, lalu kirim lagi.',
    aspectRatio: '{network} menolak media: {network} menerima {min}:1 (tegak) sampai {max}:1 (melebar).',
    captionTooLong: '{network} menerima paling banyak {max} karakter teks; postingan ini {count}.',
    tooManyMedia:
      '{network} menerima paling banyak {max} berkas media dalam satu postingan; postingan ini {count}.',
    commentGone: 'Komentar sudah hilang sebelum jawaban terkirim.',
    messagesClosed: 'Orang ini tidak menerima pesan pribadi dari akun ini.',
    storyExpired: 'Story sudah kedaluwarsa sebelum jawaban terkirim.',
    chatClosed: 'Percakapan sudah ditutup sebelum jawaban terkirim.',
    platformRateLimit: 'Jaringan meminta akun ini memperlambat: coba lagi nanti.',
  },
} satisfies typeof en

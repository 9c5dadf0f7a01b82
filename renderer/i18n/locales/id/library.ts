import type en from '../en/library'

export default {
  title: 'Pustaka',
  toast: {
    batchDone: '{done} berkas terunggah',
    batchFailed: '{failed} unggahan gagal',
    batchSummary: '{done} selesai, {failed} gagal, {cancelled} dibatalkan',
    showQueue: 'Lihat antrean',
    addFailed: 'Berkas tidak dapat ditambahkan',
  },
} satisfies typeof en

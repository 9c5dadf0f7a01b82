export default {
  title: 'Library',
  toast: {
    batchDone: 'One file uploaded | {done} files uploaded',
    batchFailed: 'One upload failed | {failed} uploads failed',
    batchSummary: '{done} done, {failed} failed, {cancelled} cancelled',
    showQueue: 'Show the queue',
    addFailed: 'Could not add the files',
  },
}

// A file made in main handed to the person as a download: the same in the app and in browser mode, where the
// page has no file system of its own (as the planner's export and the diagnostics do).

/** Saves `content` under `filename` through the browser's download. */
export function downloadText(filename: string, content: string, type: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }))
  const link = document.createElement('a')
  link.href = url
  link.download = filename
  link.click()
  // Chromium reads the blob when the click is handled; a moment later it may go.
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}

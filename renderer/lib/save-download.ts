/**
 * Hands the browser a file to save, made from text: a link to it clicked, the same in the app and in browser
 * mode (the planner's export and its CSV template).
 */
export function saveDownload(filename: string, content: string, type: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }))
  const link = document.createElement('a')
  link.href = url
  link.download = filename
  link.click()
  URL.revokeObjectURL(url)
}

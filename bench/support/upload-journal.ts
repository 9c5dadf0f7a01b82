// An upload queue's history as the code before the database kept it: the journal (main/core/uploads/journal.ts)
// of `n` uploads finished one second apart up to now, well within the retention. Every version reads it: the
// old one on each open, the new one imports it into the database on the first. The upload-history and the
// drafts benchmarks both measure an open that carries such a history.
export function finishedUploadsJournal(n: number, now = Date.now()): string {
  const lines: string[] = []
  for (let i = 0; i < n; i++) {
    const at = new Date(now - (n - i) * 1000).toISOString()
    const item = {
      id: `h-${i}`,
      path: `/photos/${i}.jpg`,
      name: `${i}.jpg`,
      size: 100_000 + i,
      mtimeMs: 1,
      mimetype: 'image/jpeg',
      batchId: `b-${Math.floor(i / 20)}`,
      createdAt: at,
    }
    lines.push(JSON.stringify({ t: 'add', item }))
    lines.push(
      JSON.stringify({ t: 'init', id: item.id, fileId: `f-${i}`, key: `k/${i}`, url: `https://s/${i}` }),
    )
    lines.push(JSON.stringify({ t: 'state', id: item.id, state: 'done', at }))
  }
  return lines.join('\n') + '\n'
}

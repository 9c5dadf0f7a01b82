// `upload FILE|FOLDER... [--json] [--concurrency N] [--limit-rate RATE]`: the real upload engine, one result per file.
// A FOLDER stands for the files under it, walked as the app's drop walks a dropped folder (folder-files.ts).
// `--limit-rate` caps the total speed of all transfers, spelled as curl's (bytes a second, k/M/G = 1024^n).
// Files are checked before any request (a missing file is named by its path and nothing is sent); results
// are printed as each file finishes; Ctrl-C closes the engine so unfinished files resume on the next run.
import { resolve } from 'node:path'
import { AppError } from '../../../common/errors'
import type { UploadItem } from '../../../common/uploads'
import { FINAL_UPLOAD_STATES } from '../../../common/uploads'
import { expandFolders, MAX_EXPANDED_FILES } from '../../core/files/folder-files'
import { probeFile, type ProbedFile } from '../../core/uploads/file-probe'
import { formatBytes } from '../../../common/format-bytes'
import { openCliUploads } from '../cli-uploads'
import { intOption, parse, rateOption, UsageError } from '../args'
import type { CliCommand } from '../context'
import { writeJson, writeLine } from '../context'
import { createProgressLine } from '../progress-bar'
import { describeError } from '../describe-error'
import { printable } from '../printable'

const usage = 'upload FILE|FOLDER... [--json] [--concurrency N] [--limit-rate RATE]'

export { CLI_JOURNAL } from '../cli-uploads'

export const uploadCommand: CliCommand = {
  name: ['upload'],
  usage,
  summary: 'upload files to the storage',
  async run(argv, ctx) {
    const { values, positionals } = parse(
      argv,
      { json: { type: 'boolean' }, concurrency: { type: 'string' }, 'limit-rate': { type: 'string' } },
      usage,
    )
    if (positionals.length === 0) throw new UsageError('give at least one FILE')
    const { files, emptyFolders } = await expandFolders(positionals)
    if (files.length > MAX_EXPANDED_FILES) {
      writeLine(
        ctx.stderr,
        `error: more than ${MAX_EXPANDED_FILES} files at once; upload the folders one by one`,
      )
      return 1
    }
    if (emptyFolders.length > 0) {
      for (const folder of emptyFolders)
        writeLine(ctx.stderr, `error: ${printable(folder)}: the folder holds no file to upload`)
      return 1
    }
    const concurrency = intOption(values.concurrency, 'concurrency', 1, 32) ?? 3
    const rateLimit = rateOption(values['limit-rate'], 'limit-rate') ?? null
    const json = Boolean(values.json)

    // Every file is checked before the profile is even read: a typo is reported by its path, nothing sent.
    const checks = await Promise.allSettled(files.map((p) => probeFile(p)))
    const bad = checks.flatMap((c, i) =>
      c.status === 'rejected' ? [{ path: files[i]!, error: AppError.from(c.reason) }] : [],
    )
    if (bad.length > 0) {
      for (const { path, error } of bad) {
        if (json) writeJson(ctx.stdout, failedLine(path, error))
        writeLine(ctx.stderr, `error: ${printable(error.message)}`)
      }
      return 1
    }

    const profile = await ctx.resolveProfile(ctx.env)
    const client = ctx.createClient(profile)
    const uploads = openCliUploads(profile, ctx, {
      client,
      concurrency,
      rateLimit,
      network: ctx.network,
    })
    const { engine } = uploads
    const bar = createProgressLine(ctx.stderr, ctx.isTTY && !json)
    const printed = new Set<string>()
    let mine = new Set<string>()
    let interrupted = false
    const stopListening = ctx.onInterrupt(() => {
      interrupted = true
      void engine.close()
    })

    const report = (item: UploadItem): void => {
      if (printed.has(item.id) || !FINAL_UPLOAD_STATES.includes(item.state)) return
      printed.add(item.id)
      const resumed = !mine.has(item.id)
      if (json && !resumed) {
        writeJson(ctx.stdout, item.state === 'done' ? doneLine(item) : failedLine(item.path, item.error))
        return
      }
      const prefix = resumed ? '(resumed) ' : ''
      const target = item.state === 'done' && !resumed ? ctx.stdout : ctx.stderr
      bar.log(target, prefix + printable(humanLine(item)))
    }

    try {
      const resumed = engine.list().filter((i) => !FINAL_UPLOAD_STATES.includes(i.state))
      if (resumed.length > 0) {
        writeLine(ctx.stderr, `resuming ${resumed.length} unfinished upload(s) from an earlier run`)
      }
      for (const item of engine.list()) if (FINAL_UPLOAD_STATES.includes(item.state)) printed.add(item.id)
      // A file an earlier, interrupted run was uploading is that upload, resumed: adding it again would store it
      // twice. Same path and size; a file changed since fails the resumed upload's own identity check.
      const sizeOf = new Map(checks.map((c, i) => [resolve(files[i]!), probed(c).size]))
      const adopted = resumed.filter((item) => sizeOf.get(item.path) === item.size)
      const adoptedPaths = new Set(adopted.map((item) => item.path))
      mine = new Set(adopted.map((item) => item.id))
      const stopProgress = engine.onProgress((e) => {
        for (const item of e.items) report(item)
        bar.update(e.totals)
      })
      const toAdd = [...new Set(files.map((p) => resolve(p)))].filter((p) => !adoptedPaths.has(p))
      let added: UploadItem[] = []
      try {
        if (toAdd.length > 0) added = await engine.add(toAdd)
      } catch (error) {
        const e = AppError.from(error)
        if (json) for (const path of toAdd) writeJson(ctx.stdout, failedLine(path, e))
        throw e
      }
      mine = new Set([...adopted, ...added].map((i) => i.id))
      for (const item of added) {
        if (item.mimeWarning) bar.log(ctx.stderr, printable(`warning: ${item.path}: ${item.mimeWarning}`))
      }
      await engine.whenIdle()
      if (interrupted) {
        bar.clear()
        writeLine(ctx.stderr, 'interrupted: unfinished uploads will resume on the next run')
        return 1
      }
      const finals = engine.list().filter((i) => mine.has(i.id))
      for (const item of finals) report(item)
      stopProgress()
      bar.clear()
      // Only this run's items: others in the journal (a sync's, named by their key) are another caller's memory.
      for (const item of finals) engine.remove(item.id)
      return finals.every((i) => i.state === 'done') ? 0 : 1
    } finally {
      stopListening()
      bar.clear()
      await uploads.close()
      await client.close()
    }
  },
}

function doneLine(item: UploadItem) {
  return {
    path: item.path,
    state: 'success' as const,
    id: item.fileId,
    key: item.key,
    url: item.url,
    size: item.size,
    mimetype: item.mimetype,
    // The same bytes were already stored: nothing was sent, and id/url are that stored file's.
    reused: Boolean(item.reused),
  }
}

function failedLine(path: string, error: UploadItem['error'] | AppError | undefined) {
  const e = error ?? { kind: 'internal' as const, message: 'failed' }
  return {
    path,
    state: 'failed' as const,
    error: { kind: e.kind, status: e.status ?? null, message: e.message },
  }
}

function humanLine(item: UploadItem): string {
  if (item.state === 'done' && item.reused)
    return `reused  ${item.path} -> ${item.url} (already in your library, nothing sent)`
  if (item.state === 'done')
    return `ok      ${item.path} -> ${item.url} (${formatBytes(item.size)}, ${item.mimetype})`
  if (item.state === 'cancelled') return `cancel  ${item.path}`
  const error = item.error ? describeError(AppError.from(item.error)) : 'failed'
  return `failed  ${item.path}: ${error}`
}

const probed = (check: PromiseSettledResult<ProbedFile>): ProbedFile => {
  if (check.status === 'rejected') throw AppError.from(check.reason)
  return check.value
}

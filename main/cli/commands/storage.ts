// `storage unused [--json]` and `storage free SIZE [--yes]` (docs/design.md, CLI contract): the storage doctor of
// main/core/storage/storage-doctor.ts over the resolved profile and the data folder's drafts.
import { formatBytes } from '../../../common/format-bytes'
import { readLocalDrafts } from '../../core/storage/local-drafts'
import { createStorageDoctor } from '../../core/storage/storage-doctor'
import type { StorageDoctor } from '../../core/storage/storage-doctor'
import type { ServiceClient } from '../../core/service-client'
import { isRecentUpload, planFreeSpace, RECENT_UPLOAD_DAYS } from '../../../common/storage-doctor'
import type { UnusedFile } from '../../../common/storage-doctor'
import { byteSizeArgument, noPositionals, parse, UsageError } from '../args'
import type { CliCommand, CliContext } from '../context'
import { openCliDatabase } from '../database'
import { writeJson, writeLine } from '../context'
import { printable } from '../printable'

const unusedUsage = 'storage unused [--json]'
const freeUsage = 'storage free SIZE [--yes]'
const SIZE_HELP = 'SIZE: bytes, or with a k, M or G suffix counted in 1024s as curl does (100M = 104857600)'

const BLIND_SPOT =
  'note: files sent in chats or attached to comment replies cannot be seen through the service API; they may be listed here'

/** Runs `work` with a doctor over the active profile; the client is closed whatever happens. */
async function withDoctor<T>(
  ctx: CliContext,
  work: (doctor: StorageDoctor, client: ServiceClient) => Promise<T>,
): Promise<T> {
  const profile = await ctx.resolveProfile(ctx.env)
  const client = ctx.createClient(profile)
  const database = openCliDatabase(profile.dataDir, ctx)
  try {
    // Read afresh on each call: the app may save a draft while this runs.
    const doctor = createStorageDoctor({ client, localDrafts: () => readLocalDrafts(database) })
    return await work(doctor, client)
  } finally {
    await client.close()
    database.close()
  }
}

function day(iso: string | null): string {
  return iso ? iso.slice(0, 10) : ''
}

function fileLine(file: UnusedFile): string {
  const last = file.lastUsedAt ? `last used ${day(file.lastUsedAt)}` : 'never in a post'
  return printable(
    `${formatBytes(file.size).padStart(9)}  ${day(file.createdAt)}  ${file.filename}  (${last}) ${file.id}`,
  )
}

function jsonLine(file: UnusedFile): Record<string, unknown> {
  return {
    id: file.id,
    filename: file.filename,
    size: file.size,
    mimetype: file.mimetype,
    url: file.url,
    createdAt: file.createdAt,
    lastUsedAt: file.lastUsedAt,
  }
}

function totalOf(files: readonly UnusedFile[]): number {
  return files.reduce((sum, f) => sum + f.size, 0)
}

export const storageUnusedCommand: CliCommand = {
  name: ['storage', 'unused'],
  usage: unusedUsage,
  summary: 'stored files no upcoming or failed post and no local draft uses, largest first',
  async run(argv, ctx) {
    const { values, positionals } = parse(argv, { json: { type: 'boolean' } }, unusedUsage)
    noPositionals(positionals, unusedUsage)
    const report = await withDoctor(ctx, (doctor) => doctor.findUnused())
    if (values.json) {
      for (const file of report.files) writeJson(ctx.stdout, jsonLine(file))
      return 0
    }
    for (const file of report.files) writeLine(ctx.stdout, fileLine(file))
    const { files, posts, drafts } = report.scanned
    writeLine(
      ctx.stdout,
      `${report.files.length} unused of ${files} stored files, ${formatBytes(report.totalBytes)} in all ` +
        `(checked against ${posts} posts and ${drafts} local drafts; ${formatBytes(report.usage.free)} free)`,
    )
    writeLine(ctx.stderr, BLIND_SPOT)
    return 0
  },
}

export const storageFreeCommand: CliCommand = {
  name: ['storage', 'free'],
  usage: freeUsage,
  summary: `delete unused files until SIZE bytes are free, never a used one (${SIZE_HELP})`,
  async run(argv, ctx) {
    const { values, positionals } = parse(argv, { yes: { type: 'boolean' } }, freeUsage)
    if (positionals.length !== 1) throw new UsageError(`give exactly one SIZE (${SIZE_HELP})`)
    const target = byteSizeArgument(positionals[0], 'SIZE')

    return withDoctor(ctx, async (doctor, client) => {
      const report = await doctor.findUnused()
      // The app's rule (common/storage-doctor.ts): files older than the last days' uploads first; SIZE is the
      // ask for as few of those as the older files lack (the contract is to make SIZE free when it can).
      const now = (ctx.now?.() ?? new Date()).getTime()
      const plan = planFreeSpace(report, target, { now, recent: 'if-needed' })
      const recentNote = (count: number, bytes: number, verb: string) =>
        `${count} unused file${count === 1 ? '' : 's'} uploaded in the last ${RECENT_UPLOAD_DAYS} days ` +
        `(${formatBytes(bytes)}) ${verb}`
      if (plan.needed === 0) {
        writeLine(
          ctx.stdout,
          `${formatBytes(plan.free)} already free (asked for ${formatBytes(target)}); nothing deleted`,
        )
        return 0
      }
      if (!plan.files) {
        writeLine(
          ctx.stderr,
          `error: cannot make ${formatBytes(target)} free: ${formatBytes(plan.free)} is free and the unused files ` +
            `hold ${formatBytes(report.totalBytes)}; nothing deleted`,
        )
        return 1
      }
      const planned = plan.files
      writeLine(
        ctx.stdout,
        `to make ${formatBytes(target)} free (${formatBytes(plan.free)} now), ${values.yes ? 'deleting' : 'would delete'} ` +
          `${planned.length} unused file${planned.length === 1 ? '' : 's'}, ${formatBytes(totalOf(planned))}:`,
      )
      for (const file of planned) writeLine(ctx.stdout, fileLine(file))
      if (plan.tookRecent) {
        const recent = planned.filter((file) => isRecentUpload(file, now))
        writeLine(
          ctx.stdout,
          `${recentNote(recent.length, totalOf(recent), 'among them')}: the older unused files are not enough`,
        )
      }
      if (plan.recentLeftOut.count > 0) {
        writeLine(ctx.stdout, recentNote(plan.recentLeftOut.count, plan.recentLeftOut.bytes, 'kept'))
      }
      writeLine(ctx.stderr, BLIND_SPOT)
      if (!values.yes) {
        if (!ctx.confirm) {
          throw new UsageError('not deleting without --yes: there is no terminal to ask for confirmation', {
            showUsage: false,
          })
        }
        if (!(await ctx.confirm(`Delete these ${planned.length} files?`))) {
          writeLine(ctx.stderr, 'nothing deleted')
          return 1
        }
      }

      // Re-checked inside: a file some post or draft uses by now is kept.
      const outcome = await doctor.deleteUnused(planned.map((f) => f.id))
      for (const kept of outcome.keptInUse) {
        writeLine(ctx.stderr, printable(`kept ${kept.filename} (${kept.id}): a post or draft uses it now`))
      }
      const after = (await client.storageStatistic()).usage.free
      const summary = `deleted ${outcome.deleted.length} file${outcome.deleted.length === 1 ? '' : 's'}, ${formatBytes(outcome.freedBytes)}; ${formatBytes(after)} free`
      if (after >= target) {
        writeLine(ctx.stdout, summary)
        return 0
      }
      writeLine(
        ctx.stderr,
        `error: ${summary}, short of ${formatBytes(target)}; run it again to pick other files`,
      )
      return 1
    })
  },
}

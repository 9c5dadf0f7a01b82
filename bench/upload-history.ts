// "One more upload" with a long history: a queue that has finished 1,000 or 10,000 uploads opens, uploads
// one more small file to the sandbox (over loopback), and closes. The new version's queue opens over the data
// folder's database, already open as the host (and each CLI run) holds it for the whole process: opening the
// database is the host's one-time cost, measured beside it (`database open`). The target: with 10,000 in history at most
// 1.10x the time with 1,000 (issue 21). The same measurement runs against an older checkout given by
// `--baseline DIR` (its node_modules installed), loaded from there, in the same sitting, alternating runs.
//
// `npx tsx bench/upload-history.ts [--baseline DIR] [--write]`; `npm run bench -- --data-layer-only` runs it with
// the checkout of b68cfcf at ../baseline when present and writes the "Upload history" section of RESULTS.md.
import { randomBytes } from 'node:crypto'
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { startSandbox } from '../sandbox'
import { median, writeResultsSection } from './support/results'
import { finishedUploadsJournal } from './support/upload-journal'

const RUNS = 7
const SIZES = [1_000, 10_000] as const
const KEYS = { accessKey: 'bench-history', secretKey: 'bench-history-secret' }
const here = fileURLToPath(new URL('..', import.meta.url))

interface Tree {
  label: string
  createUploadEngine: (o: {
    client: unknown
    journalPath: string
    warn?: (m: string) => void
    database?: unknown
  }) => {
    add(paths: string[]): Promise<unknown>
    whenIdle(): Promise<void>
    close(): Promise<void>
  }
  createServiceClient: (o: { baseUrl: string; accessKey: string; secretKey: string }) => {
    close(): Promise<void>
  }
  /** The data layer, in versions that have one. */
  openDatabase?: (o: { file: string }) => { close(): void }
}

async function loadTree(root: string, label: string): Promise<Tree> {
  const engine = (await import(pathToFileURL(join(root, 'main/core/uploads/upload-engine.ts')).href)) as {
    createUploadEngine: Tree['createUploadEngine']
  }
  const client = (await import(pathToFileURL(join(root, 'main/core/service-client.ts')).href)) as {
    createServiceClient: Tree['createServiceClient']
  }
  const dbModule = join(root, 'main/core/db/database.ts')
  const db = existsSync(dbModule)
    ? ((await import(pathToFileURL(dbModule).href)) as { openDatabase: Tree['openDatabase'] })
    : undefined
  return {
    label,
    createUploadEngine: engine.createUploadEngine,
    createServiceClient: client.createServiceClient,
    openDatabase: db?.openDatabase,
  }
}

/** A data folder with `n` finished uploads, opened once by `tree` (so a new version's import is not timed). */
async function prepared(tree: Tree, baseUrl: string, dir: string, n: number): Promise<string> {
  const folder = join(dir, `${tree.label}-${n}`)
  mkdirSync(folder, { recursive: true })
  writeFileSync(join(folder, 'q.jsonl'), finishedUploadsJournal(n))
  const client = tree.createServiceClient({ baseUrl, ...KEYS })
  const engine = tree.createUploadEngine({
    client,
    journalPath: join(folder, 'q.jsonl'),
    warn: () => undefined,
  })
  await engine.whenIdle()
  await engine.close()
  await client.close()
  return folder
}

/** Milliseconds from opening the queue to its close, with one small new file uploaded in between. */
async function oneMoreUpload(tree: Tree, baseUrl: string, template: string, dir: string, run: number) {
  const folder = join(dir, `run-${tree.label}-${run}-${Math.random().toString(36).slice(2)}`)
  cpSync(template, folder, { recursive: true })
  const file = join(folder, `new-${run}.bin`)
  writeFileSync(file, randomBytes(50_000))
  const client = tree.createServiceClient({ baseUrl, ...KEYS })
  const opening = performance.now()
  const database = tree.openDatabase?.({ file: join(folder, 'mediadeck.db') })
  const databaseMs = performance.now() - opening
  const started = performance.now()
  const engine = tree.createUploadEngine({
    client,
    journalPath: join(folder, 'q.jsonl'),
    warn: () => undefined,
    ...(database ? { database } : {}),
  })
  await engine.add([file])
  await engine.whenIdle()
  await engine.close()
  const ms = performance.now() - started
  database?.close()
  await client.close()
  rmSync(folder, { recursive: true, force: true })
  return { ms, databaseMs }
}

export async function measureUploadHistory(baselineRoot?: string) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-history-'))
  const sandbox = await startSandbox({
    port: 0,
    dataDir: join(dir, 'sandbox'),
    config: {
      users: [{ ...KEYS, tier: 'premium', storageLimit: 64 * 1024 ** 3, seed: 'empty' }],
      uploadUrlTtlSeconds: 600,
      randomSeed: 7,
    },
    publisherIntervalMs: 0,
  })
  try {
    const trees = [await loadTree(here, 'new')]
    if (baselineRoot) trees.push(await loadTree(resolve(baselineRoot), 'old'))
    const results: Record<string, Record<number, number[]>> = {}
    const databaseOpen: Record<number, number[]> = {}
    // Both sizes in every round, so that the sandbox's growing store (every run adds a file) weighs on both.
    const templates = new Map<string, string>()
    for (const n of SIZES)
      for (const tree of trees) templates.set(`${tree.label}-${n}`, await prepared(tree, sandbox.url, dir, n))
    for (let run = -1; run < RUNS; run++) {
      for (const n of SIZES) {
        for (const tree of trees) {
          const template = templates.get(`${tree.label}-${n}`)!
          const { ms, databaseMs } = await oneMoreUpload(tree, sandbox.url, template, dir, run)
          if (run < 0) continue // warm-up
          ;((results[tree.label] ??= {})[n] ??= []).push(ms)
          if (tree.openDatabase) (databaseOpen[n] ??= []).push(databaseMs)
        }
      }
    }
    const summary = (byN: Record<number, number[]>) =>
      Object.fromEntries(Object.entries(byN).map(([n, runs]) => [n, { median: median(runs), runs }]))
    return {
      ...Object.fromEntries(Object.entries(results).map(([label, byN]) => [label, summary(byN)])),
      'database open': summary(databaseOpen),
    } as Record<string, Record<string, { median: number; runs: number[] }>>
  } finally {
    await sandbox.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

function section(results: Awaited<ReturnType<typeof measureUploadHistory>>, baselineRoot?: string): string {
  const rows = Object.entries(results).map(([label, byN]) => {
    const small = byN['1000']!.median
    const large = byN['10000']!.median
    const name =
      label === 'new'
        ? 'this version: queue open, upload, close'
        : label === 'old'
          ? `b68cfcf (${baselineRoot}): the same`
          : 'this version: the database open before it (once per process)'
    return `| ${name} | ${small.toFixed(1)} ms | ${large.toFixed(1)} ms | ${(large / small).toFixed(2)}x |`
  })
  return `## Upload history

One more upload (open the queue, upload one 50 KB file to the sandbox over loopback, close) with 1,000 and
10,000 finished uploads in the queue's history. Target (issue 21): the 10,000 figure at most 1.10x the 1,000
one. Medians of ${RUNS} runs after one warm-up, the two versions alternating in one process, measured
${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${cpus().length}x ${cpus()[0]?.model ?? 'unknown CPU'}
(load ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}).

| version | 1,000 in history | 10,000 in history | ratio |
|---|---|---|---|
${rows.join('\n')}

Run: \`npx tsx bench/upload-history.ts --baseline ../baseline --write\` (\`npm run bench -- --data-layer-only\`).
`
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf('--baseline')
  const baselineRoot = at > 0 ? process.argv[at + 1] : undefined
  if (baselineRoot && !existsSync(join(baselineRoot, 'main/core/uploads/upload-engine.ts')))
    throw new Error(`--baseline ${baselineRoot}: not a Mediadeck checkout`)
  const results = await measureUploadHistory(baselineRoot)
  const text = section(results, baselineRoot)
  console.log(text)
  console.log(JSON.stringify(results))
  if (process.argv.includes('--write')) await writeResultsSection('Upload history', text)
}

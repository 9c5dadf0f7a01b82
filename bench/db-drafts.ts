// The drafts benchmarks of the data layer (issue 21), run against one code tree: this one, or an older
// checkout given with `--root DIR` (its own node_modules), so today's and the old figures are measured in one
// sitting by the same script. Prints one JSON line of medians of RUNS runs:
// - save: saving one draft (an edit, answered once durable) among 10,000 drafts, p50 and p95 of SAVES saves;
// - send: sending 40 and 400 queued drafts to the sandbox over HTTP, and their ratio;
// - open: the host (createAppHost) opening a data folder of 10,000 drafts, up to its first drafts:list
//   answered, the second open (no migration or import pending), with 10,000 finished uploads in the sandbox
//   profile's history besides.
// The old tree has no database: its store is opened on drafts.json, and flush() is its durability.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { performance } from 'node:perf_hooks'
import { median, percentile } from './support/results'
import { finishedUploadsJournal } from './support/upload-journal'

const argRoot = process.argv.indexOf('--root')
const ROOT = resolve(argRoot === -1 ? new URL('..', import.meta.url).pathname : process.argv[argRoot + 1]!)
const RUNS = Number(process.env.BENCH_RUNS ?? 7)
const DRAFTS = 10_000
const SAVES = 30
const UPLOADS = 10_000
const hasDatabase = existsSync(join(ROOT, 'main/core/db/database.ts'))

/* eslint-disable @typescript-eslint/no-explicit-any -- the two trees' modules differ; each is used as it is */
const load = (path: string): Promise<any> => import(join(ROOT, path))

interface Opened {
  store: any
  close(): void
}

/** The drafts store of `dataDir`, as each tree opens it. */
async function openStore(dataDir: string): Promise<Opened> {
  const { openDraftStore } = await load('main/core/drafts/draft-store.ts')
  mkdirSync(dataDir, { recursive: true })
  if (!hasDatabase) {
    const store = await openDraftStore(join(dataDir, 'drafts.json'), { profileId: 'sandbox' })
    return { store, close: () => undefined }
  }
  const { openDatabase, DATABASE_FILE } = await load('main/core/db/database.ts')
  const database = openDatabase({ file: join(dataDir, DATABASE_FILE) })
  const store = await openDraftStore(database, { profileId: 'sandbox', dataDir })
  return { store: Object.assign(store, { database }), close: () => database.close() }
}

function draft(i: number, overrides: Record<string, unknown> = {}) {
  const at = new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString()
  return {
    id: `d${i}`,
    profileId: 'sandbox',
    status: 'draft',
    post: {
      ...emptyScheduleRequest(),
      title: `Post ${i}`,
      description: `A post of the year's use, number ${i}, with a caption of ordinary length. `.repeat(3),
      accountId: '',
      scheduleAt: '',
    },
    localMedia: [],
    createdAt: at,
    updatedAt: at,
    ...overrides,
  }
}

// The same in both trees, and plain data: read from this tree.
const { emptyScheduleRequest } = await load('common/service.ts')

async function seed(dataDir: string, count: number, make = (i: number) => draft(i)): Promise<void> {
  const { store, close } = await openStore(dataDir)
  store.putMany(Array.from({ length: count }, (_, i) => make(i)))
  await store.flush()
  close()
}

async function saveBench(): Promise<{ p50: number; p95: number }> {
  const { createDraftsService } = await load('main/core/drafts/drafts-service.ts')
  const p50s: number[] = []
  const p95s: number[] = []
  for (let run = 0; run < RUNS; run++) {
    const dir = mkdtempSync(join(tmpdir(), 'bench-save-'))
    try {
      await seed(dir, DRAFTS)
      const { store, close } = await openStore(dir)
      const service = createDraftsService({ store, now: () => new Date(), profileId: () => 'sandbox' })
      const times: number[] = []
      for (let i = 0; i < SAVES; i++) {
        const current = store.get(`d${i * 7}`)
        const started = performance.now()
        service.save({
          id: current.id,
          post: { ...current.post, title: `edited ${i}` },
          localMedia: current.localMedia,
        })
        await store.flush()
        times.push(performance.now() - started)
      }
      close()
      p50s.push(percentile(times, 50))
      p95s.push(percentile(times, 95))
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }
  return { p50: median(p50s), p95: median(p95s) }
}

async function sendBench(): Promise<{ t40: number; t400: number; ratio: number }> {
  const { startSandbox } = await load('sandbox/index.ts')
  const { createServiceClient } = await load('main/core/service-client.ts')
  const { createOutbox } = await load('main/core/drafts/outbox.ts')
  const leasesModule = hasDatabase ? await load('main/core/db/leases.ts') : undefined
  const user = {
    accessKey: 'demo',
    secretKey: 'demo-secret',
    tier: 'premium',
    storageLimit: 1024 ** 3,
    seed: 'demo',
  }
  const times: Record<number, number[]> = { 40: [], 400: [] }
  // BENCH_SEND_COUNTS=40: only the short run (a profile, a paired timing with farm-bench).
  const counts = (process.env.BENCH_SEND_COUNTS ?? '40,400').split(',').map(Number)
  for (let run = 0; run < RUNS; run++) {
    for (const count of counts) {
      const dir = mkdtempSync(join(tmpdir(), 'bench-send-'))
      const sandbox = await startSandbox({
        dataDir: join(dir, 'sandbox'),
        port: 0,
        publisherIntervalMs: 0,
        config: { users: [user], randomSeed: 7 },
      })
      const client = createServiceClient({
        baseUrl: sandbox.url,
        accessKey: 'demo',
        secretKey: 'demo-secret',
      })
      try {
        const accounts = await client.listAccounts({ page: 1, limit: 100 })
        const accountId = accounts.docs.find((a: { isConnected: boolean }) => a.isConnected)._id
        const scheduleAt = new Date(Date.now() + 2 * 86_400_000).toISOString()
        const data = join(dir, 'data')
        await seed(data, count, (i) =>
          draft(i, {
            status: 'queued',
            post: { ...draft(i).post, accountId, scheduleAt, description: `bench ${run} ${i}` },
          }),
        )
        const { store, close } = await openStore(data)
        const outbox = createOutbox({
          store,
          client: () => client,
          profileId: () => 'sandbox',
          now: () => new Date(),
          upload: async () => {
            throw new Error('no media in this benchmark')
          },
          ...(leasesModule ? { leases: leasesModule.createLeases(store.database) } : {}),
        })
        const started = performance.now()
        const result = await outbox.sync()
        times[count]!.push(performance.now() - started)
        if (result.scheduled.length !== count)
          throw new Error(
            `sent ${result.scheduled.length} of ${count}: ${JSON.stringify(store.get(result.attention[0] ?? result.failed[0]))}`,
          )
        close()
      } finally {
        await client.close()
        await sandbox.close()
        rmSync(dir, { recursive: true, force: true })
      }
    }
  }
  // BENCH_SEND_COUNTS may leave a count out: its figure is then NaN, not a failure.
  const medianOrNaN = (values: number[]) => (values.length > 0 ? median(values) : NaN)
  const t40 = medianOrNaN(times[40]!)
  const t400 = medianOrNaN(times[400]!)
  return { t40, t400, ratio: t400 / t40 }
}

/**
 * The sandbox profile's upload journal, as the old code wrote it, of `n` uploads finished within the retention:
 * the first open of the new code imports it into the database, the old code reads it on every open.
 */
function uploadHistory(dataDir: string, n: number): void {
  mkdirSync(join(dataDir, 'uploads'), { recursive: true })
  writeFileSync(join(dataDir, 'uploads', 'sandbox.jsonl'), finishedUploadsJournal(n))
}

async function openBench(): Promise<{ ms: number }> {
  const { createAppHost } = await load('main/host/app-host.ts')
  const dir = mkdtempSync(join(tmpdir(), 'bench-open-'))
  const times: number[] = []
  try {
    await seed(dir, DRAFTS)
    uploadHistory(dir, UPLOADS)
    const open = async () => {
      const started = performance.now()
      const host = await createAppHost({ dataDir: dir, mode: 'browser' })
      await host.handlers['drafts:list'](undefined)
      const ms = performance.now() - started
      await host.close()
      return ms
    }
    await open() // the first open: any import or migration happens here
    for (let run = 0; run < RUNS; run++) times.push(await open())
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
  return { ms: median(times) }
}

const only = process.argv.find((arg) => ['save', 'send', 'open'].includes(arg))
const result: Record<string, unknown> = { root: ROOT, database: hasDatabase, runs: RUNS }
if (!only || only === 'save') result.save = await saveBench()
if (!only || only === 'send') result.send = await sendBench()
if (!only || only === 'open') result.open = await openBench()
console.log(JSON.stringify(result))
process.exit(0)

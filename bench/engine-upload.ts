// One benchmark run of the real engine in a fresh process, so its peak RSS is its own.
// argv: baseUrl concurrency file...  ->  prints one JSON line with seconds, bytes, peak RSS and loop delay.
// BENCH_RATE_LIMIT=bytes a second runs the engine under that bandwidth cap.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { Agent, type Dispatcher } from 'undici'
import { createServiceClient } from '../main/core/service-client'
import { DATABASE_FILE, openDatabase } from '../main/core/db/database'
import { createUploadEngine } from '../main/core/uploads/upload-engine'
import { sqlOf } from '../main/core/db/handle'

const [baseUrl, concurrency, ...files] = process.argv.slice(2)
const dir = mkdtempSync(join(tmpdir(), 'bench-journal-'))
const client = createServiceClient({ baseUrl: baseUrl!, accessKey: 'bench', secretKey: 'bench' })

// The storage PUTs go through an agent like the engine's own, whose request() is timed: it resolves when the
// sink answers, i.e. after the last body byte, so [first call, last answer] is the transfer window that
// compares with `curl -T` (which does nothing but the PUT).
const storage = new Agent({ connect: { timeout: 30_000 }, headersTimeout: 120_000, bodyTimeout: 120_000 })
let putStarted: bigint | undefined
let putEnded: bigint | undefined
const request = storage.request.bind(storage)
storage.request = (async (options: Dispatcher.RequestOptions) => {
  putStarted ??= process.hrtime.bigint()
  const answer = await request(options)
  putEnded = process.hrtime.bigint()
  return answer
}) as typeof storage.request

const journalPath = join(dir, 'j.jsonl')
const engine = createUploadEngine({
  client,
  journalPath,
  concurrency: Number(concurrency),
  storageDispatcher: storage,
  rateLimit: process.env.BENCH_RATE_LIMIT ? Number(process.env.BENCH_RATE_LIMIT) : null,
})

let peakRss = process.memoryUsage().rss
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20)
// Sampling the loop every millisecond costs the measured process a timer wake-up per millisecond, so it is
// on only for the run that reports the delay (BENCH_LOOP_DELAY=1), not for the timed ones.
const measureLoop = process.env.BENCH_LOOP_DELAY === '1'
const loop = monitorEventLoopDelay({ resolution: 1 })

const started = process.hrtime.bigint()
if (measureLoop) loop.enable()
await engine.add(files)
await engine.whenIdle()
if (measureLoop) loop.disable()
const seconds = Number(process.hrtime.bigint() - started) / 1e9
clearInterval(sampler)

const items = engine.list()
const failed = items.filter((i) => i.state !== 'done')
await engine.close()
// How many of the files the content index holds with their SHA-256, taken on the PUT's way (hash-on-the-way.ts).
const database = openDatabase({ file: join(dir, DATABASE_FILE) })
const indexed = sqlOf(database).prepare('SELECT sha256 FROM content_index').all() as {
  sha256: string | null
}[]
database.close()
process.stdout.write(
  JSON.stringify({
    hashed: indexed.filter((f) => f.sha256).length,
    seconds,
    putSeconds: putStarted && putEnded ? Number(putEnded - putStarted) / 1e9 : null,
    bytes: items.reduce((s, i) => s + i.size, 0),
    files: items.length,
    failed: failed.map((i) => i.error?.message),
    peakRssBytes: Math.max(peakRss, process.resourceUsage().maxRSS * 1024),
    loopDelayP99Ms: measureLoop ? loop.percentile(99) / 1e6 : null,
    loopDelayMaxMs: measureLoop ? loop.max / 1e6 : null,
  }) + '\n',
)
await client.close()
await storage.close()
rmSync(dir, { recursive: true, force: true })

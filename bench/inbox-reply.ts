// `npx tsx bench/inbox-reply.ts [--baseline DIR]` (run by `npm run bench`; writes the "Inbox reply
// with a dropped video" section of bench/RESULTS.md): a reply with a 20 MB video dropped from the desktop, through
// the 2 MiB/s upload cap, against the upload's own time plus one round trip (issue 36: within 1.10x).
// The real app host (browser mode, its database, its profile's upload engine capped by the app's setting) on a
// real sandbox over HTTP, in this process. Each run makes a fresh MP4 of 20 MB of random media data with its
// index after it (as a camera writes one), so the content index never finds it uploaded already, and measures:
// (a) the plain upload of such a file by the same profile's engine under the same cap: from its drop (the file
//     granted) through `uploadOne` to its final state (type probe, statistic, init, PUT, complete);
// (b) one round trip to the sandbox: a chat read by the same client (the median of 5);
// (c) the reply: from the drop (the file granted, as a drop on the reply box does) and the reply asked for
//     (`inbox:reply` with the file), to the service's answer to the message that carries the video.
// Runs alternate (a), (c); the times shown are medians, the ratio is the median of each run's (c) / (a + b).
import { randomBytes } from 'node:crypto'
import { subscribe } from 'node:diagnostics_channel'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { AppHost, AppHostOptions } from '../main/host/app-host'
import type { RunningSandbox, StartSandboxOptions } from '../sandbox/index'
import { median } from './support/results'
import { commitOf, HERE, measureTrees } from './support/trees'
import { startDelayProxy } from './delay-proxy'

const MIB = 1024 ** 2
const CAP = 2 * MIB
const FILE_BYTES = 20_000_000
const TARGET = 1.1
/** Timed runs after one uncounted (INBOX_REPLY_RUNS; each is two 10 s uploads). */
const RUNS = Number(process.env.INBOX_REPLY_RUNS ?? 5)

function box(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8)
  head.writeUInt32BE(8 + body.length, 0)
  head.write(type, 4, 'latin1')
  return Buffer.concat([head, body])
}

/** An MP4 of `bytes` in all, 12.5 s long, whose index (`moov`) follows random media data. */
function video(path: string, bytes: number): void {
  const ftyp = box('ftyp', Buffer.from('isom\0\0\x02\0isomiso2mp41', 'latin1'))
  const mvhd = Buffer.alloc(96)
  mvhd.writeUInt32BE(1000, 12)
  mvhd.writeUInt32BE(12_500, 16)
  const moov = box('moov', box('mvhd', mvhd))
  const mdat = box('mdat', randomBytes(bytes - ftyp.length - moov.length - 8))
  writeFileSync(path, Buffer.concat([ftyp, mdat, moov]))
}

const seconds = (from: bigint, to: bigint = process.hrtime.bigint()): number => Number(to - from) / 1e9

interface Figures {
  uploadS: number[]
  roundTripMs: number[]
  replyS: number[]
}

/** The measured tree's own modules (this one's, or the baseline checkout's given with `--baseline DIR`). */
interface Tree {
  startSandbox(o: StartSandboxOptions): Promise<RunningSandbox>
  createAppHost(o: AppHostOptions): Promise<AppHost>
  createOwnerOnlySecretFile(path: string): NonNullable<AppHostOptions['secretVault']>
  SECRETS_FILE: string
}

async function treeAt(root: string): Promise<Tree> {
  const load = (path: string) => import(pathToFileURL(join(root, path)).href)
  const [sandbox, host, secrets] = await Promise.all([
    load('sandbox/index.ts'),
    load('main/host/app-host.ts'),
    load('main/core/profiles/secret-file.ts'),
  ])
  return { ...sandbox, ...host, ...secrets } as Tree
}

async function measure(tree: Tree, root: string, rttMs: number): Promise<Figures> {
  const { startSandbox, createAppHost, createOwnerOnlySecretFile, SECRETS_FILE } = tree
  const sandbox = await startSandbox({
    dataDir: join(root, `service-${rttMs}`),
    port: 0,
    publisherIntervalMs: 0,
    config: {
      users: [
        {
          accessKey: 'demo',
          secretKey: 'demo-secret',
          tier: 'premium',
          storageLimit: 4 * 1024 ** 3,
          seed: 'demo',
        },
      ],
      randomSeed: 7,
    },
  })
  // At a distance, the service's API is reached through a proxy that holds each byte R / 2 each way (its
  // storage addresses stay direct: the sandbox names its own origin in them).
  const proxy = rttMs > 0 ? await startDelayProxy(sandbox.port, rttMs) : undefined
  const dataDir = join(root, `app-${rttMs}`)
  let app: AppHost | undefined
  try {
    app = await createAppHost({
      dataDir,
      mode: 'browser',
      secretVault: createOwnerOnlySecretFile(join(dataDir, SECRETS_FILE)),
      // No connection check on a timer: the host is told it is online once, below.
      connection: { timers: { setTimeout: () => 0, clearTimeout: () => undefined } },
    })
    const profile = await app.call('profiles:save', {
      name: 'Bench',
      baseUrl: proxy?.url ?? sandbox.url,
      accessKey: 'demo',
      secretKey: 'demo-secret',
    })
    await app.call('profiles:activate', { id: profile.id })
    await app.call('settings:update', { uploadRateLimit: CAP })
    await app.call('connection:check')
    const added = await sandbox.addIncoming('demo', {
      messages: [{ text: 'Ada video produknya?', from: 'Sari' }],
    })
    const chatId = added.messages[0]!.chatId
    await app.call('inbox:refresh')

    // The moment the service answered the message that carries the video (its headers: the body is a few
    // bytes), as undici tells it on its diagnostics channel: the request the outbox sent, whatever client.
    let answered: bigint | undefined
    const message = `/public/chat/${chatId}/message`
    const heard = (event: unknown) => {
      const { request } = event as { request: { method: string; path: string } }
      if (request.method === 'POST' && request.path.startsWith(message)) answered = process.hrtime.bigint()
    }
    subscribe('undici:request:headers', heard)
    const client = app.active().client

    const figures: Figures = { uploadS: [], roundTripMs: [], replyS: [] }
    for (let i = 0; i < 3; i++) await client.getChat(chatId) // the connection warm
    for (let run = 0; run <= RUNS; run++) {
      const warmUp = run === 0
      const plain = join(root, `plain-${run}.mp4`)
      video(plain, FILE_BYTES)
      const uploadStarted = process.hrtime.bigint()
      await app.call('files:grant-dropped', { paths: [plain] })
      const item = await app.active().uploads.uploadOne(plain)
      const uploadS = seconds(uploadStarted)
      if (item.state !== 'done')
        throw new Error(`the plain upload ended ${item.state}: ${item.error?.message}`)

      const trips: number[] = []
      for (let i = 0; i < 5; i++) {
        const at = process.hrtime.bigint()
        await client.getChat(chatId)
        trips.push(seconds(at) * 1000)
      }

      const dropped = join(root, `dropped-${run}.mp4`)
      video(dropped, FILE_BYTES)
      answered = undefined
      const replyStarted = process.hrtime.bigint()
      await app.call('files:grant-dropped', { paths: [dropped] })
      const queued = await app.call('inbox:reply', {
        id: chatId,
        text: `Ini videonya (${run})`,
        media: [{ path: dropped, name: `dropped-${run}.mp4` }],
      })
      await app.inbox.sendReplies()
      const reply = (await app.call('inbox:list')).replies.find((r) => r.id === queued.id)
      if (reply?.state !== 'sent' || answered === undefined) {
        throw new Error(`the reply was not sent: ${reply?.state} ${reply?.error ?? ''}`)
      }
      const replyS = seconds(replyStarted, answered)
      console.error(
        `  ${warmUp ? 'warm-up' : `run ${run}`}: upload ${uploadS.toFixed(2)} s, round trip ` +
          `${median(trips).toFixed(1)} ms, reply ${replyS.toFixed(2)} s, ` +
          `${(replyS / (uploadS + median(trips) / 1000)).toFixed(3)}x`,
      )
      if (warmUp) continue
      figures.uploadS.push(uploadS)
      figures.roundTripMs.push(median(trips))
      figures.replyS.push(replyS)
    }
    return figures
  } finally {
    await app?.close()
    await proxy?.close()
    await sandbox.close()
  }
}

const DISTANCES_MS = [0, 100]

/** Each run's (c) / (a + b): its upload and its reply ran one after the other, under the same load. */
const ratios = (f: Figures): number[] =>
  f.replyS.map((r, i) => r / (f.uploadS[i]! + f.roundTripMs[i]! / 1000))
/** The median of the runs' ratios: a burst of the others' load hits one run's upload or reply, not all. */
const ratioOf = (f: Figures): number => median(ratios(f))

function rows(f: Figures, rttMs: number, base?: Figures): string {
  const where = rttMs === 0 ? 'loopback' : `R = ${rttMs} ms`
  const ratio = ratioOf(f)
  const runs = (x: Figures) =>
    ratios(x)
      .map((r) => r.toFixed(3))
      .join(', ')
  const was = (text: (x: Figures) => string) => (base ? text(base) : '')
  const seconds = (values: number[]) => `${median(values).toFixed(2)} s`
  return [
    `| ${where}: (a) the upload alone | ${seconds(f.uploadS)} | ${was((x) => seconds(x.uploadS))} | | |`,
    `| ${where}: (b) one round trip | ${median(f.roundTripMs).toFixed(1)} ms | ${was((x) => `${median(x.roundTripMs).toFixed(1)} ms`)} | | |`,
    `| ${where}: (c) the reply, from the drop to the service's answer | ${seconds(f.replyS)} | ${was((x) => seconds(x.replyS))} | | |`,
    `| ${where}: (c) / (a + b), median of the runs' | ${ratio.toFixed(3)}x (runs: ${runs(f)}) | ${was((x) => `${ratioOf(x).toFixed(3)}x (runs: ${runs(x)})`)} | <= ${TARGET.toFixed(2)}x | ${ratio <= TARGET ? 'yes' : 'no'} |`,
  ].join('\n')
}

type Sitting = Record<string, Figures>

function section(now: Sitting, before: Sitting | undefined, load: string, baseline: string): string {
  const runs = Object.values(now)[0]!.replyS.length
  return `## Inbox reply with a dropped video

Recorded by \`npx tsx bench/inbox-reply.ts --baseline DIR\` (run by \`npm run bench\`) on ${new Date().toISOString()},
at ${commitOf(HERE)}${before ? `, beside ${baseline} (main before this work) measured just before in the same sitting` : ''}:
${cpus().length} CPUs (${cpus()[0]?.model.trim() ?? '?'}), Node ${process.version}, load average (1 / 5 / 15 min) ${load}
at the start and ${loadavg()
    .map((n) => n.toFixed(1))
    .join(' / ')} at the end: the machine is shared by six engineers, so only the ratios are compared.

A 20 MB MP4 dropped on a chat's reply box, through the 2 MiB/s cap, medians of ${runs} runs after one uncounted:

| Measure | Now | Baseline | Target | Met |
| ------- | --- | -------- | ------ | --- |
${Object.entries(now)
  .map(([rtt, f]) => rows(f, Number(rtt), before?.[rtt]))
  .join('\n')}

How: the app host in browser mode on a real sandbox over HTTP, both in one process; the cap is the app's own
setting (\`uploadRateLimit\`, the engine's token bucket). (a) is the same profile's engine uploading such a file
from its drop (granted) to its final state; (b) a chat read by the same client; (c) from the drop and
\`inbox:reply\` with the file to the service's answer to the message carrying the video (undici's
\`undici:request:headers\` channel). At R = 100 ms the API goes through \`bench/delay-proxy.ts\` (each byte held
R / 2 each way, each new connection one R); the storage addresses the sandbox gives stay direct. Each run uploads
a fresh file of random media data, so the content index never answers from an earlier upload.

What was found: the target was met before this work; no whole-file read or second read of the file (the type
probe reads its head, the length its index), and no poll (the reply goes when the engine's upload resolves).
The one serial cost was the send asking the service which kind the target id names (\`inbox-item.ts\`: a
comment read that 404s, then a chat read) before the upload could start: two round trips, now skipped since the
app queues the kind its copy holds. A ratio under 1 is noise of the shared machine: (a) and (c) each carry
the whole upload, whose own time moves by a few per cent from run to run.
`
}

const baselineAt = process.argv.indexOf('--baseline')
const baselineName = baselineAt === -1 ? '' : commitOf(process.argv[baselineAt + 1]!)

await measureTrees<Sitting>({
  script: fileURLToPath(import.meta.url),
  heading: 'Inbox reply with a dropped video',
  async measure(treeRoot) {
    const tree = await treeAt(treeRoot)
    const root = mkdtempSync(join(tmpdir(), 'mediadeck-bench-reply-'))
    try {
      const sitting: Sitting = {}
      for (const rttMs of DISTANCES_MS) {
        console.error(`${commitOf(treeRoot)}, ${rttMs === 0 ? 'loopback' : `R = ${rttMs} ms`}`)
        sitting[rttMs] = await measure(tree, root, rttMs)
      }
      return sitting
    } finally {
      rmSync(root, { recursive: true, force: true })
    }
  },
  section(now, before, load) {
    if (Object.values(now).some((f) => ratioOf(f) > TARGET)) process.exitCode = 1
    return section(now, before, load, baselineName)
  },
})

// `npx tsx bench/cli.ts` (run by `npm run bench` after the uploads): the `mediadeck` bin as people run it
// (out/cli/mediadeck.js through its shebang, on Node 24, no TypeScript loader), timed from spawn to exit, its
// peak RSS from GNU time. Writes the "CLI" section of bench/RESULTS.md.
// - `mediadeck --help`, 5 runs;
// - `mediadeck upload` of a 512 MiB file to the bench sink (bench/sink-server.ts, which stands in for the
//   service and discards the bytes), 5 runs alternating with `curl -T` of the same file to the same sink. The
//   throughput compares the PUTs as the sink saw them (headers to last byte, one clock for both).
// BENCH_CLI_BASELINE=DIR measures, in the same sitting and alternating, the CLI of another checkout the way its
// `npm run cli` ran it before the bundle (`node --import tsx DIR/main/cli/index.ts`).
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs'
import { createReadStream } from 'node:fs'
import { cpus, loadavg, tmpdir, totalmem } from 'node:os'
import { delimiter, dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { median, writeResultsSection } from './support/results'
import { startSink, type Sink } from './support/sink'

const RUNS = 5
const MIB = 1024 ** 2
const SIZE = 512 * MIB
const HELP_TARGET_MS = 400
const RSS_TARGET = 160e6
const RATIO_TARGET = 0.95
const root = fileURLToPath(new URL('..', import.meta.url))
const BIN = join(root, 'out/cli/mediadeck.js')
const baselineDir = process.env.BENCH_CLI_BASELINE || null

interface ProcessRun {
  seconds: number
  peakRssBytes: number
  stdout: string
  stderr: string
}

/** Runs a command to its end under GNU time: wall seconds (spawn to exit) and the child's peak RSS. */
function timed(command: string[], env: NodeJS.ProcessEnv, cwd = root): Promise<ProcessRun> {
  const rssFile = join(tmpdir(), `mediadeck-bench-rss-${process.pid}`)
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint()
    const child = spawn('/usr/bin/time', ['-f', '%M', '-o', rssFile, ...command], { env, cwd })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d) => (stdout += d))
    child.stderr.on('data', (d) => (stderr += d))
    child.on('exit', (code) => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9
      if (code !== 0) return reject(new Error(`${command.join(' ')} exited ${code}: ${stderr.trim()}`))
      const peakRssBytes = Number(readFileSync(rssFile, 'utf8').trim().split('\n').at(-1)) * 1024
      resolve({ seconds, peakRssBytes, stdout, stderr })
    })
  })
}

/** A CLI to measure: the argv that starts it, and where. */
interface Cli {
  label: string
  argv(args: string[]): string[]
  cwd: string
}

const bin: Cli = { label: 'mediadeck bin', argv: (args) => [BIN, ...args], cwd: root }
const baseline: Cli | null = baselineDir
  ? {
      label: 'before (tsx)',
      argv: (args) => [process.execPath, '--import', 'tsx', join(baselineDir, 'main/cli/index.ts'), ...args],
      cwd: baselineDir,
    }
  : null

interface UploadRun extends ProcessRun {
  putSeconds: number
}

async function upload(cli: Cli, sink: Sink, file: string, env: NodeJS.ProcessEnv): Promise<UploadRun> {
  const dataDir = mkdtempSync(join(tmpdir(), 'mediadeck-bench-cli-'))
  try {
    const run = await timed(
      cli.argv(['upload', '--json', file]),
      {
        ...env,
        MEDIADECK_BASE_URL: sink.url,
        MEDIADECK_ACCESS_KEY: 'bench',
        MEDIADECK_SECRET_KEY: 'bench',
        // A fresh data folder each run: no journal or content index that would skip the file.
        MEDIADECK_DATA_DIR: dataDir,
      },
      cli.cwd,
    )
    const put = await sink.lastPut()
    if (!put || put.bytes !== SIZE) throw new Error(`the sink did not receive the file: ${run.stdout}`)
    return { ...run, putSeconds: put.seconds }
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}

async function curl(sink: Sink, file: string, run: number): Promise<UploadRun> {
  const result = await timed(
    [
      'curl',
      '-sS',
      '-o',
      '/dev/null',
      '-H',
      'Content-Type: application/octet-stream',
      '-T',
      file,
      `${sink.url}/store/curl-${run}`,
    ],
    process.env,
  )
  const put = await sink.lastPut()
  if (!put || put.bytes !== SIZE) throw new Error('curl: the sink did not receive the file')
  return { ...result, putSeconds: put.seconds }
}

const fmt = (n: number, digits = 2): string => n.toFixed(digits)
const mb = (bytes: number): string => `${fmt(bytes / 1e6, 0)} MB`
const ms = (seconds: number): string => `${fmt(seconds * 1000, 0)} ms`

async function main(): Promise<void> {
  if (spawnSync('/usr/bin/time', ['-f', '%M', 'true']).status !== 0)
    throw new Error('GNU time (/usr/bin/time) is needed')
  const build = spawnSync(process.execPath, [join(root, 'scripts/build-cli.mjs'), '--if-stale'], {
    stdio: 'inherit',
  })
  if (build.status !== 0) throw new Error('building the CLI failed')
  // The bin's shebang (`env node`) finds this Node (24) first.
  const env = { ...process.env, PATH: [dirname(process.execPath), process.env.PATH].join(delimiter) }
  const clis = [bin, ...(baseline ? [baseline] : [])]
  const loadBefore = loadavg()[0]!

  console.log('--help, %d runs each (after one uncounted run)', RUNS)
  const help = new Map<Cli, ProcessRun[]>(clis.map((c) => [c, []]))
  for (const cli of clis) await timed(cli.argv(['--help']), env, cli.cwd)
  for (let run = 0; run < RUNS; run++) {
    for (const cli of clis) help.get(cli)!.push(await timed(cli.argv(['--help']), env, cli.cwd))
  }
  for (const cli of clis) {
    const runs = help.get(cli)!
    console.log(
      `  ${cli.label}: ${ms(median(runs.map((r) => r.seconds)))}, ${mb(Math.max(...runs.map((r) => r.peakRssBytes)))}`,
    )
  }

  const dir = mkdtempSync(join(tmpdir(), 'mediadeck-bench-cli-'))
  const sink = await startSink()
  const uploads = new Map<Cli | 'curl', UploadRun[]>([
    ['curl', []],
    ...clis.map((c) => [c, []] as [Cli, UploadRun[]]),
  ])
  try {
    // Sparse, and read through once: the bytes come from the page cache, so this measures the upload path.
    const file = join(dir, 'half.bin')
    writeFileSync(file, '')
    truncateSync(file, SIZE)
    for await (const _chunk of createReadStream(file, { highWaterMark: 4 * MIB })) {
      // only the reading matters
    }
    console.log(
      '512 MiB upload: curl -T and the CLI, alternating, %d runs each (after one uncounted run)',
      RUNS,
    )
    await curl(sink, file, -1)
    for (const cli of clis) await upload(cli, sink, file, env)
    for (let run = 0; run < RUNS; run++) {
      uploads.get('curl')!.push(await curl(sink, file, run))
      for (const cli of clis) uploads.get(cli)!.push(await upload(cli, sink, file, env))
      console.log(
        `  run ${run + 1}: ` +
          [...uploads]
            .map(([who, runs]) => `${who === 'curl' ? 'curl' : who.label} ${fmt(runs.at(-1)!.putSeconds)} s`)
            .join(', '),
      )
    }
  } finally {
    sink.stop()
    rmSync(dir, { recursive: true, force: true })
  }

  const curlPut = median(uploads.get('curl')!.map((r) => r.putSeconds))
  const curlWhole = median(uploads.get('curl')!.map((r) => r.seconds))
  const rows: (readonly [string, string, string, boolean | null])[] = []
  for (const cli of clis) {
    const isBin = cli === bin
    const helpRuns = help.get(cli)!
    const helpMs = median(helpRuns.map((r) => r.seconds)) * 1000
    const runs = uploads.get(cli)!
    const peak = Math.max(...runs.map((r) => r.peakRssBytes))
    const put = median(runs.map((r) => r.putSeconds))
    const whole = median(runs.map((r) => r.seconds))
    rows.push(
      [
        `${isBin ? '`mediadeck --help`' : 'before: `npm run cli -- --help` (tsx)'}: time, spawn to exit`,
        `${fmt(helpMs, 0)} ms (peak RSS ${mb(Math.max(...helpRuns.map((r) => r.peakRssBytes)))})`,
        isBin ? `<= ${HELP_TARGET_MS} ms` : '(for reference)',
        isBin ? helpMs <= HELP_TARGET_MS : null,
      ],
      [
        `${isBin ? '`mediadeck upload`' : 'before: `npm run cli -- upload` (tsx)'}, 512 MiB: peak RSS`,
        mb(peak),
        isBin ? '<= 160 MB' : '(for reference)',
        isBin ? peak <= RSS_TARGET : null,
      ],
      [
        `${isBin ? '`mediadeck upload`' : 'before: `npm run cli -- upload` (tsx)'}, 512 MiB: PUT throughput / \`curl -T\`'s, at the sink`,
        `${fmt(curlPut / put)}x (${fmt(SIZE / put / MIB, 0)} MiB/s, curl ${fmt(SIZE / curlPut / MIB, 0)} MiB/s)`,
        isBin ? `>= ${RATIO_TARGET}x` : '(for reference)',
        isBin ? curlPut / put >= RATIO_TARGET : null,
      ],
      [
        `${isBin ? '`mediadeck upload`' : 'before: `npm run cli -- upload` (tsx)'}, 512 MiB: whole process (start, statistic, init, PUT, complete, exit) / \`curl -T\` spawn to exit`,
        `${fmt(curlWhole / whole)}x (${fmt(whole)} s, curl ${fmt(curlWhole)} s)`,
        '(for reference)',
        null,
      ],
    )
  }
  const now = new Date()
  const section = `## CLI

Recorded by \`npm run bench\` (bench/cli.ts) on ${now.toISOString()}${baseline ? `, with \`BENCH_CLI_BASELINE\` set to a checkout of the code before the bundle` : ''}.

Machine: ${cpus().length} CPUs (${cpus()[0]?.model ?? '?'}), ${fmt(totalmem() / 1024 ** 3, 1)} GiB memory, Node ${process.version}.
Load average (1 min) ${fmt(loadBefore)} at the start and ${fmt(loadavg()[0]!)} at the end (the machine is shared).

| Measure | Result | Target | Met |
|---|---|---|---|
${rows.map(([measure, result, target, met]) => `| ${measure} | ${result} | ${target} | ${met === null ? '' : met ? 'yes' : 'no'} |`).join('\n')}

### How

- The bin is \`out/cli/mediadeck.js\` as \`npm run build\` makes it, started through its shebang with Node 24 first
  on the PATH (what \`npm i -g\` installs runs the same file). Times run from spawn to exit, medians of ${RUNS} runs
  after one uncounted run; peak RSS is GNU time's maximum resident set size of the process, the largest of the runs.
- The upload goes to \`bench/sink-server.ts\`, a separate Node process standing in for the service (statistic,
  init, complete) whose storage reads and discards the bytes, so the far end costs both uploaders the same and
  the disk is not measured. Each CLI run has a fresh \`MEDIADECK_DATA_DIR\`, so nothing is skipped as already
  uploaded. The file is sparse and read through once before any timing (page cache).
- Throughput: the sink times each PUT from its headers to its last byte; curl's (\`curl -sS -o /dev/null -H
  'Content-Type: application/octet-stream' -T FILE URL\`) and the CLI's on the same clock, runs alternating.
  The whole-process row adds the CLI's start-up and the calls around the PUT.${
    baseline
      ? `
- "before" is the CLI at the commit this work started from, run as its \`npm run cli\` ran it:
  \`node --import tsx main/cli/index.ts\` in that checkout (node_modules shared), alternating with the bin.`
      : ''
  }
`
  await writeResultsSection('CLI', section)
  console.log(section)
}

await main()

// `npx tsx bench/page-changes.ts [--baseline DIR]`: what the page pays for a change of the drafts, in Debian's
// Chromium through the browser mode (the real renderer, host and database), on this tree and, with --baseline,
// on an older checkout (its own node_modules and built renderer) in the same sitting. Writes the "Page: drafts
// changes" section of bench/RESULTS.md.
// - an edit saved from the page (`window.mediadeck.drafts.save`, what the composer's autosave calls) with 1,000
//   and 10,000 drafts in the profile: p50 and p95 of SAVES saves, timed in the page around the call;
// - the bytes of `drafts:changed` the page received over the socket after one such save at 10,000 drafts;
// - a CSV import of 1,000 rows that changes 1,000 drafts (among 1,000): the change events the page received,
//   and their bytes beside the file's.
// Each tree is run in a process of its own (`--root DIR`), which prints one JSON line; `--reuse BASE NOW
// [--load TEXT]` writes the section from two such lines.
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { cpus, tmpdir, totalmem } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { median, percentile, writeResultsSection } from './support/results'
import { HERE, commitOf, measureTrees } from './support/trees'

const SAVES = Number(process.env.BENCH_SAVES ?? 30)
const IMPORT_ROWS = 1_000

interface TreeFigures {
  root: string
  save: Record<string, { p50: number; p95: number }>
  bytesAfterSave: number
  eventsAfterSave: number
  csv: { events: number; bytes: number; fileBytes: number }
}

/** What the page functions below use of the page (the node tsconfig has no DOM library). */
interface PageGlobals {
  mediadeck: {
    drafts: {
      get(r: { id: string }): Promise<{ id: string; revision?: number; post: { description: string } }>
      save(r: object): Promise<{ revision?: number }>
      export(r: object): Promise<{ content: string }>
      import(r: object): Promise<unknown>
    }
  }
}

/* eslint-disable @typescript-eslint/no-explicit-any -- the two trees' modules differ; each is used as it is */
async function measureTree(root: string): Promise<TreeFigures> {
  const load = (path: string): Promise<any> => import(join(root, path))
  const { startBrowserMode } = await load('main/browser-mode/index.ts')
  const { openDatabase, DATABASE_FILE } = await load('main/core/db/database.ts')
  const { openDraftStore } = await load('main/core/drafts/draft-store.ts')
  const { emptyScheduleRequest } = await load('common/service.ts')
  const { launchChromium } = await import('../test/support/chromium')

  /** A data folder of `count` drafts of the Sandbox profile, as a year of use leaves them. */
  async function seeded(count: number): Promise<string> {
    const dataDir = mkdtempSync(join(tmpdir(), 'mediadeck-bench-page-'))
    mkdirSync(dataDir, { recursive: true })
    const database = openDatabase({ file: join(dataDir, DATABASE_FILE) })
    const store = await openDraftStore(database, { profileId: 'sandbox', dataDir })
    const at = (i: number) => new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString()
    store.putMany(
      Array.from({ length: count }, (_, i) => ({
        id: `d${i}`,
        profileId: 'sandbox',
        status: 'draft',
        post: {
          ...emptyScheduleRequest(),
          title: `Post ${i}`,
          description: `A post of the year's use, number ${i}, with a caption of ordinary length. `.repeat(3),
          accountId: '',
          // A year of plans: one every 52 minutes from the next year on, so the month the planner opens on
          // shows what a month holds, not 10,000 drafts in the list of unscheduled ones.
          scheduleAt: new Date(
            Date.UTC(new Date().getUTCFullYear() + 1, 0, 1) + i * 52 * 60_000,
          ).toISOString(),
        },
        localMedia: [],
        createdAt: at(i),
        updatedAt: at(i),
      })),
    )
    database.close()
    return dataDir
  }

  const browser = await launchChromium()
  /** Opens the planner on a data folder of `count` drafts; `frames` collects the drafts:changed received. */
  async function open(count: number) {
    const dataDir = await seeded(count)
    const mode = await startBrowserMode({ dataDir })
    const page = await browser.newPage({ viewport: { width: 1440, height: 960 }, timezoneId: 'UTC' })
    const frames: Array<{ at: number; bytes: number }> = []
    page.on('websocket', (socket) =>
      socket.on('framereceived', ({ payload }) => {
        const text = typeof payload === 'string' ? payload : payload.toString('utf8')
        if (text.includes('"drafts:changed"')) frames.push({ at: Date.now(), bytes: Buffer.byteLength(text) })
      }),
    )
    await page.goto(mode.url + '#/planner')
    await page.getByTestId('planner-month').waitFor({ timeout: 120_000 })
    return {
      page,
      frames,
      async close() {
        await page.close()
        await mode.close()
        rmSync(dataDir, { recursive: true, force: true })
      },
    }
  }

  const settle = () => new Promise((done) => setTimeout(done, 300))
  const figures: TreeFigures = {
    root,
    save: {},
    bytesAfterSave: 0,
    eventsAfterSave: 0,
    csv: { events: 0, bytes: 0, fileBytes: 0 },
  }
  try {
    for (const count of [1_000, 10_000]) {
      const opened = await open(count)
      const times = (await opened.page.evaluate(async (saves) => {
        const api = (globalThis as unknown as PageGlobals).mediadeck
        const draft = await api.drafts.get({ id: 'd5' })
        let revision = draft.revision
        const took: number[] = []
        for (let i = 0; i < saves; i++) {
          const started = performance.now()
          const saved = await api.drafts.save({
            id: draft.id,
            revision,
            post: { ...draft.post, description: `${draft.post.description}${i}` },
            localMedia: [],
          })
          took.push(performance.now() - started)
          revision = saved.revision
        }
        return took
      }, SAVES)) as number[]
      figures.save[count] = { p50: median(times), p95: percentile(times, 95) }
      console.error(`${root}: ${count} drafts, save p50 ${median(times).toFixed(1)} ms`)
      if (count === 10_000) {
        await settle()
        const before = opened.frames.length
        await opened.page.evaluate(async () => {
          const api = (globalThis as unknown as PageGlobals).mediadeck
          const draft = await api.drafts.get({ id: 'd7' })
          await api.drafts.save({
            id: draft.id,
            revision: draft.revision,
            post: { ...draft.post, description: `${draft.post.description}.` },
            localMedia: [],
          })
        })
        await settle()
        const after = opened.frames.slice(before)
        figures.eventsAfterSave = after.length
        figures.bytesAfterSave = after.reduce((sum, frame) => sum + frame.bytes, 0)
      }
      await opened.close()
    }

    // The CSV import: the 1,000 drafts exported, each row's text changed, imported back.
    const opened = await open(IMPORT_ROWS)
    const content = (await opened.page.evaluate(async (rows) => {
      const api = (globalThis as unknown as PageGlobals).mediadeck
      const ids = Array.from({ length: rows }, (_, i) => `d${i}`)
      return (await api.drafts.export({ format: 'csv', ids })).content
    }, IMPORT_ROWS)) as string
    const changed = content.replaceAll("the year's use", "the year's work")
    await settle()
    const before = opened.frames.length
    const refused = (await opened.page.evaluate(async (text) => {
      try {
        await (globalThis as unknown as PageGlobals).mediadeck.drafts.import({
          format: 'csv',
          content: text,
          choices: {},
        })
        return null
      } catch (error) {
        return JSON.stringify(error)
      }
    }, changed)) as string | null
    if (refused) console.error(`the import was refused: ${refused}`)
    await settle()
    const after = opened.frames.slice(before)
    figures.csv = {
      events: after.length,
      bytes: after.reduce((sum, frame) => sum + frame.bytes, 0),
      fileBytes: Buffer.byteLength(changed),
    }
    await opened.close()
  } finally {
    await browser.close()
  }
  return figures
}

const ms = (n: number) => `${n.toFixed(1)} ms`
const kib = (n: number) =>
  n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MiB` : `${(n / 1024).toFixed(1)} KiB`
const verdict = (ok: boolean) => (ok ? 'met' : '**not met**')

function section(now: TreeFigures, before: TreeFigures | undefined, load: string): string {
  const old = (value: (b: TreeFigures) => string) => (before ? value(before) : 'not measured')
  const save = (f: TreeFigures, n: number) => `${ms(f.save[n]!.p50)} (p95 ${ms(f.save[n]!.p95)})`
  const ratio = (f: TreeFigures) => f.save[10_000]!.p50 / f.save[1_000]!.p50
  return `## Page: drafts changes

Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC (this tree at ${commitOf(HERE)}) by \`bench/page-changes.ts\` (\`npm run bench -- --page-only --page-baseline DIR\`), in Debian's Chromium through the browser mode; the baseline (558c91f) in the same sitting on a checkout of its own with its own built renderer.
Machine: ${cpus().length} CPUs (${cpus()[0]?.model ?? '?'}), ${(totalmem() / 1024 ** 3).toFixed(1)} GiB memory (load average ${load}, shared with other work): the ratios between the two trees say more than the figures.

| measure | 558c91f | now | target | |
|---|---|---|---|---|
| an edit saved from the page, 1,000 drafts, p50 of ${SAVES} | ${old((b) => save(b, 1_000))} | ${save(now, 1_000)} | | |
| an edit saved from the page, 10,000 drafts, p50 of ${SAVES} | ${old((b) => save(b, 10_000))} | ${save(now, 10_000)} | ≤ 25 ms | ${verdict(now.save[10_000]!.p50 <= 25)} |
| 10,000 / 1,000 | ${old((b) => `${ratio(b).toFixed(1)}x`)} | ${ratio(now).toFixed(1)}x | ≤ 2x | ${verdict(ratio(now) <= 2)} |
| bytes pushed to the page after a one-draft save, 10,000 drafts | ${old((b) => `${kib(b.bytesAfterSave)} (${b.eventsAfterSave} events)`)} | ${kib(now.bytesAfterSave)} (${now.eventsAfterSave} events) | ≤ 16 KiB | ${verdict(now.bytesAfterSave <= 16 * 1024)} |
| a CSV import of ${IMPORT_ROWS.toLocaleString('en')} rows changing ${IMPORT_ROWS.toLocaleString('en')} drafts: events to the page | ${old((b) => String(b.csv.events))} | ${now.csv.events} | ≤ 10 | ${verdict(now.csv.events <= 10)} |
| the same: their bytes / the file's (${kib(now.csv.fileBytes)}) | ${old((b) => `${kib(b.csv.bytes)} (${(b.csv.bytes / b.csv.fileBytes).toFixed(1)}x)`)} | ${kib(now.csv.bytes)} (${(now.csv.bytes / now.csv.fileBytes).toFixed(1)}x) | ≤ 2x | ${verdict(now.csv.bytes <= 2 * now.csv.fileBytes)} |

- Saving: \`window.mediadeck.drafts.save\` of one draft's edit, timed in the page from the call to its answer,
  with the planner open (its drafts store applies what main sends); the drafts are text posts with a caption
  of about 220 characters, planned one every 52 minutes over the next year (the planner's month shows none).
- Bytes: every \`drafts:changed\` frame the page's socket received within 300 ms after one save.
- Import: the 1,000 drafts exported as CSV, each row's caption changed, imported back through \`drafts:import\`;
  the \`drafts:changed\` frames received until 300 ms after its answer.
- What a save costs the page no longer grows with the drafts: the campaigns' reload after a change reads only
  the campaigns' own drafts (it parsed all 10,000), the page's drafts store keeps them by id and tells what
  the change touched, and the calendar keeps its entries (and so draws nothing) when a change shows nowhere
  in it. The records go packed (common/wire-packing.ts): an empty post's fields are named, not sent.
- When the baseline's import figures are below 1,000 drafts' worth, its answer never came: the browser mode's
  host stopped the page's socket after that many whole lists; its figures are what had arrived by then.
- The planner's list view with 2,000 service posts and 10,000 drafts: the section "The planner's list view:
  a year of plans" (\`bench/planner-list.ts\`).
`
}

const reuse = process.argv.indexOf('--reuse')
if (reuse !== -1) {
  // The section from runs already made (`--root DIR` prints one JSON line each), for a sitting started by hand.
  const read = (file: string) =>
    JSON.parse(readFileSync(file, 'utf8').trim().split('\n').at(-1)!) as TreeFigures
  const loadAt = process.argv.indexOf('--load')
  const text = section(
    read(process.argv[reuse + 2]!),
    read(process.argv[reuse + 1]!),
    loadAt === -1 ? 'not recorded' : process.argv[loadAt + 1]!,
  )
  await writeResultsSection('Page: drafts changes', text)
  console.log(text)
  process.exit(0)
}

await measureTrees({
  script: fileURLToPath(import.meta.url),
  heading: 'Page: drafts changes',
  measure: measureTree,
  section,
})
process.exit(0)

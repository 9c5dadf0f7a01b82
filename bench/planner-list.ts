// `npx tsx bench/planner-list.ts [--baseline DIR]`: opening the planner's list view with a year of plans, in
// Debian's Chromium through the browser mode (the real renderer, host, database and embedded sandbox), at two
// sizes: 200 service posts and 1,000 drafts, then 2,000 and 10,000, both spread over the next year. On this tree
// and, with --baseline, on an older checkout (its own node_modules and built renderer) in the same sitting. Writes
// the section "The planner's list view: a year of plans" of bench/RESULTS.md.
// - switch: the planner open on its month, a click on "List" to the list painted (its period's request settled,
//   then two frames and a task), timed in the page; RUNS times, back to the month in between;
// - cold: a new page at #/planner to the list painted after the same click, from the page's navigation start
//   (the drafts' first read, the month's, then the list's); COLD times.
// Each tree runs in a process of its own (`--root DIR`) that prints one JSON line.
import { mkdtempSync, rmSync } from 'node:fs'
import { cpus, tmpdir, totalmem } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Page } from '@playwright/test'
import { median } from './support/results'
import { HERE, commitOf, measureTrees } from './support/trees'

const RUNS = Number(process.env.BENCH_LIST_RUNS ?? 9)
const COLD = Number(process.env.BENCH_LIST_COLD ?? 5)
const SIZES = [
  { posts: 200, drafts: 1_000 },
  { posts: 2_000, drafts: 10_000 },
] as const
const YEAR_MS = 365 * 86_400_000

interface SizeFigures {
  posts: number
  drafts: number
  /** Rows the list showed (its 28 days). */
  rows: number
  switchMs: number[]
  coldMs: number[]
}
interface TreeFigures {
  root: string
  sizes: SizeFigures[]
}

/** What the page functions below use of the page (the node tsconfig has no DOM library). */
interface PageGlobals {
  document: {
    querySelector(s: string): { getAttribute(n: string): string | null; click(): void } | null
    querySelectorAll(s: string): { length: number }
  }
  requestAnimationFrame(callback: () => void): number
}

/**
 * Clicks the view's button in the page and resolves, in the page's clock, when the period's request has settled,
 * `ready` holds and two frames and a task have passed: the view is painted.
 */
function clickToPainted(page: Page, view: 'list' | 'month', origin: 'click' | 'navigation') {
  return page.evaluate(
    ({ view, origin }) =>
      new Promise<{ ms: number; rows: number }>((done) => {
        const g = globalThis as unknown as PageGlobals
        const started = performance.now()
        g.document.querySelector(`[data-testid=planner-view-${view}]`)!.click()
        const ready = () =>
          g.document.querySelector('.planner__calendar')?.getAttribute('aria-busy') === 'false' &&
          (view === 'list'
            ? g.document.querySelector('[data-testid=planner-list]') !== null &&
              g.document.querySelectorAll('[data-testid=planner-list-row]').length > 0
            : g.document.querySelector('[data-testid=planner-month]') !== null)
        const poll = () => {
          if (!ready()) return g.requestAnimationFrame(poll)
          g.requestAnimationFrame(() =>
            g.requestAnimationFrame(() =>
              setTimeout(() =>
                done({
                  ms: performance.now() - (origin === 'click' ? started : 0),
                  rows: g.document.querySelectorAll('[data-testid=planner-list-row]').length,
                }),
              ),
            ),
          )
        }
        poll()
      }),
    { view, origin },
  )
}

/* eslint-disable @typescript-eslint/no-explicit-any -- the two trees' modules differ; each is used as it is */
async function measureTree(root: string): Promise<TreeFigures> {
  const load = (path: string): Promise<any> => import(join(root, path))
  const { startBrowserMode } = await load('main/browser-mode/index.ts')
  const { openDatabase, DATABASE_FILE } = await load('main/core/db/database.ts')
  const { openDraftStore } = await load('main/core/drafts/draft-store.ts')
  const { emptyScheduleRequest } = await load('common/service.ts')
  const { createServiceClient } = await load('main/core/service-client.ts')
  const { launchChromium } = await import('../test/support/chromium')
  // Plans from tomorrow on, over a year: the list's 28 days hold a twelfth-odd of each.
  const from = Date.now() + 86_400_000
  const spread = (i: number, count: number) =>
    new Date(from + Math.floor((i * YEAR_MS) / count)).toISOString()

  /** A data folder of `count` drafts of the Sandbox profile, each planned. */
  async function seededDrafts(count: number): Promise<string> {
    const dataDir = mkdtempSync(join(tmpdir(), 'mediadeck-bench-list-'))
    const database = openDatabase({ file: join(dataDir, DATABASE_FILE) })
    const store = await openDraftStore(database, { profileId: 'sandbox', dataDir })
    const at = new Date(Date.UTC(2026, 0, 1)).toISOString()
    store.putMany(
      Array.from({ length: count }, (_, i) => ({
        id: `d${i}`,
        profileId: 'sandbox',
        status: 'draft',
        post: {
          ...emptyScheduleRequest(),
          title: `Draft ${i}`,
          description: `A planned post, number ${i}, with a caption of ordinary length. `.repeat(3),
          accountId: '',
          scheduleAt: spread(i, count),
        },
        localMedia: [],
        createdAt: at,
        updatedAt: at,
      })),
    )
    database.close()
    return dataDir
  }

  const browser = await launchChromium()
  const figures: TreeFigures = { root, sizes: [] }
  try {
    for (const size of SIZES) {
      const dataDir = await seededDrafts(size.drafts)
      const mode = await startBrowserMode({ dataDir })
      try {
        const sandbox = mode.host.sandbox
        const client = createServiceClient({ baseUrl: sandbox.url, ...sandbox.credentials })
        const accounts = (await client.listAccounts({ page: 1, limit: 100 })).docs.filter(
          (a: { isConnected: boolean }) => a.isConnected,
        )
        for (let i = 0; i < size.posts; i++) {
          await client.createSchedule({
            ...emptyScheduleRequest(),
            description: `Service post ${i}: ${'lorem ipsum '.repeat(3)}`,
            accountId: accounts[i % accounts.length]._id,
            scheduleAt: spread(i, size.posts),
          })
        }
        await client.close?.()
        console.error(`${root}: ${size.posts} posts made on the sandbox`)
        const result: SizeFigures = { ...size, rows: 0, switchMs: [], coldMs: [] }
        const newPage = async () => {
          const page = await browser.newPage({ viewport: { width: 1440, height: 960 }, timezoneId: 'UTC' })
          // tsx names the page functions' inner arrows with a helper of its own, which the page lacks.
          await page.addInitScript('globalThis.__name = (f) => f')
          await page.goto(mode.url + '#/planner')
          await page.getByTestId('planner-month').waitFor({ timeout: 120_000 })
          return page
        }
        for (let run = 0; run < COLD; run++) {
          const page = await newPage()
          // The month's own request settled first: what is timed is the page's whole way to the list.
          await page.waitForFunction(
            () =>
              (globalThis as unknown as PageGlobals).document
                .querySelector('.planner__calendar')
                ?.getAttribute('aria-busy') === 'false',
          )
          const cold = await clickToPainted(page, 'list', 'navigation')
          result.coldMs.push(cold.ms)
          // The view chosen is remembered (a setting since 558c91f): the next page opens on the month again.
          await clickToPainted(page, 'month', 'click')
          await page.close()
        }
        const page = await newPage()
        for (let run = 0; run < RUNS; run++) {
          await clickToPainted(page, 'month', 'click')
          const shown = await clickToPainted(page, 'list', 'click')
          result.switchMs.push(shown.ms)
          result.rows = shown.rows
        }
        await clickToPainted(page, 'month', 'click')
        await page.close()
        console.error(
          `${root}: ${size.posts} posts, ${size.drafts} drafts: ${result.rows} rows, switch ` +
            `${median(result.switchMs).toFixed(1)} ms, cold ${median(result.coldMs).toFixed(1)} ms`,
        )
        figures.sizes.push(result)
      } finally {
        await mode.close()
        rmSync(dataDir, { recursive: true, force: true })
      }
    }
  } finally {
    await browser.close()
  }
  return figures
}
/* eslint-enable @typescript-eslint/no-explicit-any */

const ms = (n: number) => `${n.toFixed(1)} ms`
const verdict = (ok: boolean) => (ok ? 'met' : '**not met**')

function section(now: TreeFigures, before: TreeFigures | undefined, load: string): string {
  const old = (value: (b: TreeFigures) => string) => (before ? value(before) : 'not measured')
  const [small, large] = [0, 1]
  const fig = (f: TreeFigures, i: number, key: 'switchMs' | 'coldMs') => median(f.sizes[i]![key])
  const ratio = (f: TreeFigures, key: 'switchMs' | 'coldMs') => fig(f, large, key) / fig(f, small, key)
  const cell = (f: TreeFigures, i: number, key: 'switchMs' | 'coldMs') =>
    `${ms(fig(f, i, key))} (${f.sizes[i]!.rows} rows drawn)`
  const row = (label: string, key: 'switchMs' | 'coldMs', i: number) =>
    `| ${label}, ${SIZES[i]!.posts.toLocaleString('en')} posts and ${SIZES[i]!.drafts.toLocaleString('en')} drafts | ${old((b) => cell(b, i, key))} | ${cell(now, i, key)} | | |`
  const ratioRow = (label: string, key: 'switchMs' | 'coldMs') =>
    `| ${label}: large / small | ${old((b) => `${ratio(b, key).toFixed(1)}x`)} | ${ratio(now, key).toFixed(1)}x | ≤ 2x | ${verdict(ratio(now, key) <= 2)} |`
  return `## The planner's list view: a year of plans

Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC (this tree at ${commitOf(HERE)}) by \`bench/planner-list.ts\` (\`npm run bench -- --page-only --page-baseline DIR\`), in Debian's Chromium through the browser mode and its embedded sandbox; the baseline (558c91f) in the same sitting on a checkout of its own with its own built renderer, driven by this script with its own modules.
Machine: ${cpus().length} CPUs (${cpus()[0]?.model ?? '?'}), ${(totalmem() / 1024 ** 3).toFixed(1)} GiB memory (load average ${load}, shared with other work): the ratios say more than the figures.

| measure (median) | 558c91f | now | target | |
|---|---|---|---|---|
${row(`click on List → painted, of ${RUNS}`, 'switchMs', small)}
${row(`click on List → painted, of ${RUNS}`, 'switchMs', large)}
${ratioRow('click on List → painted', 'switchMs')}
${row(`a new page → the list painted, of ${COLD}`, 'coldMs', small)}
${row(`a new page → the list painted, of ${COLD}`, 'coldMs', large)}
${ratioRow('a new page → the list painted', 'coldMs')}

- The service's posts are made on the embedded sandbox (its demo posts beside them), the drafts written to the
  database before the host starts; both are spread evenly over the year from tomorrow, so the list's 28 days
  hold about a thirteenth of each.
- Click → painted: in the page, from the click on the toolbar's List to the end of the frame after the period's
  request settled (aria-busy false) with the rows in the page (two frames and a task), the month shown again in
  between.
- A new page: from the page's navigation start to the same point, the click made once the month's own request
  settled: the drafts' first whole read, the month, then the list.
`
}

await measureTrees({
  script: fileURLToPath(import.meta.url),
  heading: "The planner's list view: a year of plans",
  measure: measureTree,
  section,
})
process.exit(0)

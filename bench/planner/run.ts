// `npx tsx bench/planner/run.ts`: how fast the planner renders a month of 500 posts, in Debian's Chromium
// through the browser mode (the real renderer, the real host, the embedded sandbox). Writes its figures to
// the "Planner" section of bench/RESULTS.md, leaving the other sections as they are.
//
// What is timed: from the moment the period's posts land in the store (`planner:data`, set by PlannerView) to
// the end of the frame that shows them (`planner:painted`: a task queued from the next animation frame, so
// style, layout and paint are included). The request itself (WebSocket, host, sandbox listing 500 posts) is
// reported separately, click to paint, for reference.
import { mkdtempSync, rmSync } from 'node:fs'
import { cpus, tmpdir, totalmem } from 'node:os'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { CHROMIUM_PATH, launchChromium } from '../../test/support/chromium'
import { formatMs, median, percentile, writeResultsSection } from '../support/results'
import { emptyScheduleRequest } from '../../common/service'
import { startBrowserMode } from '../../main/browser-mode/index'
import { createServiceClient } from '../../main/core/service-client'

const POSTS = 500
const RUNS = 15
const TARGET_MS = 200

/** What the page functions below use of the page (the node tsconfig has no DOM library). */
interface PageGlobals {
  document: {
    querySelector(s: string): { getAttribute(n: string): string | null } | null
    querySelectorAll(s: string): { length: number }
  }
  requestAnimationFrame(callback: () => void): number
  mediadeck: { schedules: { list(r: object): Promise<{ value: unknown[] }> } }
}
const ms = formatMs

/** The first day of the month after next, in UTC: no demo post falls there. */
function targetMonth(now = new Date()): { start: Date; days: number } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 2, 1))
  const days = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 0)).getUTCDate()
  return { start, days }
}

async function lastRender(page: Page, after: number): Promise<number> {
  const handle = await page.waitForFunction(
    (since) => {
      const found = performance.getEntriesByName('planner:render').filter((e) => e.startTime > since)
      return found.length ? found[found.length - 1]!.duration : null
    },
    after,
    { timeout: 30_000 },
  )
  return (await handle.jsonValue()) as number
}

/** Clicks, waits until the period's request has settled and its last render is painted, and reads the times. */
async function timeSwitch(page: Page, testId: string) {
  const since = await page.evaluate(() => performance.now())
  await page.getByTestId(testId).click()
  await page.waitForFunction(
    () =>
      (globalThis as unknown as PageGlobals).document
        .querySelector('.planner__calendar')
        ?.getAttribute('aria-busy') === 'false',
  )
  // Two frames and a task: the render of the data that just landed has been measured by then.
  await page.evaluate(
    () =>
      new Promise((resolve) =>
        (globalThis as unknown as PageGlobals).requestAnimationFrame(() =>
          (globalThis as unknown as PageGlobals).requestAnimationFrame(() => setTimeout(resolve, 20)),
        ),
      ),
  )
  const render = await lastRender(page, since)
  const total = await page.evaluate((start) => {
    const found = performance.getEntriesByName('planner:painted')
    return found[found.length - 1]!.startTime - start
  }, since)
  return { render, total }
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'mediadeck-bench-planner-'))
  const mode = await startBrowserMode({ dataDir })
  const browser = await launchChromium()
  try {
    const sandbox = mode.host.sandbox
    const client = createServiceClient({ baseUrl: sandbox.url, ...sandbox.credentials })
    const accounts = (await client.listAccounts({ page: 1, limit: 100 })).docs.filter((a) => a.isConnected)
    const { start, days } = targetMonth()
    for (let i = 0; i < POSTS; i++) {
      const at = new Date(start.getTime() + (i * (days - 1) * 86_400_000) / POSTS + 9 * 3_600_000)
      await client.createSchedule({
        ...emptyScheduleRequest(),
        description: `Bench post ${i + 1}: ${'lorem ipsum '.repeat(3)}`,
        accountId: accounts[i % accounts.length]!._id,
        scheduleAt: at.toISOString(),
      })
    }
    await client.close()

    const page = await browser.newPage({ viewport: { width: 1440, height: 960 }, timezoneId: 'UTC' })
    await page.goto(mode.url + '#/planner')
    await page.getByTestId('planner-month').waitFor()
    await page.getByTestId('planner-next').click()
    await page.getByTestId('planner-next').click()
    await page.waitForFunction(
      () =>
        (globalThis as unknown as PageGlobals).document.querySelectorAll('[data-testid=planner-entry]')
          .length > 0,
    )
    const chips = await page.getByTestId('planner-entry').count()
    const overflow = await page.getByTestId('planner-day-more').count()
    const listed = await page.evaluate(
      async ({ from, to }) => {
        const answer = await (globalThis as unknown as PageGlobals).mediadeck.schedules.list({ from, to })
        return answer.value.length
      },
      { from: start.toISOString(), to: new Date(start.getTime() + days * 86_400_000 - 1).toISOString() },
    )

    const monthRender: number[] = []
    const monthTotal: number[] = []
    const weekRender: number[] = []
    for (let run = 0; run < RUNS; run++) {
      await timeSwitch(page, 'planner-prev')
      const month = await timeSwitch(page, 'planner-next')
      monthRender.push(month.render)
      monthTotal.push(month.total)
    }
    for (let run = 0; run < RUNS; run++) {
      const week = await timeSwitch(page, 'planner-view-week')
      weekRender.push(week.render)
      await timeSwitch(page, 'planner-view-month')
    }

    const version = browser.version()
    const section = [
      '## Planner',
      '',
      `Recorded by \`npx tsx bench/planner/run.ts\` on ${new Date().toISOString()}: Chromium ${version} (headless,`,
      `\`${CHROMIUM_PATH}\`), ${cpus().length} CPUs (${cpus()[0]?.model.trim()}), ${(totalmem() / 1024 ** 3).toFixed(1)} GiB,`,
      `Node ${process.version}; viewport 1440×960, time zone UTC.`,
      '',
      '| Measure | Result | Target | Met |',
      '| --- | --- | --- | --- |',
      `| Month of ${listed} posts: data in the store → painted (median of ${RUNS}) | ${ms(median(monthRender))} (p95 ${ms(percentile(monthRender, 95))}, max ${ms(Math.max(...monthRender))}) | < ${TARGET_MS} ms | ${percentile(monthRender, 95) < TARGET_MS ? 'yes' : 'no'} |`,
      `| Same month, click → painted, request over the browser mode included (median) | ${ms(median(monthTotal))} (p95 ${ms(percentile(monthTotal, 95))}) | (for reference) | |`,
      `| Week view of that month (~${Math.round(listed / (days / 7))} posts): data → painted (median of ${RUNS}) | ${ms(median(weekRender))} (p95 ${ms(percentile(weekRender, 95))}) | (for reference) | |`,
      '',
      `The month shows ${chips} post chips (at most three a day) and ${overflow} "+N more" buttons; the rest of the ${listed}`,
      'posts are one click away in the day list, so the DOM stays small whatever the month holds. Each run switches',
      'to the previous month and back, so the 500-post month is rendered from scratch every time.',
      '',
    ].join('\n')

    await writeResultsSection('Planner', section)
    console.log(section)
  } finally {
    await browser.close()
    await mode.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

await main()

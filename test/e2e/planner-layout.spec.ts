// The planner's layout measured in Chromium at a laptop's 1280 px, where jsdom cannot measure: only the
// content column scrolls (never the shell), the week's day headers sit over their columns and the week opens
// at the first post, navigation starts a page at its top (where the month opens in a short window:
// planner-month-opening.spec.ts), and a month chip shows a readable part of its title.
// Also screenshots of the month view at 1280 px in both themes and both languages, by `npm run screenshots`
// only (PLANNER_SHOTS_DIR and PLANNER_SHOTS_TAG choose where and under which name; by default the test's own
// output folder).
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Locator, Page } from '@playwright/test'
import { emptyScheduleRequest } from '../../common/service'
import { AREAS, AppShell } from './pages/app-shell'
import { AutomationsPage } from './pages/automations-page'
import { PlannerPage, localInstant, saveDraft } from './pages/planner-page'
import { animationsSettled } from './support/animations'
import { audit, type Finding } from './support/axe'
import { axeTimeout } from './support/axe-budget'
import { expect, test } from './support/browser-mode'
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from '../support/chromium'

const LAPTOP = { width: 1280, height: 800 }

/** The few page globals these measurements use (the node tsconfig that checks specs has no DOM library). */
interface Box {
  left: number
  right: number
  width: number
}
interface PageElement {
  style: { cssText: string; font: string }
  textContent: string | null
  getBoundingClientRect(): Box
  remove(): void
}
interface RangeGlobals {
  document: {
    createRange(): { selectNodeContents(node: unknown): void; getClientRects(): ArrayLike<{ top: number }> }
  }
}

interface LayoutGlobals {
  document: {
    scrollingElement: { scrollHeight: number; clientHeight: number; scrollTop: number }
    createElement(tag: 'span'): PageElement
    body: { append(element: PageElement): void }
  }
  getComputedStyle(element: unknown): { font: string }
}

// Headless Chromium hides scrollbars by default; these measurements are about the room a classic scrollbar
// takes (as on Windows and most Linux desktops), so it is shown.
test.use({
  launchOptions: {
    executablePath: CHROMIUM_EXECUTABLE,
    args: CHROMIUM_ARGS,
    ignoreDefaultArgs: ['--hide-scrollbars'],
  },
})

test.beforeEach(async ({ appPage }) => {
  await appPage.setViewportSize(LAPTOP)
})

/** The ISO instant of the browser's own calendar day, `days` from today, at hh:mm on its clock. */
/** How far the document itself (not the content column) can scroll, and where it is. */
function documentScroll(page: Page) {
  return page.evaluate(() => {
    const root = (globalThis as unknown as LayoutGlobals).document.scrollingElement
    return { overflow: root.scrollHeight - root.clientHeight, top: root.scrollTop }
  })
}

async function inside(inner: Locator, outer: Locator): Promise<boolean> {
  const a = (await inner.boundingBox())!
  const b = (await outer.boundingBox())!
  return a.y >= b.y - 1 && a.y + a.height <= b.y + b.height + 1
}

test('only the content column scrolls, on every page; a wheel over the sidebar moves nothing', async ({
  appPage,
}) => {
  const shell = new AppShell(appPage)
  for (const area of AREAS) {
    await shell.open(area)
    await expect(shell.heading(area)).toBeVisible()
    if (area === 'Planner') await appPage.getByTestId('planner-month').waitFor()
    // Nothing of the page reaches below the window, visible or not.
    expect((await documentScroll(appPage)).overflow, area).toBeLessThanOrEqual(0)
    await appPage.mouse.move(100, 400)
    await appPage.mouse.wheel(0, 600)
    await appPage.mouse.move(700, 400)
    await appPage.mouse.wheel(0, 600)
    expect((await documentScroll(appPage)).top, area).toBe(0)
    const sidebar = (await appPage.locator('aside.sidebar').boundingBox())!
    expect(sidebar.y, area).toBe(0)
    expect(sidebar.height, area).toBe(LAPTOP.height)
  }
})

test('the week view keeps its day headers over their columns and opens at the first post', async ({
  appPage,
  app,
}) => {
  const planner = new PlannerPage(appPage)
  await planner.open()
  const early = `Early post ${Date.now()}`
  await saveDraft(app, early, await localInstant(appPage, 0, 1, 10))
  await expect(planner.entry(early)).toBeVisible()
  await appPage.getByTestId('planner-view-week').click()
  const week = appPage.getByTestId('planner-week')
  await week.waitFor()

  const drift = await week.evaluate((grid) => {
    const heads = [...grid.querySelectorAll('[role=columnheader]')]
    const cells = [...grid.querySelectorAll('[role=row]:not(:first-child) [role=gridcell]')].slice(0, 7)
    return heads.map((head, i) => {
      const a = head.getBoundingClientRect()
      const b = cells[i]!.getBoundingClientRect()
      return Math.max(Math.abs(a.left - b.left), Math.abs(a.right - b.right))
    })
  })
  expect(drift).toHaveLength(7)
  expect(Math.max(...drift)).toBeLessThanOrEqual(1)

  const scroller = week.getByTestId('planner-week-scroll')
  expect(await inside(planner.entry(early), scroller)).toBe(true)
})

test('a page opens at its top, and Next page in Automations goes back to the list top', async ({
  appPage,
}) => {
  await appPage.setViewportSize({ width: 1280, height: 600 })
  // The planner's month opens at today's week when that lies below the fold (planner-month-opening.spec.ts):
  // on Sunday 1 November 2026 (in every zone from UTC−11 to UTC+11) it is the month's first week, in sight at
  // the top, so the planner too opens at its top.
  await appPage.clock.install({ time: new Date('2026-11-01T12:00:00Z') })
  await appPage.reload()
  await appPage.waitForFunction(() => 'mediadeck' in globalThis)
  const shell = new AppShell(appPage)
  const automations = new AutomationsPage(appPage)
  await shell.open('Automations')
  await expect(automations.rows.first()).toBeVisible()
  const main = appPage.locator('main')
  await main.evaluate((element) => (element.scrollTop = element.scrollHeight))
  expect(await main.evaluate((element) => element.scrollTop)).toBeGreaterThan(0)
  const firstBefore = await automations.titles.first().textContent()
  await automations.next.click()
  await expect(automations.titles.first()).not.toHaveText(firstBefore!)
  expect(await inside(automations.rows.first(), main)).toBe(true)

  await main.evaluate((element) => (element.scrollTop = element.scrollHeight))
  await shell.open('Planner')
  await appPage.getByTestId('planner-month').waitFor()
  await expect(appPage.locator('[data-testid=planner-day][data-day="2026-11-01"]')).toHaveAttribute(
    'aria-current',
    'date',
  )
  await expect(shell.heading('Planner')).toBeInViewport()
  expect(await main.evaluate((element) => element.scrollTop)).toBe(0)
})

test('a month chip at 1280 px shows its time and at least 12 characters of its title', async ({
  appPage,
  app,
}) => {
  const planner = new PlannerPage(appPage)
  await planner.open()
  const title = `Quarterly product launch teaser ${Date.now()}`
  await saveDraft(app, title, await localInstant(appPage, 0, 12, 0))
  const chip = planner.entry(title)
  await expect(chip).toBeVisible()
  await expect(chip).toHaveAccessibleName(new RegExp(title))
  await expect(chip).toHaveAttribute('title', new RegExp(title))
  const room = await chip.locator('.entry__title').evaluate((element, text) => {
    // The width of the title's first 12 characters in the chip's own font, against the room it has.
    // Inside the page: only what the callback itself names exists there.
    const { document, getComputedStyle } = globalThis as unknown as LayoutGlobals
    const probe = document.createElement('span')
    probe.style.cssText = 'position:fixed;visibility:hidden;white-space:pre'
    probe.style.font = getComputedStyle(element).font
    probe.textContent = text.slice(0, 12)
    document.body.append(probe)
    const needed = probe.getBoundingClientRect().width
    probe.remove()
    return { needed, has: element.getBoundingClientRect().width }
  }, title)
  expect(room.has).toBeGreaterThanOrEqual(room.needed)
})

// Pictures for a person to look at, compared with nothing: `npm run screenshots`, not `npm test`.
test(
  'screenshots of the month view at 1280 px, light and dark, English and Bahasa Indonesia',
  { tag: '@screenshots' },
  async ({ appPage, app }) => {
    const dir = process.env.PLANNER_SHOTS_DIR ?? test.info().outputPath()
    const tag = process.env.PLANNER_SHOTS_TAG ?? 'now'
    const planner = new PlannerPage(appPage)
    await planner.open()
    for (const [description, days, hour] of [
      ['Quarterly product launch teaser', 1, 9],
      ['Behind the scenes at the studio', 2, 14],
      ['Weekend promo: two for one', 3, 18],
    ] as const) {
      await saveDraft(app, description, await localInstant(appPage, days, hour, 30))
    }
    await expect(planner.entry('Weekend promo')).toBeVisible()
    for (const language of ['en', 'id'] as const) {
      await app.host.call('settings:update', { language })
      await expect(appPage.locator('html')).toHaveAttribute('lang', language)
      for (const colorScheme of ['light', 'dark'] as const) {
        await appPage.emulateMedia({ colorScheme })
        await appPage.waitForTimeout(250)
        await appPage.screenshot({
          path: join(dir, `month-1280-${tag}-${language}-${colorScheme}.png`),
          animations: 'disabled',
        })
      }
    }
  },
)

test('Indonesian labels stay whole: the failed posts bar and the today mark neither wrap nor overflow', async ({
  appPage,
  app,
}) => {
  const planner = new PlannerPage(appPage)
  await planner.open()
  await app.host.call('settings:update', { language: 'id' })
  await expect(appPage.locator('html')).toHaveAttribute('lang', 'id')
  await expect(planner.failed.getByTestId('failed-post').first()).toBeVisible()
  const labels = [
    planner.failed.locator('label').filter({ has: appPage.getByTestId('failed-select-all') }),
    planner.failed.getByTestId('failed-retry-selected'),
    appPage.locator('.month__today'),
  ]
  // 1440: the side panels beside the calendar, 320 px wide; 900: the month's cells at their narrowest.
  for (const width of [1440, 1280, 900]) {
    await appPage.setViewportSize({ width, height: 900 })
    for (const label of labels) {
      const fit = await label.evaluate((element) => {
        // The lines its words take (distinct tops of the text's boxes, a checkbox or icon beside them aside),
        // and whether it reaches past its panel or cell.
        const { document } = globalThis as unknown as RangeGlobals
        const range = document.createRange()
        const tops = new Set<number>()
        type TextNode = { nodeType: number; textContent: string | null }
        const texts = [element, ...Array.from(element.querySelectorAll('*'))].flatMap((node) =>
          Array.from(node.childNodes as ArrayLike<TextNode>).filter(
            (child) => child.nodeType === 3 && child.textContent?.trim(),
          ),
        )
        for (const text of texts) {
          range.selectNodeContents(text)
          for (const rect of Array.from(range.getClientRects())) tops.add(Math.round(rect.top))
        }
        const box = element.getBoundingClientRect()
        const frame = element.closest('section, [role=gridcell]')!.getBoundingClientRect()
        return { text: element.textContent?.trim(), lines: tops.size, overflow: box.right - frame.right }
      })
      expect(fit.lines, `${fit.text} at ${width} px`).toBe(1)
      expect(fit.overflow, `${fit.text} at ${width} px`).toBeLessThanOrEqual(0)
    }
  }
})

async function boxOf(locator: Locator) {
  const found = await locator.boundingBox()
  if (!found) throw new Error('not on screen')
  return found
}

test('in Bahasa Indonesia at 900 px, a failed post’s detail keeps its actions inside it, and its alert’s text room', async ({
  appPage,
  app,
}) => {
  await appPage.setViewportSize({ width: 900, height: 768 })
  await app.host.call('settings:update', { language: 'id' })
  await expect(appPage.locator('html')).toHaveAttribute('lang', 'id')
  const planner = new PlannerPage(appPage)
  await appPage.locator('a[href="#/planner"]').first().click()
  await planner.failed
    .getByTestId('failed-post')
    .filter({ has: appPage.getByTestId('failed-disconnected') })
    .first()
    .locator('.failed__title')
    .click()
  const dialog = appPage.getByRole('dialog')
  const frame = await boxOf(dialog)
  // "Gandakan sebagai draf", "Sunting dan kirim lagi" and "Coba lagi" ran out of the dialog's left side.
  for (const button of await dialog.locator('footer button').all()) {
    const b = await boxOf(button)
    expect(b.x).toBeGreaterThanOrEqual(frame.x)
    expect(b.x + b.width).toBeLessThanOrEqual(frame.x + frame.width)
  }
  // The disconnected account's text had a third of its alert beside "Sambungkan lagi di repliz.com".
  const alert = dialog.getByTestId('detail-disconnected')
  const text = await boxOf(alert.locator('.ui-alert__body'))
  expect(text.width).toBeGreaterThan((await boxOf(alert)).width * 0.6)
})

test('the list’s titles line up from row to row, and an account’s name and username are whole where there is room', async ({
  appPage,
  app,
}) => {
  await appPage.setViewportSize({ width: 1366, height: 768 })
  await app.host.call('settings:update', { language: 'id' })
  await expect(appPage.locator('html')).toHaveAttribute('lang', 'id')
  await appPage.locator('a[href="#/planner"]').first().click()
  await appPage.getByTestId('planner-view-list').click()
  const rows = appPage.getByTestId('planner-list-row')
  await expect(rows.first()).toBeVisible()
  const lefts = new Set<number>()
  for (const title of await rows.locator('.list__title').all()) lefts.add(Math.round((await boxOf(title)).x))
  // The status badge ("Sedang diterbitkan", "Menunggu", "Gagal terbit") set each title at its own place.
  expect([...lefts]).toHaveLength(1)
  const cut = await rows
    .locator('.list__account .account-label__name, .list__account .account-label__user')
    .evaluateAll((cells) =>
      (cells as unknown as Array<{ scrollWidth: number; clientWidth: number; textContent: string }>)
        .filter((cell) => cell.scrollWidth > cell.clientWidth)
        .map((cell) => cell.textContent),
    )
  expect(cut).toEqual([])
})

test('at 900 px a week chip shows a readable part of its title, under its mark and time', async ({
  appPage,
}) => {
  await appPage.setViewportSize({ width: 900, height: 768 })
  const planner = new PlannerPage(appPage)
  await planner.open()
  await appPage.getByTestId('planner-view-week').click()
  const titles = appPage.getByTestId('planner-week').locator('[data-testid=planner-entry] > .entry__title')
  await expect(titles.first()).toBeVisible()
  // Beside the mark and the time, a title had about 20 px: "Hi…", "D…".
  for (const title of await titles.all()) expect((await boxOf(title)).width).toBeGreaterThan(60)
})

// An agency's week on a 13-inch laptop and a narrow window: the week, month and list views with a post failed on
// a disconnected account and another still due on it, and a failed post's detail, in every look. Pictures for a
// person to look at (under .test-results/screenshots/planner-agency/), and axe over each screen: English in the
// light theme, Bahasa Indonesia in the dark one.
const AGENCY_DIR = join('.test-results', 'screenshots', 'planner-agency')
const AGENCY_SIZES = [
  [1366, 768],
  [900, 768],
] as const

test(
  'week, month, list and a failed post at 1366×768 and 900×768, light and dark, en and id: axe clean',
  { tag: '@screenshots' },
  async ({ appPage, app }) => {
    test.setTimeout(axeTimeout(8, 420_000))
    mkdirSync(AGENCY_DIR, { recursive: true })
    const accounts = (await app.host.call('accounts:list', {})).value
    const off = accounts.find((a) => !a.isConnected && a.type === 'threads')!
    const client = app.host.active().client
    const post = { ...emptyScheduleRequest(), type: 'text' as const, accountId: off._id }
    // Due in a few seconds on the disconnected account: the sandbox's publisher fails it.
    const { scheduleId: failedId } = await client.createSchedule({
      ...post,
      title: 'Promo jam tujuh',
      description: 'Diskon 20% malam ini untuk semua menu kopi susu',
      scheduleAt: new Date(Date.now() + 3_000).toISOString(),
    })
    await client.createSchedule({
      ...post,
      title: 'Diskon akhir pekan',
      description: 'Beli dua gratis satu, Sabtu dan Minggu',
      scheduleAt: new Date(Date.now() + 40 * 60_000).toISOString(),
    })
    await expect
      .poll(async () => (await app.host.call('schedules:get', { id: failedId })).status, { timeout: 30_000 })
      .toBe('error')
    const planner = new PlannerPage(appPage)
    await planner.open()
    const findings: Finding[] = []
    const shoot = async (name: string, language: string, audited: 'light' | 'dark') => {
      for (const [width, height] of AGENCY_SIZES) {
        await appPage.setViewportSize({ width, height })
        for (const scheme of ['light', 'dark'] as const) {
          await appPage.emulateMedia({ colorScheme: scheme })
          await animationsSettled(appPage)
          await appPage.screenshot({
            path: join(AGENCY_DIR, `${name}-${width}-${language}-${scheme}.png`),
            animations: 'disabled',
          })
        }
      }
      await appPage.setViewportSize({ width: 1366, height: 768 })
      await appPage.emulateMedia({ colorScheme: audited })
      findings.push(...(await audit(appPage, `${name}, ${language}, ${audited}`)))
    }
    for (const [language, audited] of [
      ['en', 'light'],
      ['id', 'dark'],
    ] as const) {
      await app.host.call('settings:update', { language })
      await expect(appPage.locator('html')).toHaveAttribute('lang', language)
      for (const view of ['week', 'month', 'list'] as const) {
        await appPage.getByTestId(`planner-view-${view}`).click()
        await expect(appPage.getByTestId(`planner-${view}`)).toBeVisible()
        const failedEntry =
          view === 'list'
            ? appPage.getByTestId('planner-list-row').filter({ hasText: 'Promo jam tujuh' })
            : planner.entry('Promo jam tujuh')
        await expect(failedEntry.first()).toBeVisible()
        await expect(planner.failed.getByTestId('failed-disconnected').first()).toBeVisible()
        await shoot(view, language, audited)
      }
      await planner.failed
        .getByTestId('failed-post')
        .filter({ hasText: 'Promo jam tujuh' })
        .locator('.failed__title')
        .click()
      await expect(appPage.getByTestId('detail-disconnected')).toBeVisible()
      await shoot('detail', language, audited)
      await appPage.keyboard.press('Escape')
      await expect(appPage.getByTestId('post-detail')).toHaveCount(0)
    }
    expect(findings, JSON.stringify(findings, null, 2)).toEqual([])
  },
)

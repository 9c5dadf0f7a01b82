// Page object of the planner: the calendar, the composer, the outbox and the failed posts, found by test id
// and role as the planner's components expose them.
import { expect, type Locator, type Page } from '@playwright/test'
import { emptyScheduleRequest } from '../../../common/service'
import type { BrowserModeApp } from '../support/browser-mode'
import type { PageGlobals } from '../support/page-globals'

/** The browser's wall clock `days` from now at hours:minutes, as an instant: the planner shows the browser's zone. */
export async function localInstant(
  page: Page,
  days: number,
  hours: number,
  minutes: number,
): Promise<string> {
  return page.evaluate(
    ([n, h, m]) => {
      const d = new Date()
      d.setDate(d.getDate() + n!)
      d.setHours(h!, m!, 0, 0)
      return d.toISOString()
    },
    [days, hours, minutes],
  )
}

/** A draft of a connected account saved through the host, as the composer would. */
export async function saveDraft(
  app: Pick<BrowserModeApp, 'host'>,
  description: string,
  scheduleAt: string,
): Promise<void> {
  const accounts = await app.host.call('accounts:list', {})
  const accountId = accounts.value.find((a) => a.isConnected)!._id
  await app.host.call('drafts:save', {
    post: { ...emptyScheduleRequest(), description, accountId, scheduleAt },
    localMedia: [],
  })
}

/** The planner opened from the sidebar in `language`, on its month grid. */
export async function openPlannerIn(
  page: Page,
  app: BrowserModeApp,
  language: 'en' | 'id',
): Promise<PlannerPage> {
  await app.host.call('settings:update', { language })
  await expect(page.locator('html')).toHaveAttribute('lang', language)
  await page.locator('a[href="#/planner"]').first().click()
  await page.getByTestId('planner-month').waitFor()
  return new PlannerPage(page)
}

export class PlannerPage {
  readonly calendar: Locator
  readonly composer: Locator
  readonly outbox: Locator
  readonly failed: Locator

  constructor(readonly page: Page) {
    this.calendar = page.getByTestId('planner-month').or(page.getByTestId('planner-week'))
    this.composer = page.getByTestId('composer')
    this.outbox = page.getByTestId('planner-outbox')
    this.failed = page.getByTestId('planner-failed')
  }

  async open(): Promise<void> {
    await this.page.getByRole('link', { name: 'Planner' }).click()
    await this.page.getByTestId('planner-month').waitFor()
  }

  /**
   * Switches to a view and waits until its period's posts are read: the rows drawn at once (drafts, the last
   * period's posts) are not all of them, and a count taken before the read ends is out of date.
   */
  async showView(view: 'month' | 'week' | 'list'): Promise<void> {
    await this.page.getByTestId(`planner-view-${view}`).click()
    await expect(this.page.locator('.planner__calendar')).toHaveAttribute('aria-busy', 'false')
  }

  day(key: string): Locator {
    return this.page.locator(`[data-testid=planner-day][data-day="${key}"]`)
  }

  entry(text: string): Locator {
    return this.page.getByTestId('planner-entry').filter({ hasText: text })
  }

  async newPost(): Promise<void> {
    await this.page.getByTestId('planner-new').click()
    await this.composer.waitFor()
  }

  async chooseAccount(name: string): Promise<void> {
    await this.composer.getByText(name, { exact: true }).click()
  }

  /** Drops real files onto the composer's drop zone, as a drag from the desktop does. */
  async dropIntoComposer(files: Array<{ name: string; type: string; base64: string }>): Promise<void> {
    const zone = this.page.getByTestId('composer-drop')
    await zone.evaluate((element, specs) => {
      const page = globalThis as unknown as PageGlobals
      const transfer = new page.DataTransfer()
      for (const spec of specs) {
        const bytes = Uint8Array.from(atob(spec.base64), (c) => c.charCodeAt(0))
        transfer.items.add(new File([bytes], spec.name, { type: spec.type }))
      }
      for (const type of ['dragenter', 'dragover', 'drop']) {
        element.dispatchEvent(
          new page.DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true }) as Event,
        )
      }
    }, files)
  }

  async setTime(date: string, time: string): Promise<void> {
    await this.page.getByTestId('composer-date').fill(date)
    await this.page.getByTestId('composer-time').fill(time)
  }

  async goToMonthOf(date: string): Promise<void> {
    const target = date.slice(0, 7)
    for (let i = 0; i < 24; i++) {
      const days = await this.page
        .getByTestId('planner-day')
        .evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-day') ?? ''))
      if (days[15]?.startsWith(target)) return
      await this.page.getByTestId(days[15]! < target ? 'planner-next' : 'planner-prev').click()
    }
  }
}

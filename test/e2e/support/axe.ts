// The axe-core audit the e2e specs share (through @axe-core/playwright): the serious and critical violations
// of the page as painted, each rule with the first elements it found, so a failure points at its root.
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { animationsSettled } from './animations'

export interface Finding {
  where: string
  rule: string
  impact: string
  nodes: string[]
}

export async function audit(page: Page, where: string): Promise<Finding[]> {
  // Let refreshes under way end (they dim the rows they may replace), then transitions: axe measures colours as
  // painted, and a fading dialog or a dimmed row reads as low contrast. A region busy for good is audited as is.
  await page
    .waitForFunction(
      () =>
        !(
          globalThis as unknown as { document: { querySelector(s: string): unknown } }
        ).document.querySelector('[aria-busy="true"]'),
      null,
      {
        timeout: 15_000,
      },
    )
    .catch(() => undefined)
  await animationsSettled(page)
  const { violations } = await new AxeBuilder({ page }).analyze()
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      where,
      rule: v.id,
      impact: v.impact!,
      nodes: v.nodes
        .slice(0, 5)
        .map((n) => `${n.target.join(' ')} ${n.failureSummary?.split('\n')[1] ?? ''}`),
    }))
}

/** The same screen audited in the light theme and then the dark one (left in dark), each finding named by it. */
export async function auditInBothThemes(page: Page, where: string): Promise<Finding[]> {
  const findings: Finding[] = []
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    findings.push(...(await audit(page, `${where}, ${colorScheme}`)))
  }
  return findings
}

// The axe audit of a page as it is painted: axe-core (through @axe-core/playwright) after the page's finite
// animations ended, keeping only the serious and critical violations, each with the first elements it found, so a
// failure names the rule and where to fix it.
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
  // Let transitions end: axe measures colours as painted, and a fading dialog reads as low contrast.
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

// The composer offers a few best slots for all the chosen accounts together: each account's own best slots
// (main answers up to three), best first across accounts, one offer per moment.
import type { BestSlot } from '../../../common/insights'
import type { AccountBestSlots } from '../../../common/insights-calls'

export interface OfferedSlot extends BestSlot {
  accountId: string
}

export function bestOfAccounts(answers: readonly AccountBestSlots[], count: number): OfferedSlot[] {
  const all = answers
    .flatMap((a) => a.slots.map((s) => ({ ...s, accountId: a.accountId })))
    .sort((a, b) => b.score - a.score || a.at - b.at)
  const seen = new Set<number>()
  const out: OfferedSlot[] = []
  for (const slot of all) {
    if (seen.has(slot.at)) continue
    seen.add(slot.at)
    out.push(slot)
    if (out.length === count) break
  }
  return out
}

// A campaign's posts as one card on the calendar (common/campaigns.ts): the entries of its posts in the period
// are taken out and replaced by one, on the day and time of its earliest post. A campaign of which fewer than
// two posts are found (the others deleted elsewhere, or outside the period) leaves them as single posts.
import { SUMMED_STATUSES, summedStatusOf, sumStatuses, type Campaign } from '../../../common/campaigns'
import type { Draft } from '../../../common/drafts'
import type { CalendarEntry } from './calendar'

/** The calendar keys a campaign's member may appear under: its draft, and its post once the service has it. */
function keysOf(campaign: Campaign, draftsById: ReadonlyMap<string, Draft>): Map<string, string> {
  const keys = new Map<string, string>()
  for (const member of campaign.members) {
    if (member.draftId) keys.set(`draft:${member.draftId}`, member.accountId)
    const scheduleId = member.scheduleId ?? (member.draftId && draftsById.get(member.draftId)?.scheduleId)
    if (scheduleId) keys.set(`post:${scheduleId}`, member.accountId)
  }
  return keys
}

/** The status the card is coloured by: the one the summed status names first (a failure before all else). */
function leadingStatus(posts: readonly CalendarEntry[]): CalendarEntry['status'] {
  const rank = (entry: CalendarEntry) => SUMMED_STATUSES.indexOf(summedStatusOf(entry.status))
  return [...posts].sort((a, b) => rank(a) - rank(b))[0]!.status
}

export function groupCampaigns(
  entries: readonly CalendarEntry[],
  campaigns: readonly Campaign[],
  draftsById: ReadonlyMap<string, Draft>,
): CalendarEntry[] {
  const byKey = new Map(entries.map((entry) => [entry.key, entry]))
  const taken = new Set<string>()
  const cards: CalendarEntry[] = []
  for (const campaign of campaigns) {
    const keys = keysOf(campaign, draftsById)
    const found = new Map<string, CalendarEntry>()
    for (const [key, accountId] of keys) {
      const entry = byKey.get(key)
      if (entry && !taken.has(key) && !found.has(accountId)) found.set(accountId, entry)
    }
    if (found.size < 2) continue
    const posts = campaign.members.flatMap((m) => (found.has(m.accountId) ? [found.get(m.accountId)!] : []))
    for (const post of posts) taken.add(post.key)
    const earliest = [...posts].sort((a, b) => a.at.localeCompare(b.at))[0]!
    cards.push({
      key: `campaign:${campaign.id}`,
      source: 'campaign',
      id: campaign.id,
      status: leadingStatus(posts),
      at: earliest.at,
      title: earliest.title,
      text: posts.map((p) => p.text).join('\n'),
      accountId: earliest.accountId,
      movable: false,
      campaign: { accountIds: posts.map((p) => p.accountId), posts },
    })
  }
  return [...entries.filter((entry) => !taken.has(entry.key)), ...cards]
}

/** The summed status of a card's posts, for its label: [{ status: 'published', count: 2 }, …]. */
export function cardStatuses(card: CalendarEntry): ReturnType<typeof sumStatuses> {
  return sumStatuses((card.campaign?.posts ?? [card]).map((p) => p.status))
}
